/**
 * The /search page (path from the site configuration): runs the query on the server and renders
 * the results, so search works with JavaScript off. Status 200 whatever the query.
 */
import {
  CONTEXTUAL_FACET_FILTERS,
  HIERARCHY_LEVELS,
  HITS_PER_PAGE,
  capQuery,
  missingResultsHref,
  queryTokens,
  type SearchPageHit,
  type SearchPageView,
  type SearchRecord,
} from "../../common/search";
import { stripBase } from "../../common/base-url";
import { searchResultUrlProcessor } from "../../common/search-url";
import type { BuildManifest, ContentStore } from "../content-store";
import { log } from "../log";
import { renderSearch } from "../render";
import { highlight, snippet, type HighlightQuery } from "./highlight";
import { parseFacetFilters } from "./protocol";

const SNIPPET_WORDS = 30;

function toHit(record: SearchRecord, hq: HighlightQuery, href: string): SearchPageHit {
  const own = record.type === "content" ? null : record.type;
  const levels = HIERARCHY_LEVELS.filter((l) => record.hierarchy[l] !== null);
  // A text record is titled by the heading it sits under.
  const titleLevel = own ?? levels[levels.length - 1]!;
  const path = levels.slice(0, levels.indexOf(titleLevel)).map((l) => record.hierarchy[l]!);
  return {
    href,
    title: highlight(record.hierarchy[titleLevel] ?? "", hq).segments,
    path,
    snippet: record.content ? snippet(record.content, hq, SNIPPET_WORDS, "…").segments : null,
  };
}

/** Which docs version the page searched, and the same search in each other one (a site with several). */
function versionsSearched(manifest: BuildManifest, query: string): SearchPageView["version"] {
  if (manifest.versions.length < 2) return null;
  const path = manifest.config.search.searchPagePath;
  const others = manifest.versions
    .filter((v) => v.name !== manifest.version.name)
    .map((v) => ({
      name: v.name,
      label: v.label,
      href: `${v.prefix}${path}${query ? `?${new URLSearchParams({ q: query })}` : ""}`,
    }));
  return { label: manifest.version.label, others };
}

export async function renderSearchPage(
  store: ContentStore,
  buildId: string,
  manifest: BuildManifest,
  url: URL,
): Promise<{ body: ReadableStream<Uint8Array>; status: number; view: SearchPageView }> {
  const search = manifest.config.search;
  const typed = capQuery((url.searchParams.get("q") ?? "").trim());
  // Only punctuation or spaces: nothing to search for, so the prompt rather than every record.
  const query = queryTokens(typed).length ? typed : "";
  const requested = /^\d{1,4}$/.test(url.searchParams.get("page") ?? "")
    ? Math.max(1, Number(url.searchParams.get("page")))
    : 1;
  const view: SearchPageView = {
    query,
    page: 1,
    nbPages: 0,
    nbHits: 0,
    hits: [],
    searchPath: `/${search.searchPagePath}`,
    missingResultsUrl: search.missingResultsUrl ? missingResultsHref(search.missingResultsUrl, query) : null,
    unavailable: false,
    version: versionsSearched(manifest, query),
  };
  let status = 200;
  if (query) {
    try {
      // The index of the manifest's docs version; its records carry no prefix (the page's links get it: worker/versions.ts).
      const engine = await store.searchIndex(buildId, manifest);
      const facetFilters = search.contextualSearch ? parseFacetFilters(CONTEXTUAL_FACET_FILTERS) : [];
      // One hit per place (page and anchor), as in the modal.
      const asked = { query, hitsPerPage: HITS_PER_PAGE, facetFilters, distinct: 1 };
      let result = await engine.search({ ...asked, page: requested - 1 });
      // A page past the end (an old link, a hand-edited URL) shows the last page instead.
      if (result.hits.length === 0 && result.nbPages > 0)
        result = await engine.search({ ...asked, page: result.nbPages - 1 });
      const toHref = searchResultUrlProcessor(search);
      Object.assign(view, {
        page: result.page + 1,
        nbPages: result.nbPages,
        nbHits: result.nbHits,
        // Records hold URLs under the base; the page's links are base-free (worker/base-url.ts adds it).
        hits: result.hits.map((h) => {
          const href = toHref(h.record.url);
          return toHit(h.record, h.highlight, stripBase(manifest.config.baseUrl, href) ?? href);
        }),
      });
    } catch (e) {
      log.error("search_index_unavailable", { error: e });
      view.unavailable = true;
      status = 503;
    }
  }
  // Asked for in no version (no prefix, no ?version=): the browser may show the reader's preferred one.
  const neutral = manifest.version.status === "current" && !url.searchParams.has("version");
  return { body: await renderSearch(view, manifest, neutral), status, view };
}
