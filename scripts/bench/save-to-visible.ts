/**
 * The author's loop as the author sees it: `npm run dev` on a copy of the site, the edited page open
 * in Chromium and scrolled down, then each save timed until its new text is in the open tab (no
 * manual reload; the live-update script swaps the page or reloads it).
 */
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../local/chromium";
import { devOnCopy, EDITED_PAGE, editPage, settled } from "./build-figures";
import { median } from "./median";

export interface SaveToVisible {
  medianMs: number;
  samplesMs: number[];
  /** Whether the tab kept its JavaScript state through every save (swapped in place, not reloaded). */
  inPlace: boolean;
}

export async function saveToVisible(root: string, saves = 5): Promise<SaveToVisible> {
  const dev = await devOnCopy(root);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${dev.origin}${EDITED_PAGE.route}`);
    await page.evaluate(() => {
      (window as { benchMarker?: boolean }).benchMarker = true;
      window.scrollTo(0, 400);
    });
    const samplesMs: number[] = [];
    for (let i = 0; i < saves; i++) {
      const marker = `visible-${Date.now().toString(36)}-${i}`;
      await settled(dev, i);
      await editPage(dev.siteDir, marker);
      const saved = performance.now();
      await page.waitForFunction((m) => document.body.textContent?.includes(m), marker, {
        polling: "raf",
        timeout: 15_000,
      });
      samplesMs.push(performance.now() - saved);
    }
    const inPlace = await page.evaluate(() => (window as { benchMarker?: boolean }).benchMarker === true);
    return { medianMs: median(samplesMs), samplesMs, inPlace };
  } finally {
    await browser.close();
    await dev.stop();
  }
}
