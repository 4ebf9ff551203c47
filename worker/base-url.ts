/**
 * The site at its base URL (site.yaml `baseUrl`, read from the live build's manifest). With the
 * default "/" every request goes to the site as it is. Under a prefix such as "/docs/": "/" (and
 * "/docs") answer 301 to "/docs/"; a path outside the prefix gets the 404 page; a path inside it
 * reaches the site with the prefix stripped (routes, page records and the page cache never carry
 * it), hashed client files come from Workers Static Assets, and the prefix is added to what goes
 * out: a root-relative `Location`, and every root-relative `href`, `src` and `action` of an HTML
 * document (HTMLRewriter, streamed). When KV fails, the base of the last build this isolate read
 * applies and the site answers (from the page cache's last good copy, or the crash page). Inside
 * the base, a legacy docs version's prefix is taken off and put back the same way (worker/versions.ts).
 */
import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { stripBase, withBase } from "../common/base-url";
import { ContentUnavailable } from "./content-store";
import { forwardStore } from "./middleware/content";
import type { AppEnv, BuildVars, Env, StoreVars } from "./env";
import { withQuery } from "./normalize";
import { renderNotFound, renderTooLong } from "./render";
import { html, redirect, safeDecode } from "./routes/responses";
import { fetchInVersion } from "./versions";

type MountEnv = { Bindings: Env; Variables: StoreVars & Partial<BuildVars> };

/** The base URL of the last build this isolate read: used when KV fails, so the site still serves the page cache's last good copy. */
let lastBase = "/";

/** Sets `buildId` and `manifest` and gives the live build's base URL; when the store is unavailable, the last one seen. */
async function baseOf(c: Context<MountEnv>): Promise<string> {
  try {
    const buildId = await c.var.store.liveBuildId();
    const manifest = await c.var.store.manifest(buildId);
    c.set("buildId", buildId);
    c.set("manifest", manifest);
    return (lastBase = manifest.config.baseUrl);
  } catch (e) {
    if (e instanceof ContentUnavailable) return lastBase;
    throw e;
  }
}

const URL_ATTRIBUTES = ["href", "src", "action"] as const;

/** A response of the site as it must leave under `base`. */
function atBase(res: Response, base: string): Response {
  const location = res.headers.get("Location");
  if (location?.startsWith("/")) {
    const headers = new Headers(res.headers);
    headers.set("Location", withBase(base, location));
    return new Response(res.body, { status: res.status, headers });
  }
  if (!res.body || !res.headers.get("Content-Type")?.startsWith("text/html")) return res;
  return new HTMLRewriter()
    .on("[href], [src], [action]", {
      element(el) {
        for (const name of URL_ATTRIBUTES) {
          const value = el.getAttribute(name);
          if (value?.startsWith("/")) el.setAttribute(name, withBase(base, value));
        }
      },
    })
    .transform(res);
}

/** The request's ExecutionContext, when it has one (tests may call the app without). */
function executionCtxOf(c: Context): Parameters<Hono["fetch"]>[2] {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** A file name ends the path: it may be a hashed client file or a public one (dist/client). */
const FILE = /\/[^/]+\.[A-Za-z0-9]+$/;

/** Paths longer than this (in bytes, as sent: percent-encoded) are refused with 414 before any route is looked up. */
export const MAX_PATH_BYTES = 2048;

export function mountAtBase(site: Hono<AppEnv>) {
  return createMiddleware<MountEnv>(async (c) => {
    const base = await baseOf(c);
    const { manifest, store } = c.var;
    const url = new URL(c.req.url);
    if (url.pathname.length > MAX_PATH_BYTES) {
      const body = await renderTooLong(MAX_PATH_BYTES, manifest);
      return atBase(html(c, body, 414, { "Cache-Control": "no-store" }), base);
    }
    const ctx = executionCtxOf(c);
    if (base === "/") return fetchInVersion(site, forwardStore(c.req.raw, store), { manifest, store }, c.env, ctx);

    if (url.pathname === "/" || `${url.pathname}/` === base) return redirect(withQuery(base, url.search));
    const route = stripBase(base, url.pathname);
    if (route === null && manifest) {
      const body = await renderNotFound(safeDecode(url.pathname), manifest);
      return atBase(html(c, body, 404, { "Cache-Control": "no-store" }), base);
    }
    url.pathname = route ?? url.pathname;
    const request = forwardStore(new Request(url, c.req.raw), store);
    if ((request.method === "GET" || request.method === "HEAD") && FILE.test(url.pathname)) {
      const file = await c.env.ASSETS.fetch(request);
      if (file.status !== 404) return file;
    }
    return atBase(await fetchInVersion(site, request, { manifest, store }, c.env, ctx), base);
  });
}
