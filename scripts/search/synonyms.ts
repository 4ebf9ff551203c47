/**
 * The site's search synonyms (content/search/synonyms.json, Algolia's format): validated at build,
 * stored with the embedded index and pushed to a hosted index by npm run search:push.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Synonym } from "../../common/search";
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
