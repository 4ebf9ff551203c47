/**
 * axe-core in Chromium: a page whose every document starts with axe loaded, and the violations on
 * the page as it is, one line each. Used by the accessibility crawls of each colour mode.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

type Violation = { id: string; impact: string; nodes: { target: string[] }[] };

let axeSource: Promise<string> | undefined;

/**
 * A page whose every document starts with axe loaded: handed to the browser once, rather than sent
 * as a script tag to each of the hundreds of documents a crawl opens.
 */
export async function axePage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const context = await browser.newContext({ viewport, bypassCSP: true });
  await context.addInitScript({ content: await axeSource });
  return context.newPage();
}

/** Every violation on the page as it is now, one line each. */
export async function violations(page: Page, where: string): Promise<string[]> {
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
