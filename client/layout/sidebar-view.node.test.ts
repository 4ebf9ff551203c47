import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SidebarItem } from "../../common/page";
import { flattenSidebar } from "../../common/sidebar";
import { Sidebar } from "./Sidebar";
import { SIDEBAR_FULL_ROWS, SIDEBAR_WINDOW, sidebarRows, type SidebarRow } from "./sidebar-view";

/** `folders` categories (every third one without a page of its own) of `pages` links each, one nested level. */
function tree(folders: number, pages: number): SidebarItem[] {
  return Array.from({ length: folders }, (_, f): SidebarItem => {
    const base = `/devs/copy-${f}`;
    const links: SidebarItem[] = Array.from({ length: pages }, (_, p) => ({
      type: "link",
      label: `Page ${f}.${p}`,
      href: `${base}/page-${p}`,
    }));
    links.splice(2, 0, {
      type: "category",
      label: `Nested ${f}`,
      collapsed: true,
      items: [{ type: "link", label: `Deep ${f}`, href: `${base}/nested/deep` }],
    });
    return {
      type: "category",
      label: `Copy ${f}`,
      collapsed: f % 2 === 0,
      items: links,
      ...(f % 3 ? { href: base } : {}),
    };
  });
}

/** Every href a page's sidebar links to, and the number of rows it draws. */
function linksOf(rows: SidebarRow[]): { hrefs: string[]; count: number } {
  const hrefs: string[] = [];
  let count = 0;
  const walk = (list: SidebarRow[]) => {
    for (const row of list) {
      count++;
      if (row.kind === "more") hrefs.push(row.href);
      else if (row.kind === "link") hrefs.push(row.item.href);
      else {
        if (row.href) hrefs.push(row.href);
        if (row.rows) walk(row.rows);
      }
    }
  };
  walk(rows);
  return { hrefs, count };
}

describe("a large sidebar", () => {
  const items = tree(200, 24);
  const pages = flattenSidebar(items).map((p) => p.href);

  it("draws a bounded number of rows on every page, the current page among them", () => {
    expect(pages.length).toBeGreaterThan(5000);
    for (const route of pages.filter((_, i) => i % 97 === 0)) {
      const { hrefs, count } = linksOf(sidebarRows(items, route));
      expect(count).toBeLessThanOrEqual(3 * (SIDEBAR_WINDOW + 2));
      expect(hrefs).toContain(route);
    }
  });

  it("reaches every page by following the links a sidebar draws, from the first page", () => {
    const seen = new Set([pages[0]!]);
    const queue = [pages[0]!];
    while (queue.length) {
      for (const href of linksOf(sidebarRows(items, queue.pop()!)).hrefs)
        if (!seen.has(href)) {
          seen.add(href);
          queue.push(href);
        }
    }
    expect([...seen].sort()).toEqual([...pages].sort());
  });

  it("renders to a size that does not grow with the sidebar", () => {
    const route = "/devs/copy-120/page-7";
    const render = (list: SidebarItem[]) =>
      renderToString(createElement(Sidebar, { items: list, route, label: "Build" })).length;
    const small = render(tree(130, 24));
    const large = render(tree(1000, 24));
    expect(large).toBeLessThan(20_000);
    expect(Math.abs(large - small)).toBeLessThan(500);
    const html = renderToString(createElement(Sidebar, { items: tree(200, 40), route, label: "Build" }));
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/aria-label="\d+ more items above in Build"/);
    expect(html).toMatch(/aria-label="\d+ more items below in Copy 120"/);
  });
});

describe("a sidebar small enough to draw whole", () => {
  it("draws every item, collapsed categories closed but present", () => {
    const items = tree(4, 3);
    const rows = sidebarRows(items, "/devs/copy-1/page-0");
    expect(linksOf(rows).count).toBe(4 * 5 + 4);
    expect(linksOf(rows).count).toBeLessThanOrEqual(SIDEBAR_FULL_ROWS);
    const closed = rows
      .filter((r) => r.kind === "category" && !r.open)
      .map((r) => r.kind === "category" && r.item.label);
    expect(closed).toEqual(["Copy 0", "Copy 2"]);
    expect(rows.every((r) => r.kind !== "category" || r.rows !== null)).toBe(true);
  });
});
