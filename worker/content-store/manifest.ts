/**
 * A build's manifest as the worker uses it: the small root (read once per isolate per build) and
 * the route shards and sidebars it names, read when a request needs them and kept in a bounded
 * per-isolate cache by digest (they are content-addressed, so builds share them).
 *
 * It shows one docs version: the current one (the root's own routes, sidebars and files) or a
 * legacy one (its stored part, VersionPart, in their place; `inVersion` gives another version's).
 */
import type { SidebarItem } from "../../client/contracts/page";
import type { SiteConfig } from "../../client/contracts/site-config";
import {
  shardIndexOf,
  type ManifestRoot,
  type RouteShard,
  type StoredRoute,
  type VersionPart,
} from "../../client/contracts/stored-manifest";
import { currentVersionOf, versionNamed, versionsOf, type VersionConfig } from "../../client/contracts/versions";
import { ContentCorrupt } from "./errors";
import { ValueMemo } from "./memo";

/** Reads a content-addressed blob as JSON; null when KV does not have it. */
export type BlobReader = <T>(digest: string) => Promise<T | null>;

/** Route shards (≤ 64 KiB each) and sidebars kept per isolate, by digest. */
const pieces = new ValueMemo<unknown>(64);

/** Each root's file paths, listed once: a request makes a BuildManifest or two, and a large site has hundreds of files. */
const filePaths = new WeakMap<ManifestRoot, string[]>();

/** A legacy version's root: the build's root with the version's part in place of the current version's fields. */
const versionRoots = new WeakMap<ManifestRoot, Map<string, ManifestRoot>>();

export class BuildManifest {
  readonly buildId: string;
  readonly builtAt: string;
  readonly config: SiteConfig;
  readonly redirects: Record<string, string>;
  /** The docs version this manifest shows. */
  readonly version: VersionConfig;
  /** Digest of a legacy version's search root (the current version's is a key of the build: kvKeys.searchIndex). */
  readonly searchDigest: string | null;
  /** The build's root (the current version's), for the other versions' manifests. */
  private readonly buildRoot: ManifestRoot;

  constructor(
    private readonly root: ManifestRoot,
    private readonly readBlob: BlobReader,
    legacy?: { version: VersionConfig; searchDigest: string; buildRoot: ManifestRoot },
  ) {
    this.buildId = root.buildId;
    this.builtAt = root.builtAt;
    this.config = root.config;
    // The configured redirects are the current version's: a legacy version's old addresses are its routes.
    this.redirects = legacy ? {} : root.redirects;
    this.version = legacy?.version ?? currentVersionOf(root.config);
    this.searchDigest = legacy?.searchDigest ?? null;
    this.buildRoot = legacy?.buildRoot ?? root;
  }

  /** The docs versions the site declares (one, the current, for a build made before versions). */
  get versions(): readonly VersionConfig[] {
    return versionsOf(this.config);
  }

  /**
   * The same build seen in another docs version (this one for its own name), or null when the
   * build does not have that version (not declared, or published before it was).
   */
  async inVersion(name: string): Promise<BuildManifest | null> {
    if (name === this.version.name) return this;
    const version = versionNamed(this.config, name);
    if (!version) return null;
    if (version.status === "current") return new BuildManifest(this.buildRoot, this.readBlob);
    const digest = this.buildRoot.versionParts?.[name];
    if (!digest) return null;
    let roots = versionRoots.get(this.buildRoot);
    if (!roots) versionRoots.set(this.buildRoot, (roots = new Map()));
    let root = roots.get(name);
    const part = await this.piece<VersionPart>(digest, `the part of docs version ${name}`);
    if (!root) {
      const { files, sidebars, routeShards, routeCount } = part;
      roots.set(name, (root = { ...this.buildRoot, files, sidebars, routeShards, routeCount }));
    }
    return new BuildManifest(root, this.readBlob, {
      version,
      searchDigest: part.search,
      buildRoot: this.buildRoot,
    });
  }

  /** Every docs version of the build, this one's first found in its place. */
  async allVersions(): Promise<BuildManifest[]> {
    const found = await Promise.all(this.versions.map((v) => this.inVersion(v.name)));
    return found.filter((m): m is BuildManifest => m !== null);
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
