/**
 * The Hono app: URL normalisation, content lookup, cached SSR, error pages. Routing order:
 * clean URL → channel pointer → manifest → redirects → search page → files → route match → cache
 * → page → render. When KV fails, the last rendered copy of the page is served if there is one.
 */
import { Hono, type Context } from "hono";
import type { Manifest } from "../client/contracts/page";
import { serveContentAsset } from "./content-assets";
import { ContentStore } from "./content-store";
import { drainBody } from "./drain-body";
import type { AppEnv } from "./env";
import { filePathFor, serveFile } from "./files";
import { securityHeaders } from "./headers";
import { logFailure } from "./log";
import { cleanPath, matchRoute, withQuery } from "./normalize";
import { renderCrash, renderDocPage, renderNotFound } from "./render";
import { renderSearchPage, searchApi } from "./search";

export const app = new Hono<AppEnv>();

const HTML = "text/html; charset=utf-8";
/** Browsers revalidate (ETag, cheap 304s); shared caches may keep a page a minute and serve it stale while refreshing. */
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const CACHE_ORIGIN = "https://page-cache.internal";

function assistantOrigin(manifest: Manifest | null): string | null {
  const a = manifest?.config.assistant;
  return a?.enabled && a.scriptUrl ? new URL(a.scriptUrl).origin : null;
}

async function htmlResponse(
  c: Context<AppEnv>,
  body: ReadableStream<Uint8Array> | null,
  status: number,
  manifest: Manifest | null,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers({
    "Content-Type": HTML,
    ...(await securityHeaders(assistantOrigin(manifest))),
    ...extra,
  });
  return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
}

/** The path as a reader typed it, for messages (React escapes it when rendering). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function redirect(to: string): Response {
  return new Response(null, { status: 301, headers: { Location: to, "Cache-Control": "public, max-age=3600" } });
}

/** The page cache: under the build id (a publish is an implicit purge) and as the route's last good copy. */
const cacheKeys = (buildId: string, route: string) => ({
  build: new Request(`${CACHE_ORIGIN}/build/${buildId}${route}`),
  last: new Request(`${CACHE_ORIGIN}/last${route}`),
});

app.use(drainBody);
app.on(["GET", "HEAD"], "/_assets/:name", (c) => serveContentAsset(c, c.req.param("name")));
app.route("/", searchApi);

app.on(["GET", "HEAD"], "*", async (c) => {
  const url = new URL(c.req.url);
  const path = cleanPath(url.pathname);
  if (path !== url.pathname) return redirect(withQuery(path, url.search));

  const store = new ContentStore(c.env.CONTENT, c.env.CONTENT_CHANNEL || "production");
  const cache = c.env.DISABLE_PAGE_CACHE === "1" ? null : await caches.open("pages");
  let manifest: Manifest | null = null;
  let buildId: string | null = null;
  let rendering = false;
  try {
    buildId = await store.liveBuildId();
    manifest = await store.manifest(buildId);

    const redirectTo = manifest.redirects[path];
    if (redirectTo) return redirect(redirectTo);
    if (path.replace(/\/$/, "") === `/${manifest.config.search.searchPagePath}`) {
      const { body, status } = await renderSearchPage(store, buildId, manifest, url);
      return htmlResponse(c, body, status, manifest, { "Cache-Control": "no-store" });
    }
    const filePath = filePathFor(path, c.req.header("Accept"), manifest);
    if (filePath) {
      const file = await serveFile(store, manifest, filePath, c.req.method);
      if (file) return file;
    }
    const match = matchRoute(path, manifest.routes);
    if (match.kind === "redirect") return redirect(withQuery(match.to, url.search));
    if (match.kind === "missing") {
      return htmlResponse(c, await renderNotFound(safeDecode(path), manifest), 404, manifest, {
        "Cache-Control": "no-store",
      });
    }

    const etag = `"${buildId}"`;
    if (c.req.header("If-None-Match") === etag) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL } });
    }
    const keys = cacheKeys(buildId, match.route);
    const cached = await cache?.match(keys.build);
    if (cached)
      return htmlResponse(c, cached.body, 200, manifest, {
        ETag: etag,
        "Cache-Control": PAGE_CACHE_CONTROL,
        "X-Cache": "HIT",
      });

    const page = await store.page(manifest, match.route);
    if (!page) throw new Error(`build ${buildId} lists ${match.route} but has no page record for it`);
    rendering = true;
    const body = await renderDocPage(page, manifest);
    if (!cache)
      return htmlResponse(c, body, 200, manifest, {
        ETag: etag,
        "Cache-Control": PAGE_CACHE_CONTROL,
        "X-Cache": "BYPASS",
      });
    const [forClient, forCache] = body.tee();
    c.executionCtx.waitUntil(
      new Response(forCache).text().then((html) => {
        const stored = () =>
          new Response(html, { headers: { "Content-Type": HTML, "Cache-Control": "public, max-age=86400" } });
        return Promise.all([cache.put(keys.build, stored()), cache.put(keys.last, stored())]);
      }),
    );
    return htmlResponse(c, forClient, 200, manifest, {
      ETag: etag,
      "Cache-Control": PAGE_CACHE_CONTROL,
      "X-Cache": "MISS",
    });
  } catch (error) {
    const kvDown = manifest === null;
    logFailure(rendering ? "render_failed" : "content_unavailable", {
      path,
      buildId,
      channel: c.env.CONTENT_CHANNEL,
      error,
    });
    if (!rendering) {
      // KV is down, slow or inconsistent: the last rendered copy of this page beats an error.
      const stale = await cache?.match(cacheKeys("", path).last).catch(() => undefined);
      if (stale) return htmlResponse(c, stale.body, 200, null, { "Cache-Control": "no-store", "X-Cache": "STALE" });
    }
    const status = kvDown ? 503 : 500;
    try {
      return await htmlResponse(c, await renderCrash(path, manifest?.config ?? null), status, manifest, {
        "Cache-Control": "no-store",
        ...(status === 503 ? { "Retry-After": "10" } : {}),
      });
    } catch (second) {
      logFailure("crash_page_failed", { path, error: second });
      return new Response("This page crashed. Try again.", {
        status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  }
});

app.all("*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));
