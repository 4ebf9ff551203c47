/**
 * Checks of what the pages say rather than which facts they cite: the network is described as it
 * runs today (the 2025 sequencer design only as history), and pages speak to the reader about the
 * network, never about the docs themselves, their sources or their tests.
 */
import { pagePath } from "./fences";
import { lineContexts } from "./page-context";

/** Terms of the 2025 design: DA-Sequencer, follower nodes, confirmations and settlement on Ethereum. */
const SEQUENCER_DESIGN =
  /\bDA[- ]Sequencers?\b|\bfollower nodes?\b|\bpost-?confirmations?\b|\bfast-?confirmations?\b|\bsuper ?blocks?\b|\bshared sequencers?\b|\bCelestia\b|\bsettle(?:s|d|ment)?\s+(?:on|to)\s+(?:Ethereum|L1)\b/i;
/** Words that put a sentence in the present: a verb form or a "now". */
const PRESENT =
  /\b(?:is|are|runs?|follows?|streams?|orders?|sequences|posts?|settles?|sends?|receives?|uses?|relies|rely|publishes|confirms?|today|currently|now)\b/i;
/**
 * Sentences that put the design in the past or deny it ("was", "no longer", "Movement L1 has no
 * DA-Sequencer") are fine even with a present-tense word in them.
 */
const PAST_OR_NEGATED =
  /\b(?:was|were|had|did|used to|no longer|formerly|previously|until|before|earlier|no|not|never|none)\b|n't\b/i;
/** A heading that marks its section as history. */
export const HISTORY_HEADING = /\bhistor(?:y|ical)\b/i;

const where = (page: string, line: number) => `${pagePath(page)}:${line + 1}`;

/** Prose of a page as paragraphs (table rows and list items each on their own), with their first line. */
function paragraphs(source: string): { line: number; text: string; headings: string[] }[] {
  const contexts = lineContexts(source);
  const out: { line: number; text: string; headings: string[] }[] = [];
  let open: { line: number; text: string; headings: string[] } | null = null;
  // The description is shown too (search results, cards, link previews), under the page's title.
  const title = contexts.find((c) => c.headings.length)?.headings.slice(0, 1) ?? [];
  source.split("\n").forEach((raw, i) => {
    const c = contexts[i]!;
    const line = raw.trim();
    if (c.frontmatter) {
      const description = /^description:\s*(.+)$/.exec(line)?.[1];
      if (description) out.push({ line: i, text: description, headings: title });
      return;
    }
    const blank = !line || c.code || c.comment || /^#{1,6}\s/.test(line) || /^<\/?[A-Z]/.test(line);
    if (blank || /^[|>*-]|^\d+\.\s/.test(line)) open = null;
    if (blank) return;
    if (open) open.text += ` ${line}`;
    else out.push((open = { line: i, text: line, headings: c.headings }));
  });
  return out;
}

/** (e) The 2025 sequencer design stated in the present tense outside a section titled as history. */
export function sequencerInPresentTense(page: string, source: string): string[] {
  const problems: string[] = [];
  for (const p of paragraphs(source)) {
    if (p.headings.some((h) => HISTORY_HEADING.test(h))) continue;
    for (const sentence of p.text.split(/(?<=[.!?])\s+/)) {
      const term = SEQUENCER_DESIGN.exec(sentence);
      if (term && PRESENT.test(sentence) && !PAST_OR_NEGATED.test(sentence))
        problems.push(
          `${where(page, p.line)}: "${term[0]}" in the present tense outside a history section: ${sentence.slice(0, 120)}`,
        );
    }
  }
  return problems;
}

/** Phrasings that talk about the docs, their sources or their tests instead of the network. */
export const SELF_REFERENCES = [
  "these docs",
  "this documentation",
  "the docs'",
  "docs' source",
  "docs' tests",
  "these pages",
  "this site's tests",
  "the site's tests",
  "our tests",
  "sources these",
  "pages are written from",
  "page is written from",
  "docs are written from",
  "when these pages were written",
  "when this page was written",
  "at the time of writing",
  "type-checked against the pinned",
  "type-checks against the pinned",
  "content/networks.yaml",
];

/** Each phrase where it starts a word: "four tests" does not hold "our tests". */
const SELF_REFERENCE_PATTERNS = SELF_REFERENCES.map(
  (phrase) => [phrase, new RegExp(`(?<![a-z0-9])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)] as const,
);

/** (f) Any of SELF_REFERENCES in what a reader sees (MDX comments, notes for authors, excepted). */
export function selfReferences(page: string, source: string): string[] {
  const contexts = lineContexts(source);
  const problems: string[] = [];
  source.split("\n").forEach((line, i) => {
    if (contexts[i]!.comment) return;
    const lower = line.toLowerCase();
    for (const [phrase, pattern] of SELF_REFERENCE_PATTERNS)
      if (pattern.test(lower)) problems.push(`${where(page, i)}: "${phrase}" speaks about the docs, not the network`);
  });
  return problems;
}
