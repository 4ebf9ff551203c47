/**
 * The outline column ("On this page", from 1,201 px), in Chromium at 1440 px on a page whose
 * outline is taller than its box and which ends with short sections: scrolled from top to bottom,
 * every entry becomes the active one in turn, the last at the bottom; the active entry is always
 * inside the part of the outline's box the reader sees; with reduced motion the box jumps there
 * (no smooth scrolling), and without it the box still gets there.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

const ROUTE = "/learn/Basics/outlined";
const filler = "A paragraph long enough to take some room, so that each part of the page scrolls a while. ".repeat(5);
const parts = Array.from({ length: 24 }, (_, i) => {
  const detail = i % 4 === 1 ? `\n### Detail of part ${i + 1}\n\n${filler}\n` : "";
  return `## Part ${i + 1}\n\n${filler}\n\n${filler}\n${detail}`;
});
// Short sections at the end: their headings never reach the top of the window.
const short = ["## Short one\n\nOne line.\n", "## Short two\n\nOne line.\n", "## Short three\n\nOne line.\n"];

let browser: Browser;
let site: RunningSite;
let content: TempSite;

before(async () => {
  content = await tempSite();
  await content.write(
    "docs/learn/Basics/outlined.mdx",
    `---\ndescription: A long outline.\nsidebar_position: 9\n---\n\n# Outlined Page\n\n${[...parts, ...short].join("\n")}`,
  );
  [site, browser] = await Promise.all([serveSite(content.root), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await content?.remove();
});

interface Step {
  y: number;
  active: string | null;
  /** Whether the active entry lies wholly in the part of the outline's box that is on screen. */
  seen: boolean;
}

/**
 * Scrolls the window from top to bottom `step` px at a time, waiting `frames` animation frames
 * after each, and notes the active entry and whether the reader sees it.
 */
function scrollThrough(page: Page, step: number, frames: number): Promise<Step[]> {
  return page.evaluate(
    async ({ step, frames }) => {
      const toc = document.querySelector<HTMLElement>(".toc")!;
      const navbar = document.querySelector<HTMLElement>(".navbar")!;
      const steps: Step[] = [];
      const max = document.documentElement.scrollHeight - innerHeight;
      for (let y = 0; ; y = Math.min(max, y + step)) {
        window.scrollTo(0, y);
        // (No helper functions in here: the test runner's transform would name them, which the page cannot run.)
        for (let i = 0; i < frames; i++) await new Promise((r) => requestAnimationFrame(r));
        const active = toc.querySelector<HTMLElement>("a.active");
        let seen = false;
        if (active) {
          const box = toc.getBoundingClientRect();
          const top = Math.max(box.top, navbar.getBoundingClientRect().bottom, 0);
          const bottom = Math.min(box.bottom, innerHeight);
          const a = active.getBoundingClientRect();
          seen = a.top >= top - 1 && a.bottom <= bottom + 1;
        }
        steps.push({ y, active: active?.textContent ?? null, seen });
        if (y === max) break;
      }
      return steps;
    },
    { step, frames },
  );
}

const entries = (page: Page) => page.locator(".toc a").allTextContents();

describe("the outline column", () => {
  it("activates every entry in turn while the page scrolls, the last one at the bottom", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 700 }, reducedMotion: "reduce" });
    await page.goto(`${site.origin}${ROUTE}`);
    const all = await entries(page);
    assert.ok(all.length > 25, `${all.length} entries`);
    assert.ok(
      await page.locator(".toc").evaluate((toc) => toc.scrollHeight > toc.clientHeight + 100),
      "the outline is taller than its box",
    );
    const steps = await scrollThrough(page, 20, 3);
    const order: string[] = [];
    for (const s of steps) if (s.active && order.at(-1) !== s.active) order.push(s.active);
    assert.deepEqual(order, all, "each entry became active once, in the outline's order");
    assert.equal(steps.at(-1)!.active, "Short three");
    await page.close();
  });

  it("keeps the active entry in the part of its box on screen, jumping there with reduced motion", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 700 }, reducedMotion: "reduce" });
    await page.goto(`${site.origin}${ROUTE}`);
    const steps = await scrollThrough(page, 40, 3);
    const unseen = steps.filter((s) => !s.seen).map((s) => `${s.active} at y=${s.y}`);
    assert.deepEqual(unseen, [], "the active entry was off screen");
    await page.close();
  });

  it("scrolls its box to the active entry without reduced motion too", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 700 }, reducedMotion: "no-preference" });
    await page.goto(`${site.origin}${ROUTE}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelector(".toc a.active")?.textContent === "Short three");
    // The box's smooth scroll ends on the active entry; the wait only guards against a hang, since
    // a smooth scroll's frames stretch on a machine whose cores the rest of the suite keeps busy.
    await page.waitForFunction(
      () => {
        const toc = document.querySelector(".toc")!.getBoundingClientRect();
        const a = document.querySelector(".toc a.active")!.getBoundingClientRect();
        return a.bottom <= Math.min(toc.bottom, innerHeight) + 1 && a.top >= Math.max(toc.top, 0) - 1;
      },
      null,
      { timeout: 10_000 },
    );
    await page.close();
  });
});
