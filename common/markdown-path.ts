/**
 * Where a page's Markdown twin lives. Each page has one canonical twin URL: the route plus ".md",
 * or the route plus "index.md" for a route ending in "/" (the home page's twin is "/index.md", a
 * category's "/devs/tutorials/index.md"). Every other spelling of it ("/.md",
 * "/general/Introduction.md" for the category "/general/Introduction/", "/devs/faq/index.md",
 * "/devs/faq.md/") is answered with a 301 to the canonical one (worker/routes/files.ts), so an agent
 * or a cache never holds two copies of a page under two names.
 *
 * @example markdownPathOf("/devs/faq") // "/devs/faq.md"
 * @example markdownPathOf("/general/Introduction/") // "/general/Introduction/index.md"
 * @example markdownPathOf("/") // "/index.md"
 */
export function markdownPathOf(route: string): string {
  return route.endsWith("/") ? `${route}index.md` : `${route}.md`;
}

/**
 * The route a .md path names, read literally ("/devs/faq.md" → "/devs/faq", "/x/index.md" →
 * "/x/", "/.md" → "/"), or null when `path` is not a .md path. Whether that route exists is the
 * manifest's to say, and whether `path` is its canonical spelling is `markdownPathOf`'s.
 */
export function routeOfMarkdownPath(path: string): string | null {
  if (!path.endsWith(".md")) return null;
  if (path.endsWith("/index.md")) return path.slice(0, -"index.md".length);
  return path.slice(0, -".md".length);
}

/**
 * The routes a Markdown path may spell the twin of, most literal first, or null when `path` does
 * not ask for a twin: the name without ".md" (or "index.md"), then the same with its trailing slash
 * added or removed; a final "/" after ".md" is ignored.
 *
 * @example twinRouteCandidates("/general/Introduction.md") // ["/general/Introduction", "/general/Introduction/"]
 * @example twinRouteCandidates("/.md") // ["/"]
 */
export function twinRouteCandidates(path: string): string[] | null {
  const p = path.endsWith(".md/") ? path.slice(0, -1) : path;
  if (!p.endsWith(".md")) return null;
  const stem = p.endsWith("/index.md") ? p.slice(0, -"index.md".length) : p.slice(0, -".md".length);
  if (stem === "/") return ["/"];
  return [stem, stem.endsWith("/") ? stem.slice(0, -1) : `${stem}/`];
}
