/** Pure rules of the outline column (toc.client.ts), unit-tested without a browser. */

/** Where the window is: its scroll position, the largest one, its height, and the activation line. */
export interface Viewport {
  y: number;
  maxY: number;
  height: number;
  /** How far below the window's top a heading becomes the active one (just under the navbar). */
  line: number;
}

/**
 * The index of the active heading, given each heading's top in page coordinates, in order: the
 * last one at or above the activation line, else the first. Over the last window-height of scroll
 * the line slides down to the window's bottom edge, so the short sections at the end of a page,
 * whose headings can never scroll up to the line, still become active in turn, the last one when
 * the page is at its bottom. The line only ever moves down the page as the window does, so
 * entries become active in page order.
 */
export function activeHeading(tops: number[], { y, maxY, height, line }: Viewport): number {
  const slack = height - line;
  let at = line;
  if (maxY > 0 && slack > 0) {
    const start = Math.max(0, maxY - slack);
    if (y > start) at = line + (Math.min(y, maxY) - start) * (slack / (maxY - start));
  }
  let active = 0;
  tops.forEach((top, i) => {
    if (top - y - at <= 1) active = i;
  });
  return active;
}

/** A vertical span on screen. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * How far to scroll a box so that `entry` is inside `visible` (the part of the box on screen), with
 * `pad` px to spare: negative scrolls up, 0 when it is already in.
 */
export function scrollToShow(entry: Span, visible: Span, pad = 8): number {
  if (entry.top < visible.top) return entry.top - visible.top - pad;
  if (entry.bottom > visible.bottom) return entry.bottom - visible.bottom + pad;
  return 0;
}
