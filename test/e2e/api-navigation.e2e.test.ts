/**
 * The Node API reference is one click from every page, in Chromium on the real site: the navbar's
 * "Node API" item on a Learn, a Build and an API page leads to the reference's first page, and on a
 * phone the same item is in the navigation drawer.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

let site: RunningSite;
let browser: Browser;
const LANDING = "/api/node/movement-labs-node-api";

before(async () => {
  site = await serveSite(REPO_ROOT);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

/** A page of each section: the first route the build files under that sidebar. */
function pageOf(sidebar: string): string {
  const route = Object.entries(site.build.manifest.routes).find(([, e]) => e.sidebar === sidebar)?.[0];
  assert.ok(route, `no page in ${sidebar}`);
  return route;
}

describe("the Node API item of the navbar", () => {
  for (const [section, sidebar] of [
    ["a Learn page", "tutorialSidebar"],
    ["a Build page", "developersSidebar"],
    ["an API page", "apiSidebar"],
  ] as const) {
    it(`leads from ${section} to the reference in one click (1280 px)`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${site.origin}${pageOf(sidebar)}`);
      const link = page.locator("header.navbar").getByRole("link", { name: "Node API", exact: true });
      assert.equal(await link.count(), 1);
      await link.click();
      await page.waitForURL(`${site.origin}${LANDING}`);
      assert.equal(await page.locator("h1").first().textContent(), "Movement Labs Node API");
      await page.close();
    });
  }

  it("is in the navigation drawer on a phone (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${site.origin}${pageOf("developersSidebar")}`);
    await page.locator("button.navbar-toggle").click();
    // The drawer opens on the page's sidebar; the navbar's items are one step back.
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("button", { name: "Back to main menu" }).click();
    const link = drawer.getByRole("link", { name: "Node API", exact: true });
    await link.waitFor({ state: "visible" });
    await link.click();
    await page.waitForURL(`${site.origin}${LANDING}`);
    await page.close();
  });
});
