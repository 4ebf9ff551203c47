/** Accessibility: axe-core finds no serious or critical violations on sampled pages (desktop and mobile). */
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
  "/search?q=wallet",
  "/not-a-page",
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

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  it(`has no serious or critical axe violations at ${viewport.width} px`, async () => {
    const page = await browser.newPage({ viewport, bypassCSP: true });
    const problems: string[] = [];
    for (const path of SAMPLES) {
      await page.goto(`${site.origin}${path}`);
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
