/**
 * How a build's manifest is stored in KV: a small root that a cold isolate reads whole, naming
 * content-addressed pieces it reads only when a request needs them. Routes live in shards (a run
 * of routes in sorted order, cut where the routes say, so adding or editing a page rewrites one
 * shard) and each section's sidebar in its own value. Nothing in the root grows with the number of
 * pages except the shard list (about one entry per hundred routes).
 *
 * scripts/publish writes it from the build's Manifest (client/contracts/page.ts); the worker's
 * content store reads it.
 */
import type { RouteEntry } from "../page";
import type { SiteConfig, SidebarId } from "../site-config";

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
  /** The store format it was published in (client/contracts/store-format.ts). */
  format: number;
  buildId: string;
  builtAt: string;
  config: SiteConfig;
  redirects: Record<string, string>;
  /** Files other than Markdown twins (sitemap.xml, llms.txt, the API document…): path → digest. */
  files: Record<string, string>;
  sidebars: Record<SidebarId, StoredSidebar>;
  /** Route shards in route order (JavaScript string order); a route belongs to the last shard whose `first` is not after it. */
  routeShards: { first: string; digest: string }[];
  routeCount: number;
}

/** At most this many category labels are kept per sidebar in the root. */
export const SIDEBAR_CATEGORY_LABELS = 12;

/** The index in `shards` of the shard that holds `route` if any does, or -1. */
export function shardIndexOf(shards: readonly { first: string }[], route: string): number {
  let lo = 0;
  let hi = shards.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (shards[mid]!.first <= route) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
