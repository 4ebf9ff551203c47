/**
 * Generates the Learn and Build sidebars from the folder structure, as the old site did: a folder
 * is a category (label, position and collapsed state from _category_.json) whose index page is its
 * link; items are ordered by position, then by name. Also derives prev/next and breadcrumbs.
 */
import type { PageLink, SidebarCategory, SidebarItem } from "../../client/contracts/page";
import type { SidebarId } from "../../client/contracts/site-config";
import type { DocSource, FolderMeta } from "./discover";
export { flattenSidebar } from "../../client/contracts/sidebar";

interface Sortable {
  position: number | undefined;
  name: string;
  item: SidebarItem;
}

function byPositionThenName(a: Sortable, b: Sortable): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa - pb;
  return a.name.localeCompare(b.name);
}

export function buildSidebar(rootDir: string, docs: DocSource[], folders: FolderMeta[]): SidebarItem[] {
  const metaOf = new Map(folders.map((f) => [f.dir, f.meta]));
  const subfolders = (dir: string) =>
    folders.filter((f) => f.dir !== dir && f.dir.startsWith(`${dir}/`) && !f.dir.slice(dir.length + 1).includes("/"));

  function itemsOf(dir: string): SidebarItem[] {
    const entries: Sortable[] = [];
    for (const doc of docs) {
      if (doc.dir !== dir || doc.isIndex || doc.frontmatter.unlisted) continue;
      entries.push({
        position: doc.frontmatter.sidebar_position,
        name: doc.file,
        item: { type: "link", label: doc.label, href: doc.route },
      });
    }
    for (const folder of subfolders(dir)) {
      const index = docs.find((d) => d.dir === folder.dir && d.isIndex);
      const meta = metaOf.get(folder.dir) ?? null;
      const name = folder.dir.split("/").pop()!;
      const category: SidebarCategory = {
        type: "category",
        label: meta?.label ?? index?.label ?? name,
        collapsed: meta?.collapsed ?? false,
        items: itemsOf(folder.dir),
      };
      if (index) category.href = index.route;
      if (category.items.length === 0 && !category.href) continue;
      entries.push({
        position: meta?.position ?? index?.frontmatter.sidebar_position,
        name: folder.dir,
        item: category,
      });
    }
    return entries.sort(byPositionThenName).map((e) => e.item);
  }
  return itemsOf(rootDir);
}

/** The categories above a route, outermost first, ending with the page itself. */
export function breadcrumbsFor(items: SidebarItem[], route: string, title: string): PageLink[] {
  function search(list: SidebarItem[], trail: PageLink[]): PageLink[] | null {
    for (const item of list) {
      if (item.type === "link" && item.href === route) return [...trail, { label: item.label, href: item.href }];
      if (item.type === "category") {
        const here: PageLink = { label: item.label, href: item.href ?? "" };
        if (item.href === route) return [...trail, here];
        const found = search(item.items, [...trail, here]);
        if (found) return found;
      }
    }
    return null;
  }
  return search(items, []) ?? [{ label: title, href: route }];
}

/** Every section's sidebar, by section id. */
export type Sidebars = Record<SidebarId, SidebarItem[]>;

/** Finds the category whose index page is `route`, for cards that list a category's pages. */
export function categoryAt(items: SidebarItem[], route: string): SidebarCategory | null {
  for (const item of items) {
    if (item.type !== "category") continue;
    if (item.href === route) return item;
    const inner = categoryAt(item.items, route);
    if (inner) return inner;
  }
  return null;
}
