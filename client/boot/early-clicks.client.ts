/**
 * Clicks made before this script ran: the pre-paint script noted every click on a JavaScript-only
 * button (prepaint.ts); they are clicked again, in order, once every listener is in place.
 */
import { EARLY_CLICKS } from "./prepaint";

interface EarlyClicks {
  clicks: HTMLElement[];
  stop: () => void;
}

export function replayEarlyClicks(): void {
  const holder = window as unknown as Record<string, EarlyClicks | undefined>;
  const early = holder[EARLY_CLICKS];
  if (!early) return;
  early.stop();
  delete holder[EARLY_CLICKS];
  for (const button of early.clicks) if (button.isConnected) button.click();
}
