/**
 * Links in built pages. Internal links are resolved (including links to .md/.mdx source files),
 * rewritten to the canonical route, and reported when they lead nowhere. A page's links are
 * resolved with the page (finish.ts); their anchors are checked once every page's ids are known.
 */
import path from "node:path";
import type { TreeElement, TreeNode } from "../../common/tree";
import { walkElements } from "../../common/tree-walk";
import type { BuiltPage } from "../../common/build/pages";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** What a link may lead to. */
export interface LinkTargets {
  routes: Set<string>;
  /** Source file (relative to content/docs) → route. */
  files: Map<string, string>;
  redirects: Map<string, string>;
}

/** A link whose anchor must be among its target page's ids; `where` names the linking page. */
export interface AnchorCheck {
  where: string;
  href: string;
  target: string;
  hash: string;
}

/** The ids a page defines. */
export function anchorsOf(tree: TreeNode[]): Set<string> {
  const ids = new Set<string>();
  walkElements(tree, (el) => {
    const id = el[1]?.id;
    if (typeof id === "string") ids.add(id);
  });
  return ids;
}

/** The prop holding an element's link target (`a` and `Card` have one), or null. */
function linkKey(el: TreeElement): "href" | null {
  return el[0] === "a" || el[0] === "Card" ? "href" : null;
}

/** Every link target written in a tree (external ones included), in document order. */
export function linksOf(tree: TreeNode[]): string[] {
  const hrefs: string[] = [];
  walkElements(tree, (el) => {
    const key = linkKey(el);
    const href = key && el[1]?.[key];
    if (typeof href === "string") hrefs.push(href);
  });
  return hrefs;
}

/** Finds the canonical route for a path, tolerating a missing or extra trailing slash. */
function canonical(index: LinkTargets, p: string): string | null {
  if (index.routes.has(p)) return p;
  const alt = p.endsWith("/") ? p.slice(0, -1) : `${p}/`;
  if (index.routes.has(alt)) return alt;
  const redirected = index.redirects.get(p) ?? index.redirects.get(alt);
  return redirected && index.routes.has(redirected) ? redirected : null;
}

/** Where a link of a page leads: nowhere to check (external), its canonical form, or broken (with why). */
export type Resolved = null | { rewritten: string; target: string; hash: string } | { broken: string };

export function resolveLink(href: string, page: Pick<BuiltPage, "route" | "source">, index: LinkTargets): Resolved {
  if (EXTERNAL.test(href)) return null;
  const [beforeHash, hash = ""] = href.split("#", 2) as [string, string?];
  const pathPart = beforeHash.split("?")[0]!;
  let target: string | null;
  if (pathPart === "") target = page.route;
  else if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith("/")) {
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(page.source ?? ""), pathPart));
    target = index.files.get(file) ?? null;
    if (!target) return { broken: `broken link to ${href} (no page comes from content/docs/${file})` };
  } else {
    const resolved = pathPart.startsWith("/") ? pathPart : new URL(pathPart, `http://x${page.route}`).pathname;
    target = canonical(index, resolved);
    if (!target) return { broken: `broken link to ${href}` };
  }
  return { rewritten: (pathPart === "" ? "" : target) + (hash ? `#${hash}` : ""), target, hash };
}

/** Rewrites a page's internal links to their canonical form, warns of broken ones, and gives the anchors to check. */
export function rewriteLinks(page: BuiltPage, index: LinkTargets, warn: (m: string) => void): AnchorCheck[] {
  const where = page.source ?? page.route;
  const checks: AnchorCheck[] = [];
  walkElements(page.tree, (el: TreeElement) => {
    const key = linkKey(el);
    const props = el[1];
    if (!key || !props || typeof props[key] !== "string") return;
    const href = props[key] as string;
    const link = resolveLink(href, page, index);
    if (!link) return;
    if ("broken" in link) return warn(`${where}: ${link.broken}`);
    if (link.hash) checks.push({ where, href, target: link.target, hash: link.hash });
    if (link.rewritten !== href) props[key] = link.rewritten;
  });
  return checks;
}

/** Warns of each link whose anchor its target page does not define. */
export function checkAnchors(
  checks: Iterable<AnchorCheck>,
  anchors: Map<string, Set<string>>,
  warn: (m: string) => void,
): void {
  for (const c of checks)
    if (!anchors.get(c.target)?.has(c.hash)) warn(`${c.where}: broken anchor #${c.hash} in link to ${c.href}`);
}
