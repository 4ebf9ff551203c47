/**
 * The pages describe the network as it runs today, Movement L1, with the 2025 sequencer design
 * only in sections titled as history; and they speak to the reader about the network, never about
 * the docs, their sources or their tests. Each check is proved by planting the wrong text into a
 * copy of a real page.
 */
import { describe, expect, it } from "vitest";
import { DOCS_VERSIONS, pageFiles, readPage } from "./fences";
import { selfReferences, SELF_REFERENCES, sequencerInPresentTense } from "./wording";

const PAGE = "devs/fullnode.mdx";
/** Inserts `text` as a paragraph right after the first line that starts with `after`. */
function plant(source: string, after: string, text: string): string {
  const at = source.indexOf(`\n${after}`);
  if (at < 0) throw new Error(`no line starting with ${after}`);
  const end = source.indexOf("\n", at + 1);
  return `${source.slice(0, end)}\n\n${text}\n${source.slice(end)}`;
}

describe("the 2025 sequencer design", () => {
  // The 2025 docs version describes the network as it ran then: the check is the current version's.
  it("is stated in the present tense on no page of the current version outside a history section", () => {
    const problems = pageFiles().flatMap((p) => sequencerInPresentTense(p, readPage(p)));
    expect(problems).toEqual([]);
  });

  it("is reported when a present-tense sentence is planted outside history, and only then (mutation)", () => {
    const source = readPage(PAGE);
    expect(sequencerInPresentTense(PAGE, source)).toEqual([]);
    const sentence = "Full nodes follow the DA-Sequencer, which orders every transaction.";
    const planted = plant(source, "## How a public full node follows the chain", sentence);
    expect(sequencerInPresentTense(PAGE, planted)).toEqual([
      expect.stringMatching(/^content\/docs\/devs\/fullnode\.mdx:\d+: "DA-Sequencer" in the present tense/),
    ]);
    // The same sentence in the section titled as history, or put in the past tense, is fine.
    expect(sequencerInPresentTense(PAGE, plant(source, "## History: full nodes before Movement L1", sentence))).toEqual(
      [],
    );
    const past = "Full nodes followed the DA-Sequencer, which ordered every transaction.";
    expect(sequencerInPresentTense(PAGE, plant(source, "## How a public full node follows the chain", past))).toEqual(
      [],
    );
  });

  it("is reported in the description and in table rows too (mutation)", () => {
    const source = readPage(PAGE);
    const description = source.replace(
      /^description: /m,
      "description: Full nodes receive blocks from the DA-Sequencer. ",
    );
    expect(sequencerInPresentTense(PAGE, description)).toHaveLength(1);
    const row = source.replace(
      "| `8080` | REST API",
      "| `30731` | Postconfirmations are posted to Ethereum here |\n| `8080` | REST API",
    );
    expect(sequencerInPresentTense(PAGE, row)).toHaveLength(1);
  });
});

describe("sentences about the docs themselves", () => {
  it.each(DOCS_VERSIONS.map((v) => [v.name, v] as const))("appear on no page of version %s", (_, version) => {
    const pages = pageFiles(version);
    expect(pages.length).toBeGreaterThan(20);
    const problems = pages.flatMap((p) => selfReferences(p, readPage(p)));
    expect(problems).toEqual([]);
  });

  it("are each reported when planted into a page, but not in an MDX comment (mutation)", () => {
    const source = readPage(PAGE);
    expect(selfReferences(PAGE, source)).toEqual([]);
    for (const phrase of SELF_REFERENCES) {
      const planted = plant(source, "## Troubleshooting", `As ${phrase} explain, restart the node.`);
      expect(selfReferences(PAGE, planted), phrase).toContainEqual(expect.stringContaining(`"${phrase}"`));
      const note = plant(source, "## Troubleshooting", `{/* As ${phrase} explain, restart the node. */}`);
      expect(selfReferences(PAGE, note), phrase).toEqual([]);
    }
    // Only where the phrase starts a word.
    expect(selfReferences(PAGE, plant(source, "## Troubleshooting", "All four tests should pass."))).toEqual([]);
  });
});
