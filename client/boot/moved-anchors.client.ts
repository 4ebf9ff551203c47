/**
 * Sends a URL whose hash names an anchor that moved to another page (moved-anchors.ts) on to that
 * page, with its hash: bookmarks and links from other sites to a field of a schema that an operation
 * page used to draw keep landing on the field. Fragments never reach the server, so only a script can;
 * without JavaScript such a link lands at the top of the page, whose response section links to the field's page.
 */
import { movedAnchorTarget, type MovedAnchors } from "./moved-anchors";

function follow(): void {
  if (!location.hash) return;
  const links: MovedAnchors[] = [...document.querySelectorAll<HTMLAnchorElement>("a[data-moved-anchors]")].map((a) => ({
    prefix: a.dataset.movedAnchors ?? "",
    href: a.getAttribute("href") ?? "",
  }));
  if (!links.length) return;
  const to = movedAnchorTarget(location.hash, links, location.href, (id) => !!document.getElementById(id));
  if (to) location.replace(to);
}

export function setupMovedAnchors(): void {
  follow();
  window.addEventListener("hashchange", follow);
  // A page swapped in by client-side navigation (navigation.client.ts) may be the one the anchor left.
  document.addEventListener("docs:navigated", follow);
}
