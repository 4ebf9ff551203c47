/**
 * Search that degrades and never dead-ends, in Chromium: results on a slow network (throttled to
 * 400 ms round trip and 400 kbps) and with answers that take 1.5 s to start; a failed search offers
 * the /search page with the query; a search chunk that fails shows the red box with Retry, keeps
 * what the reader typed, and one Retry click opens the modal; '/' and Ctrl K pressed before the
 * boot script ran are kept; Ctrl K and ⌘K open search on every platform.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { holdRequests, launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

const PAGE = "/learn/Basics/alpha";
const QUERIES = "**/1/indexes/*/queries**";
const CHUNK = /SearchModal\.island-[\w-]+\.js(?:\?.*)?$/;
/** What a slow network may take before results show; the timeouts under test are far shorter or far longer. */
const SLOW = { timeout: 30_000 };

let site: RunningSite;
let browser: Browser;

before(async () => {
  [site, browser] = await Promise.all([serveSite(FIXTURE_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

async function open(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(`${site.origin}${PAGE}`);
  return page;
}

const zetaHit = (page: Page) => page.locator(".DocSearch-Hit", { hasText: "Zeta Page" }).first();

describe("a slow network", () => {
  it("shows results when throttled to 400 ms round trip and 400 kbps", async () => {
    const page = await open();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1000) / 8,
      uploadThroughput: (400 * 1000) / 8,
    });
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor(SLOW);
    await page.keyboard.type("zeta");
    await zetaHit(page).waitFor(SLOW);
    assert.equal(await page.getByText("Unable to fetch results").count(), 0);
    await page.context().close();
  });

  it("shows results when every answer takes 1.5 s to start", async () => {
    const page = await open();
    let delayed = 0;
    await page.route(QUERIES, async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor();
    await page.keyboard.insertText("zeta");
    await zetaHit(page).waitFor(SLOW);
    assert.equal(await page.getByText("Unable to fetch results").count(), 0);
    assert.ok(delayed > 0, "the answers were delayed");
    await page.context().close();
  });
});

describe("a search that fails", () => {
  it("offers the search page with the query, which answers", async () => {
    const page = await open();
    await page.route(QUERIES, (route) => route.abort("failed"));
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor();
    await page.keyboard.insertText("zeta");
    await page.getByText("Unable to fetch results").waitFor();
    const link = page.getByRole("link", { name: /search page/ });
    assert.equal(await link.getAttribute("href"), "/search?q=zeta");
    await link.click();
    await page.waitForURL(`${site.origin}/search?q=zeta`);
    await page.locator(".search-result-title", { hasText: "Zeta Page" }).first().waitFor();
    await page.context().close();
  });
});

describe("a search chunk that fails to load", () => {
  it("clicked: shows the red box with Retry and stays on the page; one Retry click opens search", async () => {
    const page = await open();
    let fail = true;
    await page.route(CHUNK, (route) => (fail ? route.abort("failed") : route.continue()));
    await page.getByRole("button", { name: "Search docs" }).click();
    const box = page.locator("[data-island=SearchModal] .island-error[role=alert]");
    await box.waitFor();
    assert.equal(new URL(page.url()).pathname, PAGE, "the click did not lead to an empty search page");
    fail = false;
    await box.getByRole("button", { name: "Retry" }).click();
    await page.locator(".DocSearch-Input").waitFor();
    await page.context().close();
  });

  it("opened by Ctrl K: what was typed is kept through the failure and Retry", async () => {
    const page = await open();
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first load waits until the reader has typed, then fails; later ones load.
    await page.route(CHUNK, async (route) => {
      if (!fail) return route.continue();
      await held;
      await route.abort("failed");
    });
    await page.keyboard.press("Control+k");
    await page.keyboard.type("zeta");
    release();
    const box = page.locator("[data-island=SearchModal] .island-error[role=alert]");
    await box.waitFor();
    assert.equal(new URL(page.url()).pathname, PAGE);
    // Meanwhile the button's form, which leads to the search page, carries the query.
    assert.equal(await page.locator("[data-island=SearchModal] form input[name=q]").inputValue(), "zeta");
    fail = false;
    await box.getByRole("button", { name: "Retry" }).click();
    await page.locator(".DocSearch-Input").waitFor();
    assert.equal(await page.locator(".DocSearch-Input").inputValue(), "zeta");
    await zetaHit(page).waitFor();
    await page.context().close();
  });
});

describe("keys pressed before the boot script ran", () => {
  for (const key of ["/", "Control+k"]) {
    it(`'${key}' and what follows it open search once the script is in`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const release = await holdRequests(page, /\/boot-[\w-]+\.js$/);
      await page.goto(`${site.origin}${PAGE}`, { waitUntil: "commit" });
      await page.locator("footer").waitFor({ state: "attached" });
      await page.keyboard.press(key);
      await page.keyboard.type("zeta");
      release();
      await page.locator(".DocSearch-Input").waitFor();
      assert.equal(await page.locator(".DocSearch-Input").inputValue(), "zeta");
      await zetaHit(page).waitFor();
      await context.close();
    });
  }
});

describe("the shortcut on every platform", () => {
  const mac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  for (const platform of ["Linux", "a Mac"] as const) {
    for (const key of ["Control+k", "Meta+k"]) {
      it(`${key} opens search on ${platform}, before and after the island loaded`, async () => {
        const page = await open();
        if (platform === "a Mac") {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Emulation.setUserAgentOverride", { userAgent: mac, platform: "MacIntel" });
          await page.reload();
        }
        const hint = platform === "a Mac" ? "⌘K" : "Ctrl K";
        await page.waitForFunction(
          (hint) => document.querySelector("[data-shortcut-hint]")?.textContent === hint,
          hint,
        );
        await page.keyboard.press(key);
        await page.locator(".DocSearch-Input").waitFor();
        await page.keyboard.press("Escape");
        await page.locator(".DocSearch-Modal").waitFor({ state: "detached" });
        await page.keyboard.press(key);
        await page.locator(".DocSearch-Input").waitFor();
        await page.context().close();
      });
    }
  }
});
