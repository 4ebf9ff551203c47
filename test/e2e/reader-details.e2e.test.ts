/**
 * Details a reader notices, in Chromium: a stored tab choice is on screen before the boot script
 * has run; without JavaScript the announcement's close button and the shortcut hint are not shown;
 * a search without results offers no unrelated queries (page and modal); the API explorer refuses a
 * ledger version that is not a number, before sending anything.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { holdRequests, launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

let browser: Browser;
let fixture: RunningSite;
let real: RunningSite;

before(async () => {
  [browser, fixture] = await Promise.all([launchChromium(), serveSite(FIXTURE_ROOT)]);
  real = await serveSite(REPO_ROOT);
});
after(async () => {
  await browser?.close();
  await fixture?.stop();
  await real?.stop();
});

describe("a stored tab choice", () => {
  it("is the tab shown from first paint, before the boot script has run", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${fixture.origin}/`);
    // The Python tab is the page's default; the reader chose TypeScript on an earlier visit.
    await page.evaluate(() => localStorage.setItem("docs-tab-lang", "ts"));
    const release = await holdRequests(page, /\/boot-[\w-]+\.js$/);
    await page.goto(`${fixture.origin}/learn/Basics/beta`, { waitUntil: "commit" });
    await page.locator("footer").waitFor({ state: "attached" });
    assert.ok(await page.getByText("TypeScript body.").isVisible(), "the stored tab's panel shows");
    assert.ok(!(await page.getByText("Python body.").isVisible()), "the default tab's panel does not");
    assert.equal(await page.getByRole("tab", { name: "TypeScript" }).getAttribute("aria-selected"), "true");
    assert.equal(await page.getByRole("tab", { name: "Python" }).getAttribute("aria-selected"), "false");
    release();
    await page.waitForFunction(() => !("__earlyInput" in window));
    assert.ok(await page.getByText("TypeScript body.").isVisible(), "the boot script keeps it");
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("shows neither the announcement's close button nor the Ctrl K hint, which would do nothing", async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${fixture.origin}/learn/Basics/alpha`);
      assert.ok(await page.getByText("Fixture announcement.").isVisible());
      const close = page.locator(".announcement-close");
      const hint = page.locator("[data-shortcut-hint]");
      assert.equal(await close.isVisible(), javaScriptEnabled, `close button, JavaScript ${javaScriptEnabled}`);
      assert.equal(await hint.isVisible(), javaScriptEnabled, `hint, JavaScript ${javaScriptEnabled}`);
      await context.close();
    }
  });
});

describe("a search without results", () => {
  it("offers no unrelated queries on the search page", async () => {
    const page = await browser.newPage();
    await page.goto(`${fixture.origin}/search?q=zzqqxxyy`);
    await page.getByText("No results for").waitFor();
    assert.equal(await page.getByText("Try searching for").count(), 0);
    assert.equal(await page.locator(".search-empty ul a").count(), 0);
    await page.close();
  });

  it("offers no unrelated queries in the modal, after earlier results", async () => {
    const page = await browser.newPage();
    await page.goto(`${fixture.origin}/learn/Basics/alpha`);
    await page.keyboard.press("Control+k");
    const input = page.locator(".DocSearch-Input");
    await input.fill("zeta");
    await page.locator(".DocSearch-Hit").first().waitFor();
    await input.fill("zzqqxxyy");
    await page.locator(".DocSearch-NoResults").waitFor();
    assert.ok(await page.locator(".DocSearch-Title", { hasText: "No results for" }).isVisible());
    assert.ok(!(await page.getByText("Try searching for").isVisible()));
    assert.equal(await page.locator(".DocSearch-Prefill:visible").count(), 0);
    await page.close();
  });
});

describe("the API explorer", () => {
  it("refuses ledger_version=abc with a message, and sends nothing", async () => {
    const page = await browser.newPage();
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/v1/") && sent.push(r.url()));
    await page.goto(`${real.origin}/api/node/get-account`);
    await page.getByRole("button", { name: "Open the explorer" }).click();
    await page.getByRole("textbox", { name: /^address/ }).fill("0x1");
    await page.getByRole("textbox", { name: /^ledger_version/ }).fill("abc");
    await page.getByRole("button", { name: "Send" }).click();
    assert.match(
      (await page.getByRole("alert").textContent()) ?? "",
      /ledger_version must be a whole number, got "abc"\./,
    );
    await page.getByRole("textbox", { name: /^ledger_version/ }).fill("-1");
    await page.getByRole("button", { name: "Send" }).click();
    assert.match(
      (await page.getByRole("alert").textContent()) ?? "",
      /ledger_version must be a whole number, got "-1"\./,
    );
    assert.deepEqual(sent, []);
    await page.close();
  });
});
