/** Debian's Chromium driven by playwright-core (no browser download). */
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/local/chromium";

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}
