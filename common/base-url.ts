/**
 * The site's base URL (site.yaml `baseUrl`, "/" or e.g. "/docs/"): routes inside the build never
 * carry it; the worker strips it from requests and adds it to every URL it sends out.
 *
 * @example withBase("/docs/", "/devs/faq") // "/docs/devs/faq"
 * @example withBase("/", "/devs/faq") // "/devs/faq"
 */
export function withBase(base: string, path: string): string {
  return base === "/" || !path.startsWith("/") || path.startsWith("//") ? path : `${base}${path.slice(1)}`;
}

/** The route of a path under `base`, or null when the path lies outside it. */
export function stripBase(base: string, path: string): string | null {
  if (base === "/") return path;
  return path.startsWith(base) ? path.slice(base.length - 1) : null;
}

/** The site's public address with its base URL, without the final "/": what routes are appended to. */
export function publicSiteUrl(config: { url: string; baseUrl: string }): string {
  return config.url.replace(/\/+$/, "") + config.baseUrl.replace(/\/$/, "");
}
