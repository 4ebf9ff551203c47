/** Pure animation rules, unit-tested without a browser. */

/**
 * How long a collapsible section takes to open or close: longer for taller content, never under
 * 40 ms, capped so long lists do not drag, and 1 ms for readers who prefer reduced motion.
 */
export function collapseDuration(heightPx: number, reduced: boolean): number {
  if (reduced) return 1;
  const ms = Math.round(40 + 6 * Math.sqrt(Math.max(0, heightPx)));
  return Math.min(ms, 400);
}

/** Whether a scroll movement should hide (true), show (false) or leave (null) the navbar. */
export function navbarHidden(previousY: number, y: number, navbarHeight: number): boolean | null {
  if (y <= navbarHeight) return false;
  if (Math.abs(y - previousY) < 4) return null;
  return y > previousY;
}
