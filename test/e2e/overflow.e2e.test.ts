/**
 * No page scrolls sideways on a phone (360 and 390 px): every route with everything on it opened
 * (each `<details>`: the outline, the sidebar menu, schemas; the API explorer), the search page
 * with results whose snippets hold long unbroken URLs, and the search modal with results. Wide
 * tables and code scroll in their own box.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

const WIDTHS = [360, 390];
/** Queries whose results quote URLs and commands, the longest unbroken words the site has. */
const SEARCHES = ["faucet", "https", "endpoint", "genesis", "waypoint"];

let site: RunningSite;
let browser: Browser;

before(async () => {
  [site, browser] = await Promise.all([serveSite(REPO_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

const overflow = (page: Page, width: number) =>
  page.evaluate((width) => document.documentElement.scrollWidth - width, width);

for (const width of WIDTHS) {
  it(`no route scrolls sideways at ${width} px with its details opened`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 740 } });
    const wide: string[] = [];
    for (const route of [...site.build.pages.keys()].sort()) {
      await page.goto(`${site.origin}${route}`);
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      const over = await overflow(page, width);
      if (over > 0) wide.push(`${route}: ${over} px too wide`);
    }
    await page.close();
    assert.ok(site.build.pages.size > 80, "the crawl covers the API pages too");
    assert.deepEqual(wide, []);
  });

  it(`no API page scrolls sideways at ${width} px with its explorer opened`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 740 } });
    const wide: string[] = [];
    let explorers = 0;
    for (const route of [...site.build.pages.keys()].filter((r) => r.startsWith("/api/")).sort()) {
      await page.goto(`${site.origin}${route}`);
      const open = page.getByRole("button", { name: "Open the explorer" });
      if (!(await open.count())) continue;
      await open.click();
      await page.locator("form.api-x").waitFor();
      explorers++;
      const over = await overflow(page, width);
      if (over > 0) wide.push(`${route}: ${over} px too wide`);
    }
    await page.close();
    assert.ok(explorers > 20, `the explorer was opened on ${explorers} pages`);
    assert.deepEqual(wide, []);
  });

  it(`the search page and the search modal do not scroll sideways at ${width} px with long results`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 740 } });
    const wide: string[] = [];
    for (const query of SEARCHES) {
      await page.goto(`${site.origin}/search?q=${query}`);
      assert.ok((await page.locator(".search-result").count()) > 0, `"${query}" has results`);
      const over = await overflow(page, width);
      if (over > 0) wide.push(`/search?q=${query}: ${over} px too wide`);
    }
    await page.goto(`${site.origin}/devs/faq`);
    await page.locator("[data-search-button]").click();
    await page.locator(".DocSearch-Input").fill("faucet");
    await page.locator(".DocSearch-Hit").first().waitFor();
    const modal = await page.evaluate(
      (width) => document.querySelector(".DocSearch-Modal")!.scrollWidth - width,
      width,
    );
    if (modal > 0) wide.push(`the modal: ${modal} px too wide`);
    await page.close();
    assert.deepEqual(wide, []);
  });
}
