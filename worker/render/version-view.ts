/**
 * What a page shows of the docs versions: the version menu's links (the same route in each other
 * version, or the page its frontmatter names there for a page that moved, else that version's home
 * page), a legacy page's banner and canonical link (the current version's page on its subject),
 * and, for a missing page, the versions that have it.
 */
import { withBase } from "../../common/base-url";
import type { StoredRoute } from "../../common/stored-manifest";
import { versionPath, type VersionConfig, type VersionLink, type VersionView } from "../../common/versions";
import type { BuildManifest } from "../content-store";

/** The route itself and its other trailing-slash form. */
const spellings = (route: string) =>
  route === "/" ? ["/"] : [route, route.endsWith("/") ? route.slice(0, -1) : `${route}/`];

/** Where a page of `route` (its entry in its own version, when it has one) leads in `other`. */
async function counterpart(other: BuildManifest, route: string | null, entry: StoredRoute | null): Promise<string> {
  const candidates = [
    ...(entry?.counterparts?.[other.version.name] ? [entry.counterparts[other.version.name]!] : []),
    ...(route ? spellings(route) : []),
  ];
  const found = await other.routesAmong(candidates);
  const hit = candidates.find((c) => found.has(c));
  if (hit) return hit;
  if (await other.route("/")) return "/";
  return Object.values(other.sidebarHomes())[0] ?? "/";
}

/**
 * The versions as a page of `route` in `manifest`'s version shows them (`route` null: a page of
 * no route, such as the search page); null for a site with one version.
 */
export async function versionView(
  manifest: BuildManifest,
  route: string | null,
  /** For a page of no route: where it leads in each version (its prefix included). */
  hrefFor?: (version: VersionConfig) => string,
): Promise<VersionView | null> {
  if (manifest.versions.length < 2) return null;
  const here = manifest.version;
  const entry = route ? await manifest.route(route) : null;
  const others = await manifest.allVersions();
  const links: VersionLink[] = [];
  let current: (VersionLink & { title: string }) | null = null;
  for (const other of others) {
    const target =
      other === manifest || other.version.name === here.name ? (route ?? "/") : await counterpart(other, route, entry);
    const link = {
      name: other.version.name,
      label: other.version.label,
      href: !route && hrefFor ? hrefFor(other.version) : versionPath(other.version.prefix, target),
    };
    links.push(link);
    if (other.version.status === "current" && here.status === "legacy")
      current = { ...link, title: (await other.route(target))?.title ?? other.version.label };
  }
  const config = manifest.config;
  return {
    name: here.name,
    label: here.label,
    prefix: here.prefix,
    status: here.status,
    links,
    banner: current ? { documents: here.documents ?? here.label, current } : null,
    canonical: current ? `${config.url}${withBase(config.baseUrl, current.href)}` : null,
  };
}

/** Each version's home page and section homes, with its prefix (for a page of no version). */
export async function versionHomes(manifest: BuildManifest): Promise<NonNullable<VersionView["neutral"]>> {
  const homes: NonNullable<VersionView["neutral"]> = {};
  for (const m of await manifest.allVersions()) {
    const sidebars = Object.fromEntries(
      Object.entries(m.sidebarHomes()).map(([id, href]) => [id, versionPath(m.version.prefix, href)]),
    );
    homes[m.version.name] = { home: m.version.prefix, sidebars };
  }
  return homes;
}

/** The other versions that have a page at `route` (for a page missing from `manifest`'s version). */
export async function versionsWithPage(manifest: BuildManifest, route: string): Promise<VersionLink[]> {
  if (manifest.versions.length < 2) return [];
  const out: VersionLink[] = [];
  for (const other of await manifest.allVersions()) {
    if (other.version.name === manifest.version.name) continue;
    const found = await other.routesAmong(spellings(route));
    const hit = spellings(route).find((r) => found.has(r));
    if (hit)
      out.push({ name: other.version.name, label: other.version.label, href: versionPath(other.version.prefix, hit) });
  }
  return out;
}
