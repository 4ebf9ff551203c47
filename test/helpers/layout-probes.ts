/**
 * What a phone-width test measures on a page in Chromium: how far it scrolls sideways and what
 * sticks out, and the words of the API tables' names and headers that were broken across lines.
 */
import type { Page } from "playwright-core";

/**
 * How far the page scrolls sideways (0 when it fits), and the element sticking out furthest (not
 * counting content inside a box that scrolls or clips, which does not widen the page).
 */
export function overflow(page: Page): Promise<{ by: number; widest: string }> {
  return page.evaluate(() => {
    const by = document.scrollingElement!.scrollWidth - innerWidth;
    if (by <= 0) return { by, widest: "" };
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

/**
 * Words of the API tables' header cells and first cells (names, flags) that the browser laid out on
 * more than one line: a word whose range has boxes at different heights was broken inside. A word
 * is a run of letters, digits and underscores, so a break after a hyphen (X-APTOS-…) is allowed.
 */
export function brokenWords(page: Page): Promise<string[]> {
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
