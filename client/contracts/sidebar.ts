/** Sidebar helpers shared by the build (prev/next) and the worker (navbar targets). */
import type { PageLink, SidebarItem } from "./page";

/** Every page link of a sidebar in reading order (a category's own page before its items). */
export function flattenSidebar(items: SidebarItem[]): PageLink[] {
  const out: PageLink[] = [];
  for (const item of items) {
    if (item.type === "link") out.push({ label: item.label, href: item.href });
    else {
      if (item.href) out.push({ label: item.label, href: item.href });
      out.push(...flattenSidebar(item.items));
    }
  }
  return out;
}

