/**
 * The server-rendered search page at the configured path (`search.searchPagePath`), never cached.
 * Its query, when it is one (the first page of results), is a signal (worker/signals).
 */
import { createMiddleware } from "hono/factory";
import { contextualFacetFilters } from "../../common/search";
import type { PageEnv } from "../env";
import { renderSearchPage } from "../search";
import { deferOf, recorderFor } from "../signals/recording";
import { recordSearches } from "../signals/searches";
import { html } from "./responses";

export const searchPage = createMiddleware<PageEnv>(async (c, next) => {
  const { manifest, path } = c.var;
  if (path.replace(/\/$/, "") !== `/${manifest.config.search.searchPagePath}`) return next();
  const url = new URL(c.req.url);
  const { body, status, view } = await renderSearchPage(c.var.store, c.var.buildId, manifest, url);
  // A later page of the same results (asked for, whatever page is shown) is the same search, already counted.
  const later = (url.searchParams.get("page") ?? "1") !== "1";
  if (status === 200 && view.query && !later && c.req.method === "GET") {
    // The docs version searched names the signal's version.
    const facetFilters = manifest.config.search.contextualSearch ? contextualFacetFilters(manifest.version.name) : [];
    const recorder = recorderFor(c.env, deferOf(c), c.req.raw.headers, manifest.config);
    recordSearches(recorder, "page", [{ query: view.query, facetFilters, nbHits: view.nbHits }]);
  }
  const retry: Record<string, string> = status === 503 ? { "Retry-After": "10" } : {};
  return html(c, body, status, { "Cache-Control": "no-store", ...retry });
});
