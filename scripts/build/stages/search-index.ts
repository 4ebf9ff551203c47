/**
 * Stage "search": the search records (DocSearch shape, what Algolia gets), pages in route order
 * with boilerplate dropped, and the embedded index over them (what KV gets).
 */
import type { SearchRecord, Synonym } from "../../../common/search";
import { buildSearchIndex, type SearchIndexBuild } from "../../search/build-index";
import { withoutBoilerplate } from "../../search/records";
import type { KeptPage } from "../page-pass";

export interface SiteSearch {
  records: SearchRecord[];
  index: SearchIndexBuild;
}

/** `tokens`: a text's index tokens, kept by a caller that indexes again and again (npm run dev). */
export function searchIndex(
  pages: KeptPage[],
  siteUrl: string,
  synonyms: Synonym[],
  tokens?: Parameters<typeof buildSearchIndex>[2],
): SiteSearch {
  const records = withoutBoilerplate(
    [...pages].sort((a, b) => a.route.localeCompare(b.route)).flatMap((p) => p.records),
  );
  return { records, index: buildSearchIndex(records, siteUrl, tokens, synonyms) };
}
