/**
 * Where a page's Markdown twin lives: the route plus ".md", or "index.md" for routes ending in "/".
 *
 * @example markdownPathOf("/devs/faq") // "/devs/faq.md"
 * @example markdownPathOf("/general/Introduction/") // "/general/Introduction/index.md"
 */
export function markdownPathOf(route: string): string {
  return route.endsWith("/") ? `${route}index.md` : `${route}.md`;
}

/** The route a Markdown path is the twin of, or null when `path` is not a .md path. */
export function routeOfMarkdownPath(path: string): string | null {
  if (!path.endsWith(".md")) return null;
  if (path.endsWith("/index.md")) return path.slice(0, -"index.md".length);
  return path.slice(0, -".md".length);
}
