/**
 * A section with hundreds of pages: the fixture site plus 40 folders of 6 pages in the Build
 * section, built and served by the real worker. Its sidebar is drawn bounded (folders off the
 * reader's path as one link each, a window over the 41 top-level items with "more" links), so the
 * page's size stays flat, and in Chromium, with JavaScript on and off, at phone and desktop widths,
 * a reader reaches any page by clicking: a folder's row, then the "more" rows.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { launchChromium, openPage } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

const FOLDERS = 40;
const PAGES = 6;
const shelf = (f: number) => `shelf-${String(f).padStart(2, "0")}`;

let browser: Browser;
let site: RunningSite;
let content: TempSite;

before(async () => {
  content = await tempSite();
  for (let f = 0; f < FOLDERS; f++) {
    await mkdir(path.join(content.root, `content/docs/build/${shelf(f)}`), { recursive: true });
    for (let p = 0; p < PAGES; p++)
      await content.write(
        `docs/build/${shelf(f)}/page-${p}.mdx`,
        `---\ntitle: Shelf ${f} page ${p}\ndescription: Page ${p} of shelf ${f}.\nsidebar_position: ${p + 1}\n---\n\nWhat shelf ${f} holds, part ${p}.\n`,
      );
  }
  [site, browser] = await Promise.all([serveSite(content.root), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await content?.remove();
});

const open = (width: number, path: string, options: BrowserContextOptions = {}): Promise<Page> =>
  openPage(browser, `${site.origin}${path}`, { width, height: 800 }, options);

/** The page's sidebar, shown: the column on wide screens; the menu (no JS) or the drawer (JS) on phones. */
async function sidebarOf(page: Page, width: number, js: boolean) {
  if (width >= 997) return page.locator("#docs-sidebar");
  if (!js) {
    await page.locator(".sidebar-menu > summary").click();
    return page.locator("#docs-sidebar");
  }
  await page.getByRole("button", { name: "Open navigation" }).click();
  return page.getByRole("dialog", { name: "Navigation" });
}

/** The page the page's own sidebar marks as current (the drawer holds a copy made when it opens). */
const current = (page: Page) => page.locator('#docs-sidebar [aria-current="page"]').first().textContent();

describe("a section of hundreds of pages", () => {
  it("draws a bounded sidebar: the page's size stays near that of a small section's page", async () => {
    const small = (await (await fetch(`${site.origin}/learn/Basics/alpha`)).text()).length;
    const large = await (await fetch(`${site.origin}/build/${shelf(20)}/page-3`)).text();
    const rows = large.split('class="sidebar-item').length - 1;
    assert.ok(rows <= 3 * 27, `${rows} sidebar rows`);
    assert.ok(large.length < small + 12_000, `a Build page is ${large.length} bytes, a Learn page ${small}`);
    assert.match(large, /aria-label="\d+ more items above in Build"/);
    assert.match(large, /aria-label="\d+ more items below in Build"/);
  });

  for (const [width, js] of [
    [1440, true],
    [1440, false],
    [390, true],
    [390, false],
  ] as const) {
    it(`reaches a folder off the path and pages outside the window by clicking, at ${width} px, JavaScript ${js ? "on" : "off"}`, async () => {
      const page = await open(width, `/build/${shelf(20)}/page-3`, { javaScriptEnabled: js });
      assert.equal(await current(page), "Shelf 20 page 3");
      // Another folder is one row, leading to its first page, where it is drawn open.
      let sidebar = await sidebarOf(page, width, js);
      await sidebar.getByRole("link", { name: shelf(22), exact: true }).click();
      await page.waitForURL(`${site.origin}/build/${shelf(22)}/page-0`);
      assert.equal(await page.locator("h1").textContent(), "Shelf 22 page 0");
      assert.equal(await current(page), "Shelf 22 page 0");
      // Walking down with the "more" row reaches the last folder, which the first window did not show.
      const last = () => sidebar.getByRole("link", { name: shelf(FOLDERS - 1), exact: true });
      for (let step = 0; step < 4; step++) {
        sidebar = await sidebarOf(page, width, js);
        if (await last().count()) break;
        const before = page.url();
        await sidebar.getByRole("link", { name: /more items below in Build/ }).click();
        await page.waitForURL((url) => url.href !== before);
      }
      await last().click();
      await page.waitForURL(`${site.origin}/build/${shelf(FOLDERS - 1)}/page-0`);
      assert.equal(await current(page), `Shelf ${FOLDERS - 1} page 0`);
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.ok(!scrolls, `no horizontal scrolling at ${width} px`);
      await page.context().close();
    });
  }
});
