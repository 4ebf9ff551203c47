/**
 * Deterministic large record sets for measuring the search index at scale: copies of a build's
 * records, each copy under its own route prefix with a word of its own in every title and text, so
 * the vocabulary and the postings grow with the copies as a real site's would.
 */
import type { SearchRecord } from "../../../common/search";

/** A pronounceable word per copy number ("bakoti"): distinct for every n, stable across runs. */
export function copyWord(n: number): string {
  const consonants = "bdfgklmnprstvz";
  const vowels = "aeiou";
  let word = "";
  let k = n + 1;
  while (k > 0) {
    word += consonants[k % consonants.length]! + vowels[Math.floor(k / consonants.length) % vowels.length]!;
    k = Math.floor(k / (consonants.length * vowels.length));
  }
  return `${word}x`;
}

/** The records of about `pages` pages, made from `base` (the records of `basePages` pages). */
export function syntheticRecords(base: SearchRecord[], basePages: number, pages: number): SearchRecord[] {
  const copies = Math.max(1, Math.round(pages / basePages));
  const out: SearchRecord[] = [];
  for (let c = 0; c < copies; c++) {
    if (c === 0) {
      out.push(...base);
      continue;
    }
    const word = copyWord(c);
    for (const r of base) {
      const url = r.url.replace(/^(https?:\/\/[^/]+)/, `$1/${word}`);
      const lvl1 = `${r.hierarchy.lvl1} ${word}`;
      out.push({
        ...r,
        objectID: `${r.objectID}-${c}`,
        hierarchy: { ...r.hierarchy, lvl1 },
        content: r.content === null ? null : `${r.content} ${word}`,
        url,
        url_without_anchor: r.url_without_anchor.replace(/^(https?:\/\/[^/]+)/, `$1/${word}`),
      });
    }
  }
  return out;
}
