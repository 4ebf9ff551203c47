/**
 * Accessibility: axe-core reports no violation at all (any impact) on every route of the site, in
 * the dark mode it ships with and in the light mode (a test configuration: a copy of the site with
 * the colour switch enabled and light by default), at desktop width on every route and at phone
 * width on a sample, and with the search modal open in each of its states: the start screen with
 * recent and favorite searches, results, no results, and a failed search.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";
import { lightMode, repoSiteWith } from "../helpers/repo-site";
import type { TempSite } from "../helpers/temp-site";

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

type Violation = { id: string; impact: string; nodes: { target: string[] }[] };

const sites: Record<"dark" | "light", RunningSite | undefined> = { dark: undefined, light: undefined };
let lightContent: TempSite;
let browser: Browser;
let axeSource: string;

before(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  lightContent = await repoSiteWith(lightMode);
  browser = await launchChromium();
  sites.dark = await serveSite(REPO_ROOT);
  sites.light = await serveSite(lightContent.root);
});
after(async () => {
  await browser?.close();
  await sites.dark?.stop();
  await sites.light?.stop();
  await lightContent?.remove();
});

/** Every violation on the page as it is now, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  // A transition still running (a card's background, the modal fading in) is measured at its end.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return found.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}, ${v.nodes.length}) at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

/**
 * A page whose every document starts with axe loaded: handed to the browser once, rather than sent
 * as a script tag to each of the hundreds of documents a crawl opens.
 */
async function axePage(viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  await context.addInitScript({ content: axeSource });
  return context.newPage();
}

async function crawl(mode: "dark" | "light", routes: string[], viewport: typeof DESKTOP): Promise<string[]> {
  const site = sites[mode]!;
  const page = await axePage(viewport);
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(`${site.origin}${route}`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
    problems.push(...(await violations(page, route)));
  }
  await page.context().close();
  return problems;
}

for (const mode of ["dark", "light"] as const) {
  describe(`the ${mode} mode`, () => {
    it("every route has no axe violation at 1280 px", async () => {
      const routes = [...sites[mode]!.build.pages.keys()].sort();
      assert.ok(routes.length > 80, "the crawl covers the API pages too");
      assert.deepEqual(await crawl(mode, [...routes, ...EXTRA], DESKTOP), []);
    });

    it("sampled routes have no axe violation at 390 px", async () => {
      assert.deepEqual(await crawl(mode, SAMPLES, PHONE), []);
    });

    for (const viewport of [DESKTOP, PHONE]) {
      it(`the search modal has no axe violation in any state at ${viewport.width} px`, async () => {
        const site = sites[mode]!;
        const page = await axePage(viewport);
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
