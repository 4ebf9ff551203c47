/**
 * Docs versions when serving (site.yaml `versions`; common/versions.ts): a path under a
 * legacy version's prefix reaches the site with the prefix taken off and the version noted on the
 * request (`/2025/devs/faq` → `/devs/faq` in version 2025), and what the site answers gets the prefix
 * back, as worker/base-url.ts does for the base URL: a root-relative `Location`, every root-relative
 * `href`, `src` and `action` of an HTML document except on elements marked `data-version` (links the
 * page already made for a version: the version menu, the banner) or `data-site-link` (links site.yaml
 * writes: the announcement, navbar links, the footer, the same from every version), and the links
 * of a Markdown twin; the absolute twin URL of a page's `Link` header.
 * Stored values never carry a prefix. `/search?version=<name>` is the search page of that version.
 */
import type { Hono } from "hono";
import { publicSiteUrl } from "../common/base-url";
import { splitVersion, versionNamed, versionPath, versionText, type VersionConfig } from "../common/versions";
import type { BuildManifest } from "./content-store";
import type { ContentStore } from "./content-store";
import type { AppEnv, Env } from "./env";
import { forwardStore, forwardVersion } from "./middleware/content";
import { withQuery } from "./normalize";
import { redirect } from "./routes/responses";

const URL_ATTRIBUTES = ["href", "src", "action"] as const;

/** A response of the site as it leaves a legacy version: its prefix added to the URLs it holds. */
export async function inVersion(res: Response, version: VersionConfig, siteUrl: string): Promise<Response> {
  const { prefix } = version;
  const location = res.headers.get("Location");
  if (location?.startsWith("/")) {
    const headers = new Headers(res.headers);
    headers.set("Location", versionPath(prefix, location));
    return new Response(res.body, { status: res.status, headers });
  }
  const link = res.headers.get("Link");
  if (link) {
    // The page's Markdown twin, named by its absolute URL: the one of this version.
    const headers = new Headers(res.headers);
    headers.set("Link", versionText(link, siteUrl, prefix));
    res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const type = res.headers.get("Content-Type") ?? "";
  if (!res.body) return res;
  if (type.startsWith("text/markdown")) {
    // A Markdown twin, stored once for every version that has the page.
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    return new Response(versionText(await res.text(), siteUrl, prefix), { status: res.status, headers });
  }
  if (!type.startsWith("text/html")) return res;
  return new HTMLRewriter()
    .on("[href], [src], [action]", {
      element(el) {
        if (el.hasAttribute("data-version") || el.hasAttribute("data-site-link")) return;
        for (const name of URL_ATTRIBUTES) {
          const value = el.getAttribute(name);
          if (value?.startsWith("/")) el.setAttribute(name, versionPath(prefix, value));
        }
      },
    })
    .transform(res);
}

/**
 * Hands a request (its path inside the base URL) to the site in the docs version its path or, on
 * the search page, its `version` parameter names. Only page requests (GET, HEAD) are versioned:
 * the search API and the MCP server are the same for every version (a request names its version).
 */
export async function fetchInVersion(
  site: Hono<AppEnv>,
  request: Request,
  { manifest, store }: { manifest: BuildManifest | undefined; store: ContentStore },
  env: Env,
  ctx: Parameters<Hono["fetch"]>[2],
): Promise<Response> {
  if (!manifest || (request.method !== "GET" && request.method !== "HEAD")) return site.fetch(request, env, ctx);
  const url = new URL(request.url);
  const split = splitVersion(manifest.versions, url.pathname);
  if (split.redirect) return redirect(withQuery(split.redirect, url.search));
  let version = split.version;
  if (version.status === "current" && url.pathname.replace(/\/$/, "") === `/${manifest.config.search.searchPagePath}`) {
    const named = versionNamed(manifest.config, url.searchParams.get("version") ?? "");
    if (named) version = named;
  }
  if (version.status === "current") return site.fetch(request, env, ctx);
  url.pathname = split.route;
  const inner = forwardVersion(forwardStore(new Request(url, request), store), version.name);
  return inVersion(await site.fetch(inner, env, ctx), version, publicSiteUrl(manifest.config));
}
