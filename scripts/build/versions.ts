/**
 * Docs versions at build time: where each declared version's inputs are (the current one is
 * content/docs with content/networks.yaml, content/search/synonyms.json and openapi/node.yaml; a
 * legacy one is content/versions/<name> with docs/, networks.yaml, search/synonyms.json and
 * openapi/node.yaml), and the checks that fail a build naming a misdeclared version: a version
 * without its folder or a folder without its version, a prefix that would hide a route or a path
 * the worker serves itself, a page's `counterparts` naming an unknown version or a missing page.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteEntry } from "../../common/page";
import type { SiteConfig } from "../../common/site-config";
import { versionsOf, type VersionConfig } from "../../common/versions";
import { DOCUMENT } from "../../openapi/generate";
import { SYNONYMS_FILE } from "../search/synonyms";

/** Where a version's inputs are, and how messages name them. */
export interface VersionSource {
  version: VersionConfig;
  /** The folder holding docs/, networks.yaml… ("content" for the current version), relative to the root. */
  dir: string;
  /** Its pages' folder and how messages name it ("content/docs", "content/versions/2025/docs"). */
  docs: { file: string; label: string };
  networks: { file: string; label: string };
  synonyms: { file: string; label: string };
  openapi: { file: string; label: string };
}

/** What one version's build reads besides the site's root and options. */
export interface VersionInputs {
  source: VersionSource;
  /** The site's configuration; a legacy version's has no edit link (its pages are frozen). */
  config: SiteConfig;
  /** The legacy versions' pages, under their prefix, and their ids: link targets for the current version's pages. */
  others: { routes: string[]; anchors: Map<string, Set<string>> } | null;
}

export const VERSIONS_DIR = "content/versions";

export class VersionDeclarationError extends Error {}

function sourceAt(root: string, version: VersionConfig, dir: string, parts: Record<keyof typeof LEGACY, string>) {
  const at = (rel: string) => ({ file: path.join(root, rel), label: rel });
  return {
    version,
    dir,
    docs: at(parts.docs),
    networks: at(parts.networks),
    synonyms: at(parts.synonyms),
    openapi: at(parts.openapi),
  };
}

/** A legacy version's inputs, relative to its folder. */
const LEGACY = {
  docs: "docs",
  networks: "networks.yaml",
  synonyms: SYNONYMS_FILE.replace(/^content\//, ""),
  openapi: DOCUMENT,
};

/** Each declared version's inputs, the current one first; a version without its folder, or a folder no version declares, fails. */
export function versionSources(root: string, config: SiteConfig): VersionSource[] {
  const versions = versionsOf(config);
  const problems: string[] = [];
  const declared = new Set(versions.map((v) => v.name));
  const folders = existsSync(path.join(root, VERSIONS_DIR))
    ? readdirSync(path.join(root, VERSIONS_DIR)).filter((n) => statSync(path.join(root, VERSIONS_DIR, n)).isDirectory())
    : [];
  for (const name of folders)
    if (!declared.has(name) || versions.find((v) => v.name === name)?.status === "current")
      problems.push(
        `${VERSIONS_DIR}/${name}: no legacy version named "${name}" is declared in content/site.yaml versions (declared: ${[...declared].join(", ")})`,
      );
  const sources: VersionSource[] = [];
  for (const version of versions) {
    if (version.status === "current") {
      sources.unshift(
        sourceAt(root, version, "content", {
          docs: "content/docs",
          networks: "content/networks.yaml",
          synonyms: SYNONYMS_FILE,
          openapi: DOCUMENT,
        }),
      );
      continue;
    }
    const dir = `${VERSIONS_DIR}/${version.name}`;
    if (!existsSync(path.join(root, dir, LEGACY.docs)))
      problems.push(
        `content/site.yaml: versions: "${version.name}" is an unknown version: it has no pages folder ${dir}/${LEGACY.docs}`,
      );
    const rel = (p: string) => `${dir}/${p}`;
    sources.push(
      sourceAt(root, version, dir, {
        docs: rel(LEGACY.docs),
        networks: rel(LEGACY.networks),
        synonyms: rel(LEGACY.synonyms),
        openapi: rel(LEGACY.openapi),
      }),
    );
  }
  if (problems.length) throw new VersionDeclarationError(problems.join("\n"));
  return sources;
}

/** First path segments the worker answers itself in every version (client files, images, search API, MCP, files for machines). */
const RESERVED = ["_assets", "assets", "img", "mcp", ".well-known", "1", "sitemap.xml", "robots.txt", "llms.txt"];

/**
 * The problems with the versions' prefixes: each legacy prefix must not hide a route of the
 * current version, a redirect, a file of the build, the search page or a path the worker serves.
 */
export function prefixProblems(
  config: SiteConfig,
  current: { routes: Record<string, RouteEntry>; files: string[] },
): string[] {
  const problems: string[] = [];
  const taken = [
    ...Object.keys(current.routes).map((r) => ({ path: r, what: "the page" })),
    ...config.redirects.map((r) => ({ path: r.from, what: "the redirect from" })),
    ...current.files.map((f) => ({ path: f, what: "the file" })),
    { path: `/${config.search.searchPagePath}`, what: "the search page" },
    ...RESERVED.map((r) => ({ path: `/${r}`, what: "the worker's path" })),
  ];
  for (const v of versionsOf(config)) {
    if (v.prefix === "/") continue;
    const bare = v.prefix.slice(0, -1);
    const hit = taken.find((t) => t.path === bare || t.path.startsWith(v.prefix));
    if (hit)
      problems.push(
        `content/site.yaml: versions: the prefix ${v.prefix} of version "${v.name}" collides with ${hit.what} ${hit.path}`,
      );
  }
  return problems;
}

/**
 * The problems with the pages' `counterparts`: a version name that is not declared fails the
 * build (an error); a route the named version lacks is a broken link (a warning, an error in the strict build).
 */
export function counterpartProblems(
  builds: { version: VersionConfig; routes: Record<string, RouteEntry>; sources: Map<string, string> }[],
): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const byName = new Map(builds.map((b) => [b.version.name, b]));
  for (const b of builds)
    for (const [route, entry] of Object.entries(b.routes)) {
      for (const [name, target] of Object.entries(entry.counterparts ?? {})) {
        const where = b.sources.get(route) ?? route;
        const other = byName.get(name);
        if (!other || other === b)
          errors.push(
            `${where}: counterparts: "${name}" is not another declared version (versions: ${[...byName.keys()].filter((n) => n !== b.version.name).join(", ")})`,
          );
        else if (!Object.hasOwn(other.routes, target))
          warnings.push(`${where}: counterparts: version "${name}" has no page ${target}`);
      }
    }
  return { errors, warnings };
}
