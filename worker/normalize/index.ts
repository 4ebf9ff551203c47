/**
 * URL normalisation at the edge, before any content is read: "index.html" and ".html" endings are
 * stripped and repeated slashes collapsed, answered with a 301 to the clean path.
 *
 * @example cleanPath("/general/Introduction/index.html") // "/general/Introduction/"
 */
export function cleanPath(pathname: string): string {
  let p = pathname.replace(/\/{2,}/g, "/");
  if (/\/index\.html$/i.test(p)) p = p.slice(0, -"index.html".length);
  else if (/\.html$/i.test(p)) p = p.slice(0, -".html".length);
  return p || "/";
}

/**
 * Matches a clean path against the build's routes, honouring the trailing-slash policy: a path
 * that only differs from a route by its trailing slash is redirected to the route.
 */
export function matchRoute(
  path: string,
  routes: ReadonlyMap<string, unknown>,
): { kind: "page"; route: string } | { kind: "redirect"; to: string } | { kind: "missing" } {
  if (routes.has(path)) return { kind: "page", route: path };
  const alt = alternateOf(path);
  if (alt && routes.has(alt)) return { kind: "redirect", to: alt };
  return { kind: "missing" };
}

/** The same path with the trailing slash added or removed. */
const alternateOf = (path: string) => (path.endsWith("/") ? path.slice(0, -1) : `${path}/`);

/** The routes matchRoute needs to know about for `path`: itself and its trailing-slash twin. */
export function routeCandidates(path: string): string[] {
  const alt = alternateOf(path);
  return alt ? [path, alt] : [path];
}

/** The path of a redirect target plus the original query string. */
export function withQuery(path: string, search: string): string {
  return search ? `${path}${search}` : path;
}
