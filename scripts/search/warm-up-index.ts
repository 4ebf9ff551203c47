/**
 * The small search index the worker runs its search code over while an isolate starts
 * (worker/search/warm-up.ts), written to worker/search/warm-up-index.ts by
 * `npx tsx scripts/search/warm-up-index.ts`. It is made by the build's own code from a few records,
 * then published twice as `npm run publish` stores an index (the second time after a one-word edit),
 * so that the second publish's root names every kind of stored value a live index may: base pieces,
 * a segment, and a list of pieces in parts (small parts, as the index is small). A test keeps the
 * file equal to what this makes.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import {
  HIERARCHY_LEVELS,
  LEVEL_WEIGHT,
  type SearchRecord,
  type SearchRecordType,
  type Synonym,
} from "../../common/search";
import type { SearchRoot } from "../../common/search-index";
import { storeSearchIndex } from "../publish/search-store";
import { buildSearchIndex } from "./build-index";

export const WARM_UP_INDEX_FILE = "worker/search/warm-up-index.ts";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SITE = "https://warm-up.invalid";

/** One page's records: its title (with the page's description) and then [heading, paragraph] pairs. */
function page(section: string, slug: string, title: string, description: string, parts: [string, string][]) {
  const url = `${SITE}/${slug}`;
  /** The record at `position` of the page, under `heading` (null: the title). */
  const record = (position: number, type: SearchRecordType, heading: string | null, content: string | null) => {
    const anchor = heading && heading.toLowerCase().replace(/\W+/g, "-");
    const hierarchy = { ...Object.fromEntries(HIERARCHY_LEVELS.map((l) => [l, null])), lvl0: section, lvl1: title };
    return {
      url_without_anchor: url,
      language: "en",
      docusaurus_tag: "docs-default-current",
      url: anchor ? `${url}#${anchor}` : url,
      anchor,
      hierarchy: { ...hierarchy, lvl2: heading } as SearchRecord["hierarchy"],
      objectID: `${slug}-${position}`,
      type,
      content,
      weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position },
    } satisfies SearchRecord;
  };
  return [
    record(0, "lvl1", null, description),
    ...parts.flatMap(([heading, text], i) => [
      record(2 * i + 1, "lvl2", heading, null),
      record(2 * i + 2, "content", heading, text),
    ]),
  ];
}

export function warmUpRecords(): SearchRecord[] {
  return [
    ...page("Build", "install", "Install the command line", "Set up the command line tool and a profile.", [
      [
        "Configure a profile",
        "A profile names a network, an account and its private key, kept in a configuration folder.",
      ],
      ["Check the install", "Print the version to check that the shell finds the tool you installed."],
    ]),
    ...page("Build", "publish", "Publish a module", "Compile, test and publish a Move package.", [
      [
        "Compile and test",
        "Compiling checks every module of the package; tests run against a local copy of the chain.",
      ],
      [
        "Publish to testnet",
        "Publishing stores the compiled modules under your account address, and an upgrade keeps it.",
      ],
    ]),
    ...page("Learn", "fees", "Transaction fees", "What a transaction costs and who pays for it.", [
      [
        "Gas units & price",
        "Each transaction pays its gas units times the gas price it offers, in the native token (<u64> amounts).",
      ],
    ]),
  ];
}

const SYNONYMS: Synonym[] = [{ objectID: "cli", type: "synonym", synonyms: ["cli", "command line"] }];

/** The second publish's records: a word of one paragraph changed, as a one-page edit does. */
function edited(records: SearchRecord[]): SearchRecord[] {
  return records.map((r) =>
    r.objectID === "fees-2" ? { ...r, content: r.content!.replace("native token", "native coin") } : r,
  );
}

export interface WarmUpIndex {
  /** The root of the second publish: base pieces, a segment, and a list of pieces in parts. */
  root: SearchRoot;
  /** Stored values by digest: every one the root names. */
  blobs: Record<string, string>;
}

/** Parts of a few refs each: the index is small, and the warm-up runs the code that reads parts too. */
const SMALL_PARTS = { minBytes: 100, maxBytes: 200, everyNth: 1 };

export async function warmUpIndex(): Promise<WarmUpIndex> {
  const blobs = new Map<string, string>();
  const read = async (digest: string) => blobs.get(digest)!;
  const first = await storeSearchIndex(
    buildSearchIndex(warmUpRecords(), SITE, undefined, SYNONYMS),
    null,
    read,
    new Set(),
    { parts: SMALL_PARTS },
  );
  for (const [digest, value] of first.blobs) blobs.set(digest, value);
  const { stored, blobs: written } = await storeSearchIndex(
    buildSearchIndex(edited(warmUpRecords()), SITE, undefined, SYNONYMS),
    first.stored,
    read,
    first.stored.blobs,
    { parts: SMALL_PARTS },
  );
  for (const [digest, value] of written) blobs.set(digest, value);
  const { root } = stored;
  if (root.segments.length !== 1 || ![root.lexicon, root.shards, root.records, root.facets].some((l) => l.level > 0))
    throw new Error("the warm-up index's second publish stored no segment, or no list in parts: change its edit");
  return {
    root,
    blobs: Object.fromEntries(
      [...blobs].filter(([digest]) => stored.blobs.has(digest)).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  };
}

/** The module's text, formatted as the repository's Prettier settings format it. */
export async function warmUpIndexModule(): Promise<string> {
  const text = `/**
 * GENERATED by \`npx tsx scripts/search/warm-up-index.ts\` from the records in that file: do not edit.
 * The search index worker/search/warm-up.ts runs the search code over as an isolate starts.
 */
import type { SearchRoot } from "../../common/search-index";

export const WARM_UP_INDEX: { root: SearchRoot; blobs: Record<string, string> } = ${JSON.stringify(await warmUpIndex())};
`;
  const file = path.join(repoRoot, WARM_UP_INDEX_FILE);
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(repoRoot, WARM_UP_INDEX_FILE), await warmUpIndexModule());
  console.log(`wrote ${WARM_UP_INDEX_FILE}`);
}
