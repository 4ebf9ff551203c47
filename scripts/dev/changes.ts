/**
 * What a new build changes for the tabs that are open: which routes' pages differ, and whether the
 * parts every page shows (sidebars, or the site configuration behind navbar, footer and head) did.
 */
import { createHash } from "node:crypto";
import type { Manifest } from "../../common/page";

/** The parts of a build a reader can see, reduced to digests. */
export interface BuildView {
  buildId: string;
  /** Route → digest of its page record (the article, breadcrumbs, TOC, prev/next). */
  pages: Record<string, string>;
  /** Sidebar labels, order and links: drawn on every doc page, inside the swapped region. */
  sidebars: string;
  /** Site configuration and redirects: navbar, footer, announcement and head of every page. */
  shell: string;
}

export interface BuildChanges {
  /** The build the changes are counted from; null when unknown (a tab should reload). */
  from: string | null;
  changed: string[];
  added: string[];
  removed: string[];
  sidebars: boolean;
  shell: boolean;
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

export function viewOf(manifest: Manifest): BuildView {
  return {
    buildId: manifest.buildId,
    pages: { ...manifest.blobs.pages },
    sidebars: digest(manifest.sidebars),
    shell: digest({ config: manifest.config, redirects: manifest.redirects }),
  };
}

export function changesBetween(before: BuildView | undefined, after: BuildView): BuildChanges {
  if (!before) return { from: null, changed: [], added: [], removed: [], sidebars: true, shell: true };
  const changed: string[] = [];
  const added: string[] = [];
  for (const [route, value] of Object.entries(after.pages)) {
    const old = before.pages[route];
    if (old === undefined) added.push(route);
    else if (old !== value) changed.push(route);
  }
  const removed = Object.keys(before.pages).filter((route) => !(route in after.pages));
  return {
    from: before.buildId,
    changed,
    added,
    removed,
    sidebars: before.sidebars !== after.sidebars,
    shell: before.shell !== after.shell,
  };
}

/** Two consecutive builds' changes as one (for the terminal line of a save). */
export function mergeChanges(a: BuildChanges, b: BuildChanges): BuildChanges {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])];
  const added = union(a.added, b.added).filter((r) => !b.removed.includes(r));
  const removed = union(a.removed, b.removed).filter((r) => !b.added.includes(r));
  return {
    from: a.from,
    changed: union(a.changed, b.changed).filter((r) => !added.includes(r) && !removed.includes(r)),
    added,
    removed,
    sidebars: a.sidebars || b.sidebars,
    shell: a.shell || b.shell,
  };
}

/** "2 pages changed: /a, /b", "sidebar and site settings changed", "nothing visible changed": for the terminal. */
export function describeChanges(c: BuildChanges): string {
  const list = (routes: string[]) =>
    routes.length > 3 ? `${routes.slice(0, 3).join(", ")} and ${routes.length - 3} more` : routes.join(", ");
  const parts: string[] = [];
  if (c.shell) parts.push("site settings (every page)");
  else if (c.sidebars) parts.push("sidebar (every page)");
  if (c.changed.length) parts.push(`${c.changed.length} page${c.changed.length === 1 ? "" : "s"}: ${list(c.changed)}`);
  if (c.added.length) parts.push(`added ${list(c.added)}`);
  if (c.removed.length) parts.push(`removed ${list(c.removed)}`);
  return parts.length ? `rebuilt ${parts.join("; ")}` : "no page changed";
}
