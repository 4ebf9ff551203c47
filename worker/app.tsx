/**
 * The Hono app: URL normalisation, content lookup, cached SSR, error pages. Routing order:
 * clean URL → channel pointer → manifest → redirects → route match → cache → page → render.
 */
import { Hono, type Context } from "hono";
import type { Manifest } from "../client/contracts/page";
import { serveContentAsset } from "./content-assets";
import { ContentStore } from "./content-store";
import type { AppEnv } from "./env";
import { securityHeaders } from "./headers";
import { cleanPath, matchRoute, withQuery } from "./normalize";
import { renderCrash, renderDocPage, renderNotFound } from "./render";

export const app = new Hono<AppEnv>();

const HTML = "text/html; charset=utf-8";
const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

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
  const headers = new Headers({ "Content-Type": HTML, ...(await securityHeaders(assistantOrigin(manifest))), ...extra });
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

app.on(["GET", "HEAD"], "/_assets/:name", (c) => serveContentAsset(c, c.req.param("name")));

app.on(["GET", "HEAD"], "*", async (c) => {
  const url = new URL(c.req.url);
  const path = cleanPath(url.pathname);
  const readablePath = safeDecode(path);
  if (path !== url.pathname) return redirect(withQuery(path, url.search));

  const store = new ContentStore(c.env.CONTENT, c.env.CONTENT_CHANNEL || "production");
  let manifest: Manifest | null = null;
  try {
    const buildId = await store.liveBuildId();
    manifest = await store.manifest(buildId);

    const redirectTo = manifest.redirects[path];
    if (redirectTo) return redirect(redirectTo);
    const match = matchRoute(path, manifest.routes);
    if (match.kind === "redirect") return redirect(withQuery(match.to, url.search));
    if (match.kind === "missing") {
      return htmlResponse(c, await renderNotFound(readablePath, manifest), 404, manifest, { "Cache-Control": "no-store" });
    }

    const etag = `"${buildId}"`;
    if (c.req.header("If-None-Match") === etag) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL } });
    }
    const cacheKey = new Request(`https://page-cache.internal/${buildId}${match.route}`);
    const cache = c.env.DISABLE_PAGE_CACHE === "1" ? null : await caches.open("pages");
    const cached = await cache?.match(cacheKey);
    if (cached) return htmlResponse(c, cached.body, 200, manifest, { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL, "X-Cache": "HIT" });

    const page = await store.page(buildId, match.route);
    if (!page) throw new Error(`build ${buildId} lists ${match.route} but has no page record for it`);
    const body = await renderDocPage(page, manifest);
    if (!cache) return htmlResponse(c, body, 200, manifest, { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL, "X-Cache": "BYPASS" });
    const [forClient, forCache] = body.tee();
    c.executionCtx.waitUntil(
      cache.put(cacheKey, new Response(forCache, { headers: { "Content-Type": HTML, "Cache-Control": "public, max-age=86400" } })),
    );
    return htmlResponse(c, forClient, 200, manifest, { ETag: etag, "Cache-Control": PAGE_CACHE_CONTROL, "X-Cache": "MISS" });
  } catch (error) {
    console.error(`rendering ${path} failed:`, error);
    const status = manifest ? 500 : 503;
    try {
      return await htmlResponse(c, await renderCrash(path, manifest?.config ?? null), status, manifest, {
        "Cache-Control": "no-store",
        ...(status === 503 ? { "Retry-After": "10" } : {}),
      });
    } catch (second) {
      console.error("the crash page failed too:", second);
      return new Response("This page crashed. Try again.", { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
});

app.all("*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));
