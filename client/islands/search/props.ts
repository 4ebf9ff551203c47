/** The props the navbar serialises into the SearchModal island's marker (from the site configuration). */
import type { SearchConfig } from "../../../common/site-config";

export type SearchModalProps = Pick<
  SearchConfig,
  | "provider"
  | "appId"
  | "apiKey"
  | "indexName"
  | "contextualSearch"
  | "externalUrlRegex"
  | "replaceSearchResultPathname"
  | "missingResultsUrl"
> & {
  /** The search page, e.g. /search ('See all results' and the no-JavaScript form lead there). */
  searchPath: string;
};

export function searchModalProps(search: SearchConfig): SearchModalProps {
  return {
    provider: search.provider,
    appId: search.appId,
    apiKey: search.apiKey,
    indexName: search.indexName,
    contextualSearch: search.contextualSearch,
    ...(search.externalUrlRegex ? { externalUrlRegex: search.externalUrlRegex } : {}),
    ...(search.replaceSearchResultPathname ? { replaceSearchResultPathname: search.replaceSearchResultPathname } : {}),
    missingResultsUrl: search.missingResultsUrl,
    searchPath: `/${search.searchPagePath}`,
  };
}
