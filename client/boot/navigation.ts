/** Pure rules of client-side navigation, unit-tested without a browser. */

export interface LinkClick {
  href: string;
  target: string;
  download: boolean;
  button: number;
  modifier: boolean;
}

/** Whether a click on a link should be handled in-page (same origin page, plain left click). */
export function shouldIntercept(click: LinkClick, current: URL): URL | null {
  if (click.button !== 0 || click.modifier || click.download || (click.target && click.target !== "_self")) return null;
  let url: URL;
  try {
    url = new URL(click.href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (/^\/(?:_assets|assets|img)\//.test(url.pathname) || /\.[a-z0-9]{2,5}$/i.test(url.pathname)) return null;
  // A jump within the current page is left to the browser.
  if (url.pathname === current.pathname && url.search === current.search && url.hash) return null;
  return url;
}

/** Prefetching is skipped on slow-2g connections and when the reader asked to save data. */
export function prefetchAllowed(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  return !(connection?.saveData || connection?.effectiveType === "slow-2g");
}
