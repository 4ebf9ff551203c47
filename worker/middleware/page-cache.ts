/**
 * The rendered-page cache (the Cache API), opened once per request before any KV read so the error
 * handler can serve a page's last good copy when KV fails. Failing to open it counts as the store
 * failing (503). `DISABLE_PAGE_CACHE=1` turns it off.
 */
import { createMiddleware } from "hono/factory";
import { ContentUnavailable } from "../content-store";
import { WORKER_VERSION } from "../code-version";
import type { CacheVars, Env } from "../env";
import { versionOfRequest } from "./content";

/**
 * The cache of a docs version's pages: a legacy version's routes are the current one's without the
 * prefix (worker/versions.ts), so each version keeps its rendered pages apart.
 */
const cacheName = (version: string | null) => (version ? `pages@${version}` : "pages");

export const pageCache = createMiddleware<{ Bindings: Env; Variables: CacheVars }>(async (c, next) => {
  if (c.env.DISABLE_PAGE_CACHE === "1") c.set("cache", null);
  else
    c.set(
      "cache",
      await caches.open(cacheName(versionOfRequest(c.req.raw))).catch((cause: unknown) => {
        throw new ContentUnavailable("the page cache could not be opened", { cause });
      }),
    );
  await next();
});

const CACHE_ORIGIN = "https://page-cache.internal";

/**
 * The cache keys of a route: under the build id and the worker's code version (a publish and a
 * deploy are each an implicit purge), and as its last good copy under this code version (a copy
 * rendered by older code may name client assets that are gone).
 */
export const cacheKeys = (buildId: string, route: string, codeVersion = WORKER_VERSION) => ({
  build: new Request(`${CACHE_ORIGIN}/build/${buildId}/${codeVersion}${route}`),
  last: new Request(`${CACHE_ORIGIN}/last/${codeVersion}${route}`),
});
