/**
 * Stage "search": the search records (DocSearch shape, what Algolia gets), pages in route order
 * with boilerplate dropped, and the embedded index over them (what KV gets). With a state file
 * (in the build cache), the index is an update of what the last build there kept
 * (scripts/search/update-index.ts), and what this one made is kept for the next.
 */
import path from "node:path";
import type { SearchRecord, Synonym } from "../../../common/search";
import { buildSearchIndexKept, type SearchIndexBuild, type Tokens } from "../../search/build-index";
import { readState, writeState, type KnownPages } from "../../search/index-state";
import { withoutBoilerplate } from "../../search/records";
import { updateSearchIndex } from "../../search/update-index";
import { cacheWriteFailed } from "../disk-cache";
import type { KeptPage } from "../page-pass";

export interface SiteSearch {
  records: SearchRecord[];
  index: SearchIndexBuild;
  /** Whether the index was an update of a kept state, not made from every record. */
  updated: boolean;
}

/** `tokens`: a text's index tokens, kept by a caller that indexes again and again (npm run dev). */
export function searchIndex(
  pages: KeptPage[],
  siteUrl: string,
  synonyms: Synonym[],
  tokens?: Tokens,
  stateFile?: string,
): SiteSearch {
  const sorted = [...pages].sort((a, b) => a.route.localeCompare(b.route));
  const records = withoutBoilerplate(sorted.flatMap((p) => p.records));
  if (!stateFile)
    return { records, index: buildSearchIndexKept(records, siteUrl, synonyms, { tokens }).index, updated: false };
  const known = knownPages(sorted);
  const kept = readState(stateFile);
  const update = kept && updateSearchIndex(records, siteUrl, synonyms, kept, known);
  const { index, state } = update ?? buildSearchIndexKept(records, siteUrl, synonyms, { tokens, keep: true, known });
  const failed = state && writeState(stateFile, state);
  // The next build makes the index whole, no less right.
  if (failed) cacheWriteFailed(path.dirname(stateFile), failed);
  return { records, index, updated: Boolean(update) };
}

/** The pages' record digests, when each page's records, and only its records, carry its address. */
function knownPages(pages: KeptPage[]): KnownPages | undefined {
  const digests = new Map<string, string>();
  const places = new Map<SearchRecord, number>();
  for (const page of pages) {
    const url = page.records[0]?.url_without_anchor;
    if (url === undefined) continue;
    if (!page.recordsDigest || digests.has(url) || page.records.some((r) => r.url_without_anchor !== url)) return;
    digests.set(url, page.recordsDigest);
    page.records.forEach((r, i) => places.set(r, i));
  }
  return { digest: (url) => digests.get(url), place: (r) => places.get(r) };
}
