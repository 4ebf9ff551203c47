/**
 * Docs versions in Chromium, on the versioned fixture (the current docs and "v1" under /v1/): the
 * version menu keeps the page (JavaScript on and off, navbar and phone drawer), the reader's choice
 * persists across reloads and tabs, the banner links the right page, the search modal searches the
 * version being read, a page missing from a version gives that version's 404 with a link, and client
 * navigation crosses versions.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { launchChromium, openPage } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { VERSIONED_ROOT } from "../helpers/temp-site";

let browser: Browser;
let site: RunningSite;

before(async () => {
  [site, browser] = await Promise.all([serveSite(VERSIONED_ROOT, { strict: true }), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (path: string, width = 1440, options: BrowserContextOptions = {}): Promise<Page> =>
  openPage(browser, `${site.origin}${path}`, { width, height: 800 }, options);
const heading = (page: Page) => page.locator("#main h1").first().textContent();
const navbarMenu = (page: Page) => page.locator('[data-version-menu="navbar"]');
/** Marks the window, so a test can tell a client navigation (the mark stays) from a full load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

describe("the version menu", () => {
  it("keeps the page on the desktop, opening on hover and on Enter, and crossing versions without a full load", async () => {
    const page = await open("/learn/same");
    await mark(page);
    await navbarMenu(page).locator("summary").hover();
    assert.equal(await navbarMenu(page).getAttribute("open"), "");
    await navbarMenu(page).getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/learn/same`);
    await page.locator("[data-version-banner]").waitFor();
    assert.equal(await marked(page), true, "a client navigation, not a full load");
    assert.equal(await navbarMenu(page).locator("[data-version-label]").textContent(), "Version 1");
    assert.equal(await page.getByRole("link", { name: "Learn", exact: true }).getAttribute("href"), "/v1/learn/same");
    assert.equal(
      await page.locator(".sidebar-link", { hasText: "What changed" }).getAttribute("href"),
      "/v1/learn/changed",
    );
    // The menu now leads back to this page in the current version; Enter opens it, an outside click closes it.
    await page.mouse.move(0, 400);
    await navbarMenu(page).locator("summary").focus();
    await page.keyboard.press("Enter");
    assert.equal(await navbarMenu(page).getAttribute("open"), "");
    await page.locator("#main").click({ position: { x: 5, y: 5 } });
    assert.equal(await navbarMenu(page).getAttribute("open"), null);
    await navbarMenu(page).locator("summary").focus();
    await page.keyboard.press("Enter");
    await navbarMenu(page).getByRole("link", { name: "Fixture (current)" }).click();
    await page.waitForURL(`${site.origin}/learn/same`);
    assert.equal(await page.locator("[data-version-banner]").count(), 0);
    await page.context().close();
  });

  it("keeps the page with JavaScript off, a moved page leading to its counterpart", async () => {
    const page = await open("/v1/learn/old-only", 1440, { javaScriptEnabled: false });
    await navbarMenu(page).locator("summary").click();
    await navbarMenu(page).getByRole("link", { name: "Fixture (current)" }).click();
    await page.waitForURL(`${site.origin}/learn/only-current`);
    assert.equal(await heading(page), "Only now");
    await navbarMenu(page).locator("summary").click();
    await navbarMenu(page).getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/`);
    await page.context().close();
  });

  it("keeps the page from the phone drawer", async () => {
    const page = await open("/learn/changed", 390);
    await page.locator("[data-drawer-open]").click();
    await page.locator("[data-drawer-back]").click();
    const menu = page.locator('[data-version-menu="drawer"]');
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/learn/changed`);
    assert.match((await page.locator("article").textContent()) ?? "", /pelicanfrost/);
    await page.context().close();
  });

  it("keeps the page from the phone's menu row with JavaScript off", async () => {
    const page = await open("/learn/same", 390, { javaScriptEnabled: false });
    await navbarMenu(page).locator("summary").click();
    await navbarMenu(page).getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/learn/same`);
    await page.context().close();
  });
});

describe("the reader's choice", () => {
  it("persists across reloads and tabs, and leads the links of a page of no version", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 800 } });
    const other = await context.newPage();
    await other.goto(`${site.origin}/search`);
    const learn = (p: Page) => p.getByRole("link", { name: "Learn", exact: true });
    assert.equal(await learn(other).getAttribute("href"), "/learn/same");

    const page = await context.newPage();
    await page.goto(`${site.origin}/learn/same`);
    await navbarMenu(page).locator("summary").click();
    await navbarMenu(page).getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/learn/same`);
    // The tab already open follows the choice made in this one.
    await other.waitForFunction(() => document.documentElement.dataset.docsVersion === "v1");
    assert.equal(await learn(other).getAttribute("href"), "/v1/learn/same");

    const fresh = await context.newPage();
    await fresh.goto(`${site.origin}/search`);
    assert.equal(await learn(fresh).getAttribute("href"), "/v1/learn/same");
    assert.equal(await navbarMenu(fresh).locator("[data-version-label]").textContent(), "Version 1");
    await fresh.reload();
    assert.equal(await learn(fresh).getAttribute("href"), "/v1/learn/same");
    await fresh.locator(".search-page-form input[type=search]").fill("pelicanfrost");
    await fresh.keyboard.press("Enter");
    await fresh.waitForURL(/version=v1/);
    assert.match((await fresh.locator(".search-results").textContent()) ?? "", /What changed/);
    await context.close();
  });
});

describe("a legacy page", () => {
  it("has a banner linking the current page on its subject", async () => {
    const page = await open("/v1/learn/old-only");
    const banner = page.locator("[data-version-banner]");
    assert.match((await banner.textContent()) ?? "", /documents the fixture network as it ran first/);
    await banner.getByRole("link", { name: "Only now" }).click();
    await page.waitForURL(`${site.origin}/learn/only-current`);
    assert.equal(await heading(page), "Only now");
    await page.context().close();
  });

  it("answers a page it lacks with its own 404, linking the version that has it", async () => {
    const page = await open("/v1/learn/only-current");
    assert.match((await page.locator("[data-version-missing]").textContent()) ?? "", /The Version 1 docs have no page/);
    assert.equal(await page.getByRole("link", { name: "Learn", exact: true }).getAttribute("href"), "/v1/learn/same");
    await page.getByRole("link", { name: "read it there" }).click();
    await page.waitForURL(`${site.origin}/learn/only-current`);
    assert.equal(await heading(page), "Only now");
    await page.context().close();
  });
});

describe("the search modal", () => {
  /** The hits' links the modal shows for `query`, once it has answered for the whole query. */
  async function hitsFor(page: Page, query: string): Promise<string[]> {
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").fill(query);
    await page.waitForFunction(
      (q) =>
        document.querySelector(".DocSearch-NoResults")?.textContent?.includes(q) ||
        Array.from(document.querySelectorAll(".DocSearch-Hit mark")).some((m) => m.textContent?.toLowerCase() === q),
      query,
    );
    const hrefs = await page.locator(".DocSearch-Hit a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    await page.keyboard.press("Escape");
    return hrefs;
  }

  it("searches the version being read, across a client navigation too", async () => {
    const page = await open("/learn/same");
    assert.deepEqual(await hitsFor(page, "pelicanfrost"), []);
    assert.ok((await hitsFor(page, "marmotwave")).includes("/learn/changed"));
    await navbarMenu(page).locator("summary").click();
    await navbarMenu(page).getByRole("link", { name: "Version 1" }).click();
    await page.waitForURL(`${site.origin}/v1/learn/same`);
    assert.deepEqual(await hitsFor(page, "marmotwave"), []);
    const hits = await hitsFor(page, "pelicanfrost");
    assert.ok(hits.includes("/v1/learn/changed"), hits.join(" "));
    await page.context().close();
  });
});
