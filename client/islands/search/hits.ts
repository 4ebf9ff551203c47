/**
 * How the modal shows hits (pure, unit-tested): results are grouped by page ("Learn › Faucets",
 * at most 5 per group) rather than by DocSearch's lvl0 alone, and every URL goes through the
 * site's search-result URL processor.
 */
import type { DocSearchHit } from "@docsearch/react";

/** The group a hit is listed under: its section and page. Plain text (DocSearch renders it as text). */
export function groupTitle(hit: Pick<DocSearchHit, "hierarchy">): string {
  const { lvl0, lvl1 } = hit.hierarchy;
  return lvl0 && lvl1 && lvl1 !== lvl0 ? `${lvl0} › ${lvl1}` : lvl1 || lvl0 || "";
}

/**
 * DocSearch groups hits by `_highlightResult.hierarchy.lvl0`; pointing that at the page makes the
 * groups pages. The records (and an Algolia index built from them) keep lvl0 as the section.
 */
export function regroupByPage<T extends Partial<DocSearchHit>>(hit: T): T {
  if (!hit.hierarchy || !hit._highlightResult?.hierarchy) return hit;
  const title = groupTitle(hit as Pick<DocSearchHit, "hierarchy">);
  return {
    ...hit,
    _highlightResult: {
      ...hit._highlightResult,
      hierarchy: { ...hit._highlightResult.hierarchy, lvl0: { value: title, matchLevel: "none", matchedWords: [] } },
    },
  };
}

/** Rewrites the URLs of hits (DocSearch's transformItems). */
export function withProcessedUrls<T extends { url: string }>(items: T[], toHref: (url: string) => string): T[] {
  return items.map((item) => ({ ...item, url: toHref(item.url) }));
}

/** The 'See all {count} results' link. */
export function searchPageHref(searchPath: string, query: string, toHref: (url: string) => string): string {
  return `${toHref(searchPath)}?${new URLSearchParams({ q: query })}`;
}
