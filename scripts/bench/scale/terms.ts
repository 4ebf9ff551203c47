/** The words the bench searches for, and the pages its release run edits, taken from the site's own pages. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { EDITED_PAGE } from "../build-figures";

/** A search word: prose words of six letters or more, as a reader would type them. */
const searchWords = (text: string): string[] => text.match(/\b[a-z]{6,}\b/g) ?? [];

/**
 * Searches a settled isolate has served before its measured run: words of the real site's other
 * pages, none of the measured ones, so that the measured searches still read their own pieces.
 */
export const SETTLING_SEARCHES = 80;

/** Prose words (6 letters or more) of the real site's pages other than the edited one, in path order, none of `exclude`. */
export async function otherSearchTerms(siteDir: string, exclude: string[], count: number): Promise<string[]> {
  const docs = path.join(siteDir, "content/docs");
  const files = (await readdir(docs, { recursive: true }))
    .filter((f) => /\.mdx?$/.test(f) && !f.split(path.sep).some((part) => part.startsWith("scale-")))
    .map((f) => path.join(docs, f))
    .filter((f) => f !== path.join(siteDir, EDITED_PAGE.file))
    .sort();
  const words = new Set<string>();
  const skip = new Set(exclude);
  for (const file of files) {
    for (const word of searchWords(await readFile(file, "utf8"))) if (!skip.has(word)) words.add(word);
    if (words.size >= count) break;
  }
  return [...words].slice(0, count);
}

/**
 * One-page releases in a row after the first, each of another page and with a word new to the site:
 * enough that the live search segments pass MAX_SEGMENTS (scripts/publish/search-store/) and
 * releases merge them, as a site's run of releases does. The budget is the largest.
 */
export const RELEASE_RUN = 12;

/** `count` pages spread over the site (none the edited one), as paths relative to the site: the release run's. */
export async function releasedPages(siteDir: string, count: number): Promise<string[]> {
  const files = (await readdir(path.join(siteDir, "content/docs"), { recursive: true }))
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join("content/docs", f).split(path.sep).join("/"))
    .filter((f) => f !== EDITED_PAGE.file)
    .sort();
  const stride = Math.max(1, Math.floor(files.length / count));
  return Array.from(
    { length: Math.min(count, files.length) },
    (_, i) => files[(i * stride + (stride >> 1)) % files.length]!,
  );
}

/** Search terms: prose words of the edited page, so each one finds something. */
export async function searchTerms(siteDir: string): Promise<string[]> {
  const text = await readFile(path.join(siteDir, EDITED_PAGE.file), "utf8");
  const words = [...new Set(searchWords(text))];
  return words.slice(0, 40);
}
