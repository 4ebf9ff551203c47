/**
 * The accessibility checks of one colour mode, for the file that serves a site in it: axe-core
 * reports no violation at all (any impact) on every route at desktop width, on a sample of routes
 * at phone width, and with the search modal open in each of its states: the start screen with
 * recent and favorite searches, results, no results, and a failed search.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { axePage, violations } from "./axe";
import { launchChromium } from "./browser";
import type { RunningSite } from "./local-site";

const SAMPLES = [
  "/",
  "/general/Introduction/",
  "/general/UsingMovement/connect_to_movement",
  "/devs/firstMoveContract",
  "/devs/interactonchain/tsSdk",
  "/api/node/get-transactions",
  // The Transaction type's page: the largest schema of the reference.
  "/api/node/transaction-type",
  "/search?q=wallet",
  "/not-a-page",
  // A legacy docs version's pages: the banner, the version menu, the API reference's warning.
  "/2025/general/Introduction/",
  "/2025/api/node/get-transactions",
  "/2025/general/MovementL1/",
];
/** Beside every page: the search page with results and without, and the 404 page. */
const EXTRA = ["/search?q=faucet", "/search?q=zzqqxxyy", "/not-a-page"];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Opens the site in a colour mode; its `stop` ends it. */
export type ServeMode = () => Promise<{ site: RunningSite; stop(): Promise<void> }>;

export function describeColourMode(mode: "dark" | "light", serve: ServeMode): void {
  let browser: Browser;
  let site: RunningSite;
  let stop: (() => Promise<void>) | undefined;

  before(async () => {
    browser = await launchChromium();
    ({ site, stop } = await serve());
  });
  after(async () => {
    await browser?.close();
    await stop?.();
  });

  async function crawl(routes: string[], viewport: typeof DESKTOP): Promise<string[]> {
    const page = await axePage(browser, viewport);
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(`${site.origin}${route}`);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      problems.push(...(await violations(page, route)));
    }
    await page.context().close();
    return problems;
  }

  describe(`the ${mode} mode`, () => {
    it("every route has no axe violation at 1280 px", async () => {
      const routes = [...site.build.pages.keys()].sort();
      assert.ok(routes.length > 80, "the crawl covers the API pages too");
      assert.deepEqual(await crawl([...routes, ...EXTRA], DESKTOP), []);
    });

    it("sampled routes have no axe violation at 390 px", async () => {
      assert.deepEqual(await crawl(SAMPLES, PHONE), []);
    });

    for (const viewport of [DESKTOP, PHONE]) {
      it(`the search modal has no axe violation in any state at ${viewport.width} px`, async () => {
        const page = await axePage(browser, viewport);
        const problems: string[] = [];
        const input = page.locator(".DocSearch-Input");
        const openModal = async () => {
          await page.keyboard.press("Control+k");
          await input.waitFor();
        };
        await page.goto(`${site.origin}/devs/faq`);
        await openModal();
        problems.push(...(await violations(page, "start screen")));

        await input.fill("faucet");
        await page.waitForFunction(
          () => document.querySelector(".DocSearch-Hit-source")?.textContent === "Learn › Faucets",
        );
        problems.push(...(await violations(page, "results")));

        // A chosen result becomes a recent search; starred, a favorite.
        await page.keyboard.press("Enter");
        await page.waitForURL(`${site.origin}/general/UsingMovement/faucet`);
        await openModal();
        const recent = page.locator(".DocSearch-Hit").first();
        await recent.hover();
        await recent.getByTitle("Save this search").click();
        await page.locator(".DocSearch-Hit-source", { hasText: "Favorite" }).waitFor();
        problems.push(...(await violations(page, "start screen with a favorite")));

        await input.fill("zzqqxxyy");
        await page.locator(".DocSearch-NoResults").waitFor();
        problems.push(...(await violations(page, "no results")));

        await page.route("**/1/indexes/*/queries**", (route) => route.abort("failed"));
        await input.fill("wallet");
        await page.getByText("Unable to fetch results").waitFor();
        problems.push(...(await violations(page, "failed search")));
        await page.context().close();
        assert.deepEqual(problems, []);
      });
    }
  });
}
