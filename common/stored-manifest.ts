/**
 * How a build's manifest is stored in KV (store format 3): a small root that a cold isolate reads
 * whole, naming content-addressed values it reads only when a request needs them. Routes live in
 * shards (a run of routes in sorted order, cut where the routes say, so adding or editing a page
 * rewrites one shard) and each section's sidebar in its own value. The lists that grow with the
 * site, of route shards and of files, are held in parts past a few kilobytes (ref-parts.ts), so
 * nothing in the root grows with the number of pages.
 *
 * scripts/publish writes it from the build's Manifest (common/page.ts); the worker's
 * content store reads it.
 */
import type { RouteEntry } from "./page";
import type { RefPart } from "./ref-parts";
import type { SiteConfig, SidebarId } from "./site-config";

/** A route as its shard stores it: what the manifest says of it, plus where its values are. */
export interface StoredRoute extends RouteEntry {
  /** Digest of the page record (KV key kvKeys.blob(digest)). */
  page: string;
  /** Digest of the page's Markdown twin, when the build wrote one. */
  twin: string | null;
}

/** One shard: the routes from its `first` (inclusive) to the next shard's `first` (exclusive). */
export interface RouteShard {
  routes: Record<string, StoredRoute>;
}

export interface StoredSidebar {
  /** Digest of the sidebar's items (SidebarItem[] as JSON). */
  digest: string;
  /** Its first page: where the navbar item of the section leads. */
  home: string | null;
  /** Labels of its first top-level categories (the search page suggests them). */
  categories: string[];
}

export interface ManifestRoot {
  /** The store format it was published in (common/store-format.ts). */
  format: number;
  buildId: string;
  builtAt: string;
  config: SiteConfig;
  redirects: Record<string, string>;
  /** Files other than Markdown twins (sitemap.xml, llms.txt, the API document…): refs from each file's path to its digest, by path. */
  files: RefPart<string>;
  sidebars: Record<SidebarId, StoredSidebar>;
  /** Route shards in route order (JavaScript string order): a route belongs to the last shard whose `from` is not after it. */
  routes: RefPart<string>;
  routeCount: number;
  /**
   * The legacy docs versions (site.yaml `versions`) of the build: name → digest of its VersionPart.
   * The root's own files, sidebars and routes are the current version's. Absent in a build without
   * legacy versions (and in those published before versions), which a worker reads as current only.
   */
  versionParts?: Record<string, string>;
}

/**
 * A legacy docs version's part of a build's manifest, stored as a content-addressed blob: the
 * fields of the root that differ between versions, and its search index's root. An unchanged
 * version is the same part, build after build.
 */
export type VersionPart = Pick<ManifestRoot, "files" | "sidebars" | "routes" | "routeCount"> & {
  /** Digest of its search index's root (SearchRoot as JSON, a blob like the pieces it names). */
  search: string;
};

/** At most this many category labels are kept per sidebar in the root. */
export const SIDEBAR_CATEGORY_LABELS = 12;
