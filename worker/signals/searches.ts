/**
 * Searches the worker answers itself, as signals: an API client's queries (the Algolia-compatible
 * endpoint, unless the request says it comes from the site's own modal, which reports its final
 * queries itself, or from the judged query set), a /search page's query, and an agent's
 * search_docs query. Each is one final query: its normalised text, version, hit count and source.
 */
import { normalizeQuery, SEARCH_CLIENT_HEADER, versionOfFacetFilters, type SearchSource } from "../../common/signals";
import type { SignalsRecorder } from "./recorder";

export interface AnsweredSearch {
  query: string;
  /** The facet filters it was asked with: they name the version (versionOfFacetFilters). */
  facetFilters?: unknown;
  nbHits: number;
}

/** Whether the endpoint records a request's queries: not when the site's modal or the eval sent it. */
export const recordsApiQueries = (headers: Headers): boolean => !headers.has(SEARCH_CLIENT_HEADER);

/** Records each distinct query of `searches` once, as `source`; empty ones are not queries. */
export function recordSearches(
  recorder: SignalsRecorder | null,
  source: Exclude<SearchSource, "modal">,
  searches: AnsweredSearch[],
): void {
  if (!recorder) return;
  const seen = new Set<string>();
  for (const s of searches) {
    const query = normalizeQuery(s.query);
    const version = versionOfFacetFilters(s.facetFilters);
    if (!query || seen.has(`${version} ${query}`)) continue;
    seen.add(`${version} ${query}`);
    recorder.search({ version, source, query, searches: 1, hits: s.nbHits, opened: 0 });
  }
}
