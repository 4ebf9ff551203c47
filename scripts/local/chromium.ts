/**
 * Debian's Chromium (apt-get install chromium), used by the browser tests and the benchmark's
 * Lighthouse runs; no test tool downloads a browser of its own. CHROMIUM_PATH overrides.
 */
import { existsSync } from "node:fs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
  Boolean,
) as string[];

/** Flags for a headless Chromium on a machine with no outside network. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error("Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)");
  return found;
}
