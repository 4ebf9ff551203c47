/** Debian's Chromium driven by playwright-core (no browser download). */
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/local/chromium";

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** `url` opened in a fresh context (its own cookies and storage) with this viewport and options. */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}
