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

/**
 * Holds every request of `page` matching `url` (a script, say) until the returned function is
 * called, so a test can act while the page waits for it.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
