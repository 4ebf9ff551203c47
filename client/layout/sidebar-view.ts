/**
 * Which rows of a section's sidebar a page draws. A sidebar of up to SIDEBAR_FULL_ROWS items is
 * drawn whole, as authors wrote it (collapsed categories closed but present). A larger one is
 * bounded, so a page's size does not grow with the site:
 * - categories off the path to the current page are one row each, a link to the category's own
 *   page or its first page (where the category is drawn open);
 * - a level of more than SIDEBAR_WINDOW siblings shows a window of them around the one on the
 *   path, with a "more" row before and after linking to the nearest page outside the window
 *   (its sidebar shows the window moved on).
 * Every page stays reachable by plain links, with or without JavaScript.
 */
import type { SidebarCategory, SidebarItem, SidebarLink } from "../../common/page";

export const SIDEBAR_FULL_ROWS = 150;
export const SIDEBAR_WINDOW = 25;

export type SidebarRow =
  | { kind: "link"; item: SidebarLink }
  /** `rows` null: drawn by reference, as one link to `href`. */
  | { kind: "category"; item: SidebarCategory; open: boolean; rows: SidebarRow[] | null; href: string | null }
  | { kind: "more"; count: number; href: string; position: "before" | "after" };

function contains(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === "category" && item.items.some((i) => contains(i, route));
}

/** The first page of an item in reading order. */
export function firstPage(item: SidebarItem): string | null {
  if (item.href) return item.href;
  if (item.type === "link") return null;
  for (const child of item.items) {
    const href = firstPage(child);
    if (href) return href;
  }
  return null;
}

/** The last page of an item in reading order (walking back from a window lands next to it). */
function lastPage(item: SidebarItem): string | null {
  if (item.type === "category")
    for (let i = item.items.length - 1; i >= 0; i--) {
      const href = lastPage(item.items[i]!);
      if (href) return href;
    }
  return item.href ?? null;
}

const sizes = new WeakMap<SidebarItem[], number>();
/** Items in a sidebar, nested ones included (memoised: sidebars are cached per isolate). */
function rowCount(items: SidebarItem[]): number {
  let n = sizes.get(items);
  if (n === undefined) {
    n = 0;
    for (const item of items) n += 1 + (item.type === "category" ? rowCount(item.items) : 0);
    sizes.set(items, n);
  }
  return n;
}

/** The whole sidebar, as authors wrote it. */
function fullRows(items: SidebarItem[], route: string): SidebarRow[] {
  return items.map((item) =>
    item.type === "link"
      ? { kind: "link", item }
      : {
          kind: "category",
          item,
          open: !item.collapsed || contains(item, route),
          rows: fullRows(item.items, route),
          href: item.href ?? null,
        },
  );
}

/** One level, bounded: the window around the item on the path, categories off it by reference. */
function boundedRows(items: SidebarItem[], route: string): SidebarRow[] {
  const onPath = items.findIndex((item) => contains(item, route));
  let start = 0;
  let end = items.length;
  if (items.length > SIDEBAR_WINDOW) {
    start = Math.max(0, Math.min(onPath - Math.floor(SIDEBAR_WINDOW / 2), items.length - SIDEBAR_WINDOW));
    end = start + SIDEBAR_WINDOW;
  }
  const rows: SidebarRow[] = [];
  const before = start > 0 ? lastPage(items[start - 1]!) : null;
  if (before) rows.push({ kind: "more", count: start, href: before, position: "before" });
  for (let i = start; i < end; i++) {
    const item = items[i]!;
    if (item.type === "link") rows.push({ kind: "link", item });
    else if (i === onPath)
      rows.push({ kind: "category", item, open: true, rows: boundedRows(item.items, route), href: item.href ?? null });
    else {
      const href = firstPage(item);
      if (href) rows.push({ kind: "category", item, open: false, rows: null, href });
    }
  }
  const after = end < items.length ? firstPage(items[end]!) : null;
  if (after) rows.push({ kind: "more", count: items.length - end, href: after, position: "after" });
  return rows;
}

export function sidebarRows(items: SidebarItem[], route: string): SidebarRow[] {
  return rowCount(items) <= SIDEBAR_FULL_ROWS ? fullRows(items, route) : boundedRows(items, route);
}
