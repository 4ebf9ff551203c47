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
  routes: Record<string, unknown>,
): { kind: "page"; route: string } | { kind: "redirect"; to: string } | { kind: "missing" } {
  if (Object.hasOwn(routes, path)) return { kind: "page", route: path };
  const alt = path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
  if (alt && Object.hasOwn(routes, alt)) return { kind: "redirect", to: alt };
  return { kind: "missing" };
}

/** The path of a redirect target plus the original query string. */
export function withQuery(path: string, search: string): string {
  return search ? `${path}${search}` : path;
}
