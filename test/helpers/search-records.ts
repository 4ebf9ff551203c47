/** A synthetic search corpus for tests of the index's pieces and how they are published. */
import { HIERARCHY_LEVELS, type SearchRecord } from "../../common/search";

export const SITE = "https://docs.example.test";

/** A deterministic word per number, spread over the alphabet ("word 0" → "baka", …). */
export function word(n: number): string {
  const letters = "bdfgklmnprstvz";
  const vowels = "aeiou";
  let out = "";
  let k = n;
  do {
    out += letters[k % letters.length]! + vowels[Math.floor(k / letters.length) % vowels.length]!;
    k = Math.floor(k / 70);
  } while (k > 0);
  return `${out}ka`;
}

/** `pages` pages of a title and `perPage` text records each, over a vocabulary of a few thousand words. */
export function records(pages: number, perPage: number): SearchRecord[] {
  const out: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const route = `${SITE}/page-${p}`;
    const title = `Page ${word(p)} ${word(p + 1000)}`;
    const base = {
      hierarchy: Object.fromEntries(HIERARCHY_LEVELS.map((l) => [l, null])) as unknown as SearchRecord["hierarchy"],
      url_without_anchor: route,
      language: "en" as const,
      docusaurus_tag: "docs-default-current" as const,
    };
    base.hierarchy.lvl0 = p % 2 ? "Learn" : "Build";
    base.hierarchy.lvl1 = title;
    out.push({
      ...base,
      objectID: `${p}-0`,
      type: "lvl1",
      content: null,
      url: route,
      anchor: null,
      weight: { pageRank: 0, level: 90, position: 0 },
    });
    for (let r = 1; r <= perPage; r++) {
      const text = Array.from({ length: 12 }, (_, i) => word((p * 31 + r * 7 + i * 13) % 3000)).join(" ");
      out.push({
        ...base,
        objectID: `${p}-${r}`,
        type: "content",
        content: text,
        url: route,
        anchor: null,
        weight: { pageRank: 0, level: 0, position: r },
      });
    }
  }
  return out;
}

/**
 * One more page whose text records list `count` words no other record holds (word(3000) on), 12 a
 * record: a vocabulary large enough for the lexicon to take more than one piece.
 */
export function glossary(count: number): SearchRecord[] {
  const [page, text] = records(1, 1).map((r) => ({
    ...r,
    url_without_anchor: `${SITE}/glossary`,
    url: `${SITE}/glossary`,
  }));
  const out: SearchRecord[] = [
    { ...page!, objectID: "glossary-0", hierarchy: { ...page!.hierarchy, lvl1: "Glossary" } },
  ];
  for (let r = 0; r * 12 < count; r++)
    out.push({
      ...text!,
      hierarchy: { ...text!.hierarchy, lvl1: "Glossary" },
      objectID: `glossary-${r + 1}`,
      content: Array.from({ length: Math.min(12, count - r * 12) }, (_, i) => word(3000 + r * 12 + i)).join(" "),
      weight: { ...text!.weight, position: r + 1 },
    });
  return out;
}
