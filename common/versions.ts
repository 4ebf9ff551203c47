/**
 * Docs versions (site.yaml `versions`): the current docs at the site's root and frozen earlier ones
 * under their own prefix. What is stored never carries a version's prefix (page records, Markdown
 * twins and search records of a page identical in two versions are one value); it is added when a
 * version's page, file or search hit is served, the way worker/base-url.ts adds the base URL.
 *
 * @example versionPath("/2025/", "/devs/faq") // "/2025/devs/faq"
 * @example versionPath("/2025/", "/_assets/a1b2.png") // "/_assets/a1b2.png" (the same in every version)
 */
import type { SiteConfig } from "./site-config";

export type VersionConfig = SiteConfig["versions"][number];

export const CURRENT_VERSION = "current";

/** What a build made before versions were declared has: one version, the current one. */
export const DEFAULT_VERSIONS: readonly VersionConfig[] = [
  { name: CURRENT_VERSION, label: "Next", prefix: "/", status: "current" },
];

/** The declared versions (the current one first is not guaranteed: in the order site.yaml gives). */
export function versionsOf(config: Partial<Pick<SiteConfig, "versions">>): readonly VersionConfig[] {
  return config.versions?.length ? config.versions : DEFAULT_VERSIONS;
}

export function versionNamed(config: Partial<Pick<SiteConfig, "versions">>, name: string): VersionConfig | undefined {
  return versionsOf(config).find((v) => v.name === name);
}

export function currentVersionOf(config: Partial<Pick<SiteConfig, "versions">>): VersionConfig {
  return versionsOf(config).find((v) => v.status === "current") ?? DEFAULT_VERSIONS[0]!;
}

/** The search facet value of a version's records (DocSearch's `docusaurus_tag`, Docusaurus' naming). */
export const versionTag = (name: string): `docs-default-${string}` => `docs-default-${name}`;

/** What a legacy version's pages document, for its banner and llms.txt. */
export const documentsOf = (version: VersionConfig): string => version.documents ?? version.label;

/**
 * Paths that are the same in every version: client files, content images, the search API, the MCP
 * server and its discovery file, the readers' signals (a form names its version). A version's
 * prefix is never added to them.
 */
const VERSION_NEUTRAL = /^\/(?:_assets|_signals|assets|img|mcp|\.well-known|1)(?:[/?#]|$)/;

/** A root-relative path as it is served in the version whose prefix is `prefix`. */
export function versionPath(prefix: string, path: string): string {
  if (prefix === "/" || !path.startsWith("/") || path.startsWith("//") || VERSION_NEUTRAL.test(path)) return path;
  return `${prefix}${path.slice(1)}`;
}

/**
 * Which version a path (inside the base URL) is in, and its route there: a legacy version's prefix
 * taken off (`redirect` when the path is the prefix without its final "/"), else the current one.
 */
export function splitVersion(
  versions: readonly VersionConfig[],
  path: string,
): { version: VersionConfig; route: string; redirect?: string } {
  for (const v of versions) {
    if (v.prefix === "/") continue;
    if (path === v.prefix.slice(0, -1)) return { version: v, route: "/", redirect: v.prefix };
    if (path.startsWith(v.prefix)) return { version: v, route: path.slice(v.prefix.length - 1) };
  }
  return { version: versions.find((v) => v.prefix === "/") ?? DEFAULT_VERSIONS[0]!, route: path };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A Markdown or plain text of a version (a twin, llms.txt) as served in it: the version's prefix
 * added to the site's own absolute URLs (`siteUrl`: the public URL with the base URL, no final "/")
 * and to root-relative link targets (`](/…`), except the paths every version shares.
 */
export function versionText(text: string, siteUrl: string, prefix: string): string {
  if (prefix === "/") return text;
  const absolute = new RegExp(`${escapeRegExp(siteUrl)}(/[^\\s)>\\]"'\`]*)`, "g");
  return text
    .replace(absolute, (whole: string, path: string) => `${siteUrl}${versionPath(prefix, path)}`)
    .replace(/\]\((<?)(\/[^\s)>]*)/g, (_, angle: string, path: string) => `](${angle}${versionPath(prefix, path)}`);
}

/** A docs version as a page links it: the version menu's entries, the 404 page's "in another version". */
export interface VersionLink {
  name: string;
  label: string;
  /** The page on the same subject in that version, with its prefix. */
  href: string;
}

/** What a page shows of the docs versions (worker/render/version-view.ts works it out per page). */
export interface VersionView {
  /** The version the page is in. */
  name: string;
  label: string;
  prefix: string;
  status: VersionConfig["status"];
  /** Each version's page on the subject of this page, in the declared order (this one's included). */
  links: VersionLink[];
  /** On a legacy version's page: what it documents and the current version's page on its subject. */
  banner: { documents: string; current: VersionLink & { title: string } } | null;
  /** Absolute URL of the current version's page on the subject (a legacy page's canonical link). */
  canonical: string | null;
  /**
   * On a page of no version (the search page asked for none): each version's home page and section
   * homes, by version name, so that the browser can lead the navbar to the reader's preferred
   * version (boot/versions.client.ts).
   */
  neutral?: Record<string, { home: string; sidebars: Record<string, string> }>;
}
