/** Sidebar helpers shared by the build (prev/next) and the worker (navbar targets). */
import type { PageLink, SidebarItem } from "./page";

/**
 * Every page link of a sidebar in reading order (a category's own page before its items), each
 * page once: a category and its only item may point at the same page (the API's View tag).
 */
export function flattenSidebar(items: SidebarItem[]): PageLink[] {
  const out: PageLink[] = [];
  const seen = new Set<string>();
  const visit = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.href && !seen.has(item.href)) {
        seen.add(item.href);
        out.push({ label: item.label, href: item.href });
      }
      if (item.type === "category") visit(item.items);
    }
  };
  visit(items);
  return out;
}
