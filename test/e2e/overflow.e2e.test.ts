/**
 * No page scrolls sideways on a phone (360 and 390 px): every route with everything on it opened
 * at once (each `<details>`: the outline, the sidebar menu, schemas; and the API explorer where a
 * page has one), the search page with results whose snippets hold long unbroken URLs, and the
 * search modal with results. Wide tables and code scroll in their own box. On the Node API
 * reference's pages no table header, parameter name or "required" flag is broken in the middle of
 * a word either.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { brokenWords, overflow } from "../helpers/layout-probes";
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

it(`no route scrolls sideways at ${WIDTHS.join(" or ")} px with everything opened, and no API table breaks a word`, async () => {
  // Each route is opened at the narrowest width with everything on it opened, then checked at each
  // width in turn as the phone's window widens (a rotation, a split screen), as a reader would see it.
  const page = await browser.newPage({ viewport: { width: WIDTHS[0]!, height: 740 } });
  const problems: string[] = [];
  let explorers = 0;
  const routes = [...site.build.pages.keys()].sort();
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 740 });
    await page.goto(`${site.origin}${route}`);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    const explorer = page.getByRole("button", { name: "Open the explorer" });
    if (await explorer.count()) {
      await explorer.click();
      await page.locator("form.api-x").waitFor();
      explorers++;
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      assert.equal(await page.evaluate(() => innerWidth), width);
      const { by, widest } = await overflow(page);
      if (by > 0) problems.push(`${route} at ${width} px: scrolls sideways by ${by} px (${widest})`);
      if (route.startsWith("/api/node/")) {
        const broken = await brokenWords(page);
        if (broken.length)
          problems.push(`${route} at ${width} px: words broken across lines: ${[...new Set(broken)].join(", ")}`);
      }
    }
  }
  await page.close();
  assert.ok(routes.filter((r) => r.startsWith("/api/node/")).length >= 35, "the crawl covers the API pages");
  assert.equal(explorers, 28, "every operation page has an explorer to open");
  assert.deepEqual(problems, []);
});

for (const width of WIDTHS) {
  it(`the search page and the search modal do not scroll sideways at ${width} px with long results`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 740 } });
    const wide: string[] = [];
    for (const query of SEARCHES) {
      await page.goto(`${site.origin}/search?q=${query}`);
      assert.ok((await page.locator(".search-result").count()) > 0, `"${query}" has results`);
      const { by, widest } = await overflow(page);
      if (by > 0) wide.push(`/search?q=${query}: ${by} px too wide (${widest})`);
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
