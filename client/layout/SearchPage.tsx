/**
 * The /search page, rendered on the server so it works with JavaScript off: the query in a search
 * box, the result count, 20 results per page with highlighted snippets, and page links. React
 * escapes every piece of text, the query included; matches are <mark> elements, not HTML strings.
 */
import type { HighlightSegment, SearchPageView } from "../../common/search";
import { HITS_PER_PAGE, MAX_QUERY_LENGTH } from "../../common/search";

function Marked({ segments }: { segments: HighlightSegment[] }) {
  return <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

function pageHref(view: SearchPageView, page: number): string {
  const params = new URLSearchParams({ q: view.query });
  if (page > 1) params.set("page", String(page));
  return `${view.searchPath}?${params}`;
}

function Pagination({ view }: { view: SearchPageView }) {
  if (view.nbPages <= 1) return null;
  const first = Math.max(1, Math.min(view.page - 4, view.nbPages - 9));
  const pages = Array.from({ length: Math.min(10, view.nbPages) }, (_, i) => first + i);
  return (
    <nav className="search-pagination" aria-label="Search result pages">
      {view.page > 1 ? (
        <a href={pageHref(view, view.page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      {pages.map((p) =>
        p === view.page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={pageHref(view, p)}>
            {p}
          </a>
        ),
      )}
      {view.page < view.nbPages ? (
        <a href={pageHref(view, view.page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}

function NoResults({ view }: { view: SearchPageView }) {
  return (
    <div className="search-empty">
      <p className="search-empty-title">
        No results for “<strong>{view.query}</strong>”
      </p>
      {view.missingResultsUrl ? (
        <p>
          Believe this query should return results?{" "}
          <a href={view.missingResultsUrl} rel="noopener noreferrer" target="_blank">
            Let us know.
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** `neutral`: the page was asked for in no docs version; the form carries the one the browser shows (boot/versions.client.ts). */
export function SearchPage({ view, neutral = false }: { view: SearchPageView; neutral?: boolean }) {
  const from = (view.page - 1) * HITS_PER_PAGE + 1;
  return (
    <main id="main" className="search-page" tabIndex={-1}>
      <h1>Search</h1>
      <form
        className="search-page-form"
        action={view.searchPath}
        method="get"
        role="search"
        aria-label="Search the docs"
      >
        {neutral ? <input type="hidden" name="version" value="current" data-version-input="" /> : null}
        <input
          type="search"
          name="q"
          defaultValue={view.query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search docs"
          aria-label="Search docs"
          autoComplete="off"
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {view.version ? (
        <p className="search-version" data-search-version="">
          {`Searched the ${view.version.label} docs.`}
          {view.version.others.map((o) => (
            <span key={o.name}>
              {" "}
              <a href={o.href} data-version={o.name}>
                {`Search the ${o.label} docs`}
              </a>
              .
            </span>
          ))}
        </p>
      ) : null}
      {view.unavailable ? (
        <div className="search-empty" role="alert">
          <p className="search-empty-title">Unable to fetch results</p>
          <p>You might want to check your network connection.</p>
        </div>
      ) : view.query === "" ? (
        <p className="search-prompt">
          Type what you are looking for: a topic, a command, an API operation or a parameter name.
        </p>
      ) : view.nbHits === 0 ? (
        <NoResults view={view} />
      ) : (
        <>
          <p className="search-count" role="status">
            {`${view.nbHits === 1 ? "1 result" : `${view.nbHits} results`} for “${view.query}”${view.nbPages > 1 ? ` (page ${view.page} of ${view.nbPages})` : ""}`}
          </p>
          {/* The query a click on a result reports as opened (client/boot/search-signals.client.ts). */}
          <ol className="search-results" start={from} data-signal-query={view.query}>
            {view.hits.map((hit, i) => (
              <li key={`${hit.href}-${i}`} className="search-result">
                <a className="search-result-title" href={hit.href}>
                  <Marked segments={hit.title} />
                </a>
                {hit.path.length ? <p className="search-result-path">{hit.path.join(" › ")}</p> : null}
                {hit.snippet ? (
                  <p className="search-result-snippet">
                    <Marked segments={hit.snippet} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <Pagination view={view} />
        </>
      )}
    </main>
  );
}
