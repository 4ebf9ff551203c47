/**
 * Generates the Learn and Build sidebars from the folder structure, as the old site did: a folder
 * is a category (label, position and collapsed state from _category_.json) whose index page is its
 * link; items are ordered by position, then by name. Also derives prev/next and breadcrumbs.
 */
import type { PageLink, SidebarCategory, SidebarItem } from "../../common/page";
import type { SidebarId } from "../../common/site-config";
import type { DocSource, FolderMeta } from "./discover";
import { flattenSidebar } from "../../common/sidebar";
export { flattenSidebar };

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

/** Each folder's index page (the first one found), by folder. */
export function indexPagesByDir(docs: DocSource[]): Map<string, DocSource> {
  const out = new Map<string, DocSource>();
  for (const doc of docs) if (doc.isIndex && !out.has(doc.dir)) out.set(doc.dir, doc);
  return out;
}

/** Every list below is made once, by folder: a large site's sidebar is not one pass over all pages per folder. */
export function buildSidebar(rootDir: string, docs: DocSource[], folders: FolderMeta[]): SidebarItem[] {
  const metaOf = new Map(folders.map((f) => [f.dir, f.meta]));
  const indexOf = indexPagesByDir(docs);
  const pagesIn = new Map<string, DocSource[]>();
  for (const doc of docs) {
    if (doc.isIndex || doc.frontmatter.unlisted) continue;
    const list = pagesIn.get(doc.dir) ?? pagesIn.set(doc.dir, []).get(doc.dir)!;
    list.push(doc);
  }
  const foldersIn = new Map<string, FolderMeta[]>();
  for (const folder of folders) {
    const cut = folder.dir.lastIndexOf("/");
    if (cut <= 0) continue;
    const parent = folder.dir.slice(0, cut);
    const list = foldersIn.get(parent) ?? foldersIn.set(parent, []).get(parent)!;
    list.push(folder);
  }

  function itemsOf(dir: string): SidebarItem[] {
    const entries: Sortable[] = [];
    for (const doc of pagesIn.get(dir) ?? []) {
      entries.push({
        position: doc.frontmatter.sidebar_position,
        name: doc.file,
        item: { type: "link", label: doc.label, href: doc.route },
      });
    }
    for (const folder of foldersIn.get(dir) ?? []) {
      const index = indexOf.get(folder.dir);
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

/**
 * Where each page sits in a sidebar, found in one walk (a build asks for every page of a section,
 * so walking the sidebar per page would grow with the square of the section): the reading order
 * (prev/next), each route's first place in it, and its breadcrumbs: the categories above it,
 * outermost first, ending with the first item that is the page (a category whose own page it is,
 * or a link to it).
 */
export interface SidebarPlaces {
  order: PageLink[];
  index: Map<string, number>;
  trails: Map<string, PageLink[]>;
}

export function sidebarPlaces(items: SidebarItem[]): SidebarPlaces {
  const order = flattenSidebar(items);
  const index = new Map(order.map((link, i) => [link.href, i]));
  const trails = new Map<string, PageLink[]>();
  const walk = (list: SidebarItem[], trail: PageLink[]) => {
    for (const item of list) {
      if (item.type === "link" && !trails.has(item.href))
        trails.set(item.href, [...trail, { label: item.label, href: item.href }]);
      if (item.type === "category") {
        const here: PageLink = { label: item.label, href: item.href ?? "" };
        if (item.href && !trails.has(item.href)) trails.set(item.href, [...trail, here]);
        walk(item.items, [...trail, here]);
      }
    }
  };
  walk(items, []);
  return { order, index, trails };
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
