/**
 * A build's manifest as the worker uses it: the small root (read once per isolate per build) and
 * the route shards and sidebars it names, read when a request needs them and kept in a bounded
 * per-isolate cache by digest (they are content-addressed, so builds share them).
 */
import type { SidebarItem } from "../../../client/contracts/page";
import type { SiteConfig } from "../../../client/contracts/site-config";
import {
  shardIndexOf,
  type ManifestRoot,
  type RouteShard,
  type StoredRoute,
} from "../../../client/contracts/format-2/stored-manifest";
import { ContentCorrupt } from "../errors";
import { ValueMemo } from "../memo";

/** Reads a content-addressed blob as JSON; null when KV does not have it. */
export type BlobReader = <T>(digest: string) => Promise<T | null>;

/** Route shards (≤ 64 KiB each) and sidebars kept per isolate, by digest. */
const pieces = new ValueMemo<unknown>(64);

/** Each root's file paths, listed once: a request makes a BuildManifest or two, and a large site has hundreds of files. */
const filePaths = new WeakMap<ManifestRoot, string[]>();

export class BuildManifest {
  readonly buildId: string;
  readonly builtAt: string;
  readonly config: SiteConfig;
  readonly redirects: Record<string, string>;

  constructor(
    private readonly root: ManifestRoot,
    private readonly readBlob: BlobReader,
  ) {
    this.buildId = root.buildId;
    this.builtAt = root.builtAt;
    this.config = root.config;
    this.redirects = root.redirects;
  }

  /** Paths of the build's files other than Markdown twins. */
  get files(): string[] {
    let paths = filePaths.get(this.root);
    if (!paths) filePaths.set(this.root, (paths = Object.keys(this.root.files)));
    return paths;
  }

  /** Whether `path` is one of the build's files other than Markdown twins. */
  hasFile(path: string): boolean {
    return Object.hasOwn(this.root.files, path);
  }

  private piece<T>(digest: string, what: string): Promise<T> {
    return pieces.get(digest, async () => {
      const value = await this.readBlob<T>(digest);
      if (value === null)
        throw new ContentCorrupt(`build ${this.buildId} names ${what} ${digest}, which KV does not have`);
      return value;
    });
  }

  /** The route's entry, or null when the build has no such route. */
  async route(route: string): Promise<StoredRoute | null> {
    const at = shardIndexOf(this.root.routeShards, route);
    if (at < 0) return null;
    const shard = await this.piece<RouteShard>(this.root.routeShards[at]!.digest, "a route shard");
    return Object.hasOwn(shard.routes, route) ? shard.routes[route]! : null;
  }

  /** The entries of those of `routes` the build has (usually one or two shards read). */
  async routesAmong(routes: string[]): Promise<Map<string, StoredRoute>> {
    const found = await Promise.all(routes.map(async (r) => [r, await this.route(r)] as const));
    return new Map(found.filter((e): e is readonly [string, StoredRoute] => e[1] !== null));
  }

  /** Every route in route order (reads every shard: for listings, not for page requests). */
  async allRoutes(): Promise<[string, StoredRoute][]> {
    const shards = await Promise.all(
      this.root.routeShards.map((s) => this.piece<RouteShard>(s.digest, "a route shard")),
    );
    return shards.flatMap((s) => Object.entries(s.routes));
  }

  /** A section's sidebar items, or null when the build has no such sidebar. */
  async sidebar(id: string): Promise<SidebarItem[] | null> {
    const stored = Object.hasOwn(this.root.sidebars, id) ? this.root.sidebars[id]! : null;
    return stored ? this.piece<SidebarItem[]>(stored.digest, "a sidebar") : null;
  }

  /** The first page of each sidebar: where the navbar's Learn, Build and API items lead. */
  sidebarHomes(): Record<string, string> {
    const homes: Record<string, string> = {};
    for (const [id, s] of Object.entries(this.root.sidebars)) if (s.home) homes[id] = s.home;
    return homes;
  }

  /** Labels of the first top-level categories of a sidebar. */
  sidebarCategories(id: string): string[] {
    return Object.hasOwn(this.root.sidebars, id) ? this.root.sidebars[id]!.categories : [];
  }

  /** Digest of a file: a listed file, or the Markdown twin of a route. */
  async fileDigest(path: string, twinOf: string | null): Promise<string | null> {
    if (Object.hasOwn(this.root.files, path)) return this.root.files[path]!;
    return twinOf === null ? null : ((await this.route(twinOf))?.twin ?? null);
  }
}
