/**
 * The Node API reference on a phone, in Chromium on the real site: at 360 and 390 px, with the
 * "Try it" explorer opened where a page has one, no page scrolls sideways (a wide table scrolls in
 * its own box instead) and no table header, parameter name or "required" flag is broken in the
 * middle of a word.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

let site: RunningSite;
let browser: Browser;

before(async () => {
  site = await serveSite(REPO_ROOT);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

/**
 * Words of the API tables' header cells and first cells (names, flags) that the browser laid out on
 * more than one line: a word whose range has boxes at different heights was broken inside. A word
 * is a run of letters, digits and underscores, so a break after a hyphen (X-APTOS-…) is allowed.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const cells = document.querySelectorAll(".api-table th, .api-table td:first-child");
    for (const cell of Array.from(cells)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? "").matchAll(/[\p{L}\p{N}_]+/gu)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
}

/**
 * How far the page scrolls sideways (0 when it fits), and the element sticking out furthest (not
 * counting content inside a box that scrolls or clips, which does not widen the page).
 */
function overflow(page: Page): Promise<{ by: number; widest: string }> {
  return page.evaluate(() => {
    const by = document.scrollingElement!.scrollWidth - innerWidth;
    let widest = "";
    let right = innerWidth;
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      let clipped = false;
      for (let p = el.parentElement; p && !clipped; p = p.parentElement)
        clipped = getComputedStyle(p).overflowX !== "visible";
      const box = el.getBoundingClientRect();
      if (!clipped && box.right > right + 0.5) {
        right = box.right;
        widest = `${el.tagName.toLowerCase()}.${Array.from(el.classList).join(".")} (${Math.round(box.right)} px)`;
      }
    }
    return { by, widest };
  });
}

describe("the API reference on a phone", () => {
  it("has pages to check", () => {
    assert.ok(apiRoutes().length >= 35, `${apiRoutes().length} API pages`);
  });

  for (const width of [360, 390]) {
    it(`fits ${width} px on every page, explorer open, with no word broken in a table's names or headers`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const problems: string[] = [];
      let opened = 0;
      for (const route of apiRoutes()) {
        await page.goto(`${site.origin}${route}`);
        const toggle = page.getByRole("button", { name: "Open the explorer" });
        if (await toggle.count()) {
          await toggle.click();
          await page.locator("form.api-x").waitFor();
          opened++;
        }
        const { by, widest } = await overflow(page);
        if (by > 0) problems.push(`${route}: scrolls sideways by ${by} px (${widest})`);
        const broken = await brokenWords(page);
        if (broken.length) problems.push(`${route}: words broken across lines: ${[...new Set(broken)].join(", ")}`);
      }
      await context.close();
      assert.deepEqual(problems, []);
      assert.equal(opened, 28, "every operation page has an explorer to open");
    });
  }
});

function apiRoutes(): string[] {
  return Object.keys(site.build.manifest.routes)
    .filter((r) => r.startsWith("/api/node/"))
    .sort();
}
