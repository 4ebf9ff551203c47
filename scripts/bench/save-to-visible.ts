/**
 * The author's loop as the author sees it: `npm run dev` on a copy of the site, the edited page open
 * in Chromium and scrolled down, then each save timed until its new text is in the open tab (no
 * manual reload; the live-update script swaps the page or reloads it).
 */
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../local/chromium";
import { freePort } from "../local/free-port";
import { EDITED_PAGE, editPage, tempSiteCopy, until } from "./build-figures";
import { median } from "./median";

export interface SaveToVisible {
  medianMs: number;
  samplesMs: number[];
  /** Whether the tab kept its JavaScript state through every save (swapped in place, not reloaded). */
  inPlace: boolean;
}

export async function saveToVisible(root: string, saves = 5): Promise<SaveToVisible> {
  const site = await tempSiteCopy(root);
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--watch", "--site", site.dir], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    await until(
      async () => (output.includes("Movement docs at") ? true : undefined),
      120_000,
      `npm run dev to serve the site:\n${output}`,
      100,
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}${EDITED_PAGE.route}`);
    await page.evaluate(() => {
      (window as { benchMarker?: boolean }).benchMarker = true;
      window.scrollTo(0, 400);
    });
    const samplesMs: number[] = [];
    for (let i = 0; i < saves; i++) {
      const marker = `visible-${Date.now().toString(36)}-${i}`;
      // Let the last save's search index catch up, as between an author's saves.
      await new Promise((r) => setTimeout(r, 1500));
      await editPage(site.dir, marker);
      const saved = performance.now();
      await page.waitForFunction((m) => document.body.textContent?.includes(m), marker, {
        polling: "raf",
        timeout: 15_000,
      });
      samplesMs.push(performance.now() - saved);
    }
    const inPlace = await page.evaluate(() => (window as { benchMarker?: boolean }).benchMarker === true);
    if (process.env.BENCH_VERBOSE) console.log(output);
    return { medianMs: median(samplesMs), samplesMs, inPlace };
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("close", r));
    await site.remove();
  }
}
