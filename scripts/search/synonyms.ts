/**
 * The site's search synonyms (content/search/synonyms.json, Algolia's format): validated at build,
 * stored with the embedded index and pushed to a hosted index by npm run search:push.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { foldTerm, queryTokens, type Synonym, type SynonymTable } from "../../common/search";
import { formatIssues } from "../../common/config/schema";

export const SYNONYMS_FILE = "content/search/synonyms.json";

const words = z.array(z.string().trim().min(1).max(64)).min(1).max(20);
const synonymSchema = z.array(
  z.discriminatedUnion("type", [
    z.strictObject({ objectID: z.string().min(1), type: z.literal("synonym"), synonyms: words.min(2) }),
    z.strictObject({
      objectID: z.string().min(1),
      type: z.literal("oneWaySynonym"),
      input: z.string().trim().min(1).max(64),
      synonyms: words,
    }),
  ]),
);

/**
 * The synonyms of a site (or of a docs version: `at`, its file and the name messages give it), or []
 * when it has no synonyms file; a malformed file is an error naming the entry.
 */
export async function loadSynonyms(
  root: string,
  at = { file: path.join(root, SYNONYMS_FILE), label: SYNONYMS_FILE },
): Promise<Synonym[]> {
  let text: string;
  try {
    text = await readFile(at.file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${at.label}: ${(e as Error).message}`, { cause: e });
  }
  const parsed = synonymSchema.safeParse(raw);
  if (!parsed.success) throw new Error(formatIssues(at.label, parsed.error));
  const ids = new Set<string>();
  for (const s of parsed.data) {
    if (ids.has(s.objectID)) throw new Error(`${at.label}: objectID "${s.objectID}" is used twice`);
    ids.add(s.objectID);
  }
  return parsed.data;
}

const phrase = (text: string) => queryTokens(text).map(foldTerm);

/**
 * The site's synonyms as a query looks them up: each phrase folded once, each pair kept once. The
 * build stores it in the search root (SearchRoot.synonymTable), so that an isolate's first search
 * does not fold every phrase.
 */
export function synonymTable(synonyms: Synonym[] | undefined): SynonymTable {
  const table: SynonymTable = new Map();
  const added = new Set<string>();
  const add = (key: string, to: string[], toKey: string) => {
    if (!key || to.length === 0 || key === toKey) return;
    // Folded words hold no newline: "key\nto" names the pair.
    const pair = `${key}\n${toKey}`;
    if (added.has(pair)) return;
    added.add(pair);
    const list = table.get(key);
    if (list) list.push(to);
    else table.set(key, [to]);
  };
  for (const s of synonyms ?? []) {
    const words = s.synonyms.map(phrase);
    const keys = words.map((w) => w.join(" "));
    if (s.type === "synonym") for (const a of keys) words.forEach((b, j) => add(a, b, keys[j]!));
    else {
      const input = phrase(s.input).join(" ");
      words.forEach((b, j) => add(input, b, keys[j]!));
    }
  }
  return table;
}
