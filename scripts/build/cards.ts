/**
 * Fills <DocCardList> elements from the sidebar at build time: with no `items`, it lists the
 * children of the category whose index page it sits on; given items, missing labels and
 * descriptions come from the pages they link to.
 */
import type { RouteEntry, SidebarItem } from "../../common/page";
import type { TreeValue } from "../../common/tree";
import { walkElements } from "../../common/tree-walk";
import type { BuiltPage } from "../../common/build/pages";
import { categoryAt, type Sidebars } from "./sidebars";

const MAX_DESCRIPTION = 100;

function shorten(text: string): string {
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION).trimEnd()}…` : text;
}

export function fillDocCards(
  pages: BuiltPage[],
  sidebars: Sidebars,
  routes: Record<string, RouteEntry>,
  categoryDescriptions: Map<string, string>,
  fail: (message: string) => void,
): void {
  const describe = (item: SidebarItem): { label: string; href: string; description: string } | null => {
    const href = item.href ?? (item.type === "category" ? firstLink(item.items) : undefined);
    if (!href) return null;
    const description =
      (item.type === "category" && item.href && categoryDescriptions.get(item.href)) || routes[href]?.description || "";
    return { label: item.label, href, description: shorten(description) };
  };
  for (const page of pages) {
    walkElements(page.tree, (el) => {
      if (el[0] !== "DocCardList") return;
      const props = (el[1] ??= {});
      if (Array.isArray(props.items)) {
        props.items = props.items.map((raw) => {
          const item = raw as Record<string, TreeValue>;
          const href = String(item.href ?? "");
          const target = routes[href] ?? routes[href.endsWith("/") ? href.slice(0, -1) : `${href}/`];
          return {
            label: String(item.label ?? target?.title ?? href),
            href,
            description: shorten(String(item.description ?? target?.description ?? "")),
          };
        });
        return;
      }
      const sidebar = (page.sidebar && sidebars[page.sidebar]) || [];
      const category = categoryAt(sidebar, page.route);
      if (!category) {
        fail(`${page.source ?? page.route}: <DocCardList /> without items must be on a category's index page`);
        return;
      }
      props.items = category.items.map(describe).filter((x) => x !== null);
    });
  }
}

function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href) return item.href;
    if (item.type === "category") {
      const inner = firstLink(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}
