/**
 * Accessibility: axe-core finds no serious or critical violations on sampled pages (desktop and
 * mobile) in both palettes (the light one applies when the colour switch is enabled), and no page
 * scrolls sideways on a 360 px phone.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { after, before, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

const SAMPLES = [
  "/",
  "/general/Introduction/",
  "/general/UsingMovement/connect_to_movement",
  "/devs/firstMoveContract",
  "/devs/interactonchain/tsSdk",
  "/api/node/get-transactions",
  // Home of the Transaction type: the largest schema of the reference.
  "/api/node/transactions",
  "/search?q=wallet",
  "/not-a-page",
  // A legacy docs version's pages: the banner, the version menu, the API reference's warning.
  "/2025/general/Introduction/",
  "/2025/api/node/get-transactions",
  "/2025/general/MovementL1/",
];

let site: RunningSite;
let browser: Browser;
let axeSource: string;

before(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  site = await serveSite(REPO_ROOT);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

for (const [viewport, theme] of [
  [{ width: 1280, height: 900 }, "dark"],
  [{ width: 390, height: 844 }, "dark"],
  [{ width: 1280, height: 900 }, "light"],
  [{ width: 390, height: 844 }, "light"],
] as const) {
  it(`has no serious or critical axe violations at ${viewport.width} px in the ${theme} palette`, async () => {
    const page = await browser.newPage({ viewport, bypassCSP: true });
    const problems: string[] = [];
    for (const path of SAMPLES) {
      await page.goto(`${site.origin}${path}`);
      // What the pre-paint script sets when the switch is enabled and the reader chose this mode.
      await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), theme);
      // Switching the palette after load starts the cards' background transition: measure the end state.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await page.addScriptTag({ content: axeSource });
      const result = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                ctx: Document,
                opts: object,
              ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        return axe.run(document, { resultTypes: ["violations"] });
      });
      for (const v of result.violations) {
        if (v.impact === "serious" || v.impact === "critical")
          problems.push(
            `${path}: ${v.id} (${v.impact}) at ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(", ")}`,
          );
      }
    }
    await page.close();
    assert.deepEqual(problems, []);
  });
}

it("does not scroll sideways at 360 px on any page; wide tables and code scroll in their own box", async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const wide: string[] = [];
  for (const route of [...site.build.pages.keys()].sort()) {
    await page.goto(`${site.origin}${route}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) wide.push(`${route}: ${width} px`);
  }
  await page.close();
  assert.ok(site.build.pages.size > 50, "the crawl covers the API pages too");
  assert.deepEqual(wide, []);
});
