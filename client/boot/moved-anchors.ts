/**
 * Anchors that moved to another page. A page marks a link with `data-moved-anchors="<id>"` when the
 * element with that id, and every one whose id starts with "<id>.", is now drawn on the page the link
 * leads to (a schema of the API reference drawn in full on its tag's page, say). Pure rules, unit-tested
 * without a browser; moved-anchors.client.ts applies them.
 */

/** A link's moved anchors: the id prefix it names, and where it leads. */
export interface MovedAnchors {
  prefix: string;
  href: string;
}

/**
 * Where a URL whose hash names an anchor this page does not have (`onPage` says which ids it has)
 * should go: the page of the first link whose prefix holds the anchor, with the same hash; null when
 * none does, the page has the anchor, or the hash is not one. `hash` is `location.hash` ("#…",
 * percent-encoded as the browser keeps it).
 */
export function movedAnchorTarget(
  hash: string,
  links: MovedAnchors[],
  base: string,
  onPage: (id: string) => boolean,
): string | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  if (onPage(id)) return null;
  const link = links.find((l) => l.prefix && (id === l.prefix || id.startsWith(`${l.prefix}.`)));
  if (!link) return null;
  let to: URL;
  try {
    to = new URL(link.href, base);
  } catch {
    return null;
  }
  const from = new URL(base);
  // Only to another page of this site: a link elsewhere is never followed on the reader's behalf.
  if (to.origin !== from.origin || to.pathname === from.pathname) return null;
  to.hash = hash;
  return to.href;
}
