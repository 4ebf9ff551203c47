/**
 * Link and anchor checking over built pages. Internal links are resolved (including links to
 * .md/.mdx source files), rewritten to the canonical route, and reported when they lead nowhere.
 */
import path from "node:path";
import type { TreeElement } from "../../client/contracts/tree";
import { walkElements } from "../../client/contracts/tree-walk";
import type { BuiltPage } from "./pages";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkIndex {
  routes: Set<string>;
  /** Source file (relative to content/docs) → route. */
  files: Map<string, string>;
  redirects: Map<string, string>;
  /** Route → the ids its page defines. */
  anchors: Map<string, Set<string>>;
}

export function anchorsOf(page: BuiltPage): Set<string> {
  const ids = new Set<string>();
  walkElements(page.tree, (el) => {
    const id = el[1]?.id;
    if (typeof id === "string") ids.add(id);
  });
  return ids;
}

/** Finds the canonical route for a path, tolerating a missing or extra trailing slash. */
function canonical(index: LinkIndex, p: string): string | null {
  if (index.routes.has(p)) return p;
  const alt = p.endsWith("/") ? p.slice(0, -1) : `${p}/`;
  if (index.routes.has(alt)) return alt;
  const redirected = index.redirects.get(p) ?? index.redirects.get(alt);
  return redirected && index.routes.has(redirected) ? redirected : null;
}

export function checkLinks(pages: BuiltPage[], index: LinkIndex, warn: (m: string) => void): void {
  for (const page of pages) {
    const where = page.source ?? page.route;
    walkElements(page.tree, (el: TreeElement) => {
      const props = el[1];
      const key = el[0] === "a" ? "href" : el[0] === "Card" ? "href" : null;
      if (!key || !props || typeof props[key] !== "string") return;
      const href = props[key] as string;
      if (EXTERNAL.test(href)) return;
      const [beforeHash, hash = ""] = href.split("#", 2) as [string, string?];
      const pathPart = beforeHash.split("?")[0]!;
      let target: string | null;
      if (pathPart === "") target = page.route;
      else if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith("/")) {
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(page.source ?? ""), pathPart));
        target = index.files.get(file) ?? null;
        if (!target) {
          warn(`${where}: broken link to ${href} (no page comes from content/docs/${file})`);
          return;
        }
      } else {
        const resolved = pathPart.startsWith("/") ? pathPart : new URL(pathPart, `http://x${page.route}`).pathname;
        target = canonical(index, resolved);
        if (!target) {
          warn(`${where}: broken link to ${href}`);
          return;
        }
      }
      if (hash && !index.anchors.get(target)?.has(hash)) warn(`${where}: broken anchor #${hash} in link to ${href}`);
      const rewritten = (pathPart === "" ? "" : target) + (hash ? `#${hash}` : "");
      if (rewritten !== href) props[key] = rewritten;
    });
  }
}
