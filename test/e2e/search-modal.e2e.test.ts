/**
 * The search modal's start screen in Chromium, with the mouse and the keyboard: recent and
 * favorite searches can be hovered, clicked, starred and removed, Enter opens the first, and the
 * lists keep DocSearch's limits (7 recent, 4 once there are favorites, 10 favorites).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

const RECENT = "__DOCSEARCH_RECENT_SEARCHES__movementnetwork";
const FAVORITE = "__DOCSEARCH_FAVORITE_SEARCHES__movementnetwork";

let site: RunningSite;
let browser: Browser;
/** A stored entry as DocSearch writes it (taken from a real selection). */
let stored: Record<string, unknown>;

before(async () => {
  [site, browser] = await Promise.all([serveSite(FIXTURE_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

async function openModal(page: Page): Promise<void> {
  await page.keyboard.press("Control+k");
  await page.locator(".DocSearch-Input").waitFor();
}

const section = (page: Page, title: string) =>
  page.locator(".DocSearch-Dropdown .DocSearch-Hits", {
    has: page.locator(".DocSearch-Hit-source", { hasText: title }),
  });

/** Fresh page with the given lists in storage (entries are copies of a real one, renamed). */
async function withLists(recent: number, favorite: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${site.origin}/learn/Basics/alpha`);
  const entries = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      ...stored,
      objectID: `${prefix}-${i}`,
      hierarchy: { ...(stored.hierarchy as object), lvl1: `${prefix} ${i}` },
    }));
  await page.evaluate(
    ([keys, lists]) => {
      localStorage.setItem(keys[0]!, JSON.stringify(lists[0]));
      localStorage.setItem(keys[1]!, JSON.stringify(lists[1]));
    },
    [
      [RECENT, FAVORITE],
      [entries("Recent entry", recent), entries("Favorite entry", favorite)],
    ] as const,
  );
  await page.reload();
  return page;
}

describe("recent and favorite searches", () => {
  it("a chosen result becomes a recent search that hovering keeps and a click opens", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${site.origin}/learn/Basics/alpha`);
    await openModal(page);
    await page.keyboard.type("zeta");
    // Enter opens the hit shown first: wait until it is the whole word's (a keystroke's answer may come first).
    await page.waitForFunction(() =>
      document.querySelector(".DocSearch-Hit a")?.getAttribute("href")?.startsWith("/learn/Basics/zeta"),
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), RECENT))!)[0];

    await page.goto(`${site.origin}/learn/Basics/alpha`);
    await openModal(page);
    const entry = section(page, "Recent").locator(".DocSearch-Hit").first();
    await entry.hover();
    await page.mouse.move(700, 300, { steps: 4 });
    await entry.hover();
    assert.ok(await entry.isVisible(), "hovering keeps the list");
    assert.equal(await page.getByText("No recent searches").count(), 0);
    await entry.click();
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    await page.close();
  });

  it("Enter on the start screen opens the first recent search", async () => {
    const page = await withLists(0, 0);
    await page.evaluate(
      (value) => localStorage.setItem("__DOCSEARCH_RECENT_SEARCHES__movementnetwork", value),
      JSON.stringify([stored]),
    );
    await page.reload();
    await openModal(page);
    await section(page, "Recent").locator(".DocSearch-Hit").first().waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    assert.equal(await page.locator("h1").textContent(), "Zeta Page");
    assert.equal(await page.locator(".DocSearch-Modal").count(), 0, "the search closed");
    await page.close();
  });

  it("stars a recent search into the favorites, and removes it from either list", async () => {
    const page = await withLists(2, 0);
    await openModal(page);
    const recent = section(page, "Recent").locator(".DocSearch-Hit");
    const favorites = section(page, "Favorite").locator(".DocSearch-Hit");
    assert.equal(await recent.count(), 2);
    await recent.first().hover();
    await recent.first().getByTitle("Save this search").click();
    await favorites.first().waitFor();
    assert.equal(await favorites.count(), 1);
    assert.equal(await recent.count(), 1);
    await favorites.first().hover();
    await favorites.first().getByTitle("Remove this search from favorites").click();
    await recent.first().hover();
    await recent.first().getByTitle("Remove this search from history").click();
    await page.getByText("No recent searches").waitFor();
    await page.close();
  });

  it("keeps at most 7 recent searches, 4 once there are favorites, and 10 favorites", async () => {
    for (const [recent, favorite, shownRecent, shownFavorite] of [
      [12, 0, 7, 0],
      [12, 1, 4, 1],
      [0, 12, 0, 10],
    ] as const) {
      const page = await withLists(recent, favorite);
      await openModal(page);
      await page.locator(".DocSearch-Dropdown .DocSearch-Hit").first().waitFor();
      assert.equal(await section(page, "Recent").locator(".DocSearch-Hit").count(), shownRecent);
      assert.equal(await section(page, "Favorite").locator(".DocSearch-Hit").count(), shownFavorite);
      await page.close();
    }
  });
});
