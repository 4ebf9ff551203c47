/**
 * A build's manifest as the worker uses it (common/stored-manifest.ts): the small root
 * (read once per isolate per build) and the route shards, sidebars and parts of its lists it names,
 * read when a request needs them and kept in a bounded per-isolate cache by digest (they are
 * content-addressed, so builds share them). `BuildManifest` is what routes see.
 *
 * It shows one docs version: the current one (the root's own routes, sidebars and files) or a
 * legacy one (its stored part, VersionPart, in their place; `inVersion` gives another version's).
 */
import type { SidebarItem } from "../../common/page";
import { allRefs, isRefPart, refsFor, type Ref, type RefPart } from "../../common/ref-parts";
import type { SiteConfig } from "../../common/site-config";
import type { ManifestRoot, RouteShard, StoredRoute, VersionPart } from "../../common/stored-manifest";
import { currentVersionOf, versionNamed, versionsOf, type VersionConfig } from "../../common/versions";
import { ContentCorrupt } from "./errors";
import { ValueMemo } from "./memo";

/** Reads a content-addressed blob as JSON; null when KV does not have it. */
export type BlobReader = <T>(digest: string) => Promise<T | null>;

/** The build's manifest, as the routes read it. */
export interface BuildManifest {
  readonly buildId: string;
  readonly builtAt: string;
  readonly config: SiteConfig;
  readonly redirects: Record<string, string>;
  /** The docs version this manifest shows. */
  readonly version: VersionConfig;
  /** The docs versions the site declares (one, the current, for a build made before versions). */
  readonly versions: readonly VersionConfig[];
  /** Digest of a legacy version's search root (the current version's is a key of the build: kvKeys.searchIndex). */
  readonly searchDigest: string | null;
  /**
   * The same build seen in another docs version (this one for its own name), or null when the
   * build does not have that version (not declared, or published before it was).
   */
  inVersion(name: string): Promise<BuildManifest | null>;
  /** Every docs version of the build, this one's found in its place. */
  allVersions(): Promise<BuildManifest[]>;
  /** The route's entry, or null when the build has no such route. */
  route(route: string): Promise<StoredRoute | null>;
  /** The entries of those of `routes` the build has (usually one or two shards read). */
  routesAmong(routes: string[]): Promise<Map<string, StoredRoute>>;
  /** Every route in route order (reads every shard: for listings, not for page requests). */
  allRoutes(): Promise<[string, StoredRoute][]>;
  /** A section's sidebar items, or null when the build has no such sidebar. */
  sidebar(id: string): Promise<SidebarItem[] | null>;
  /** The first page of each sidebar: where the navbar's Learn, Build and API items lead. */
  sidebarHomes(): Record<string, string>;
  /** Labels of the first top-level categories of a sidebar. */
  sidebarCategories(id: string): string[];
  /** Whether `path` is one of the build's files other than Markdown twins. */
  hasFile(path: string): Promise<boolean>;
  /** Paths of the build's files other than Markdown twins. */
  filePaths(): Promise<string[]>;
  /** Digest of a file: a listed file, or the Markdown twin of a route. */
  fileDigest(path: string, twinOf: string | null): Promise<string | null>;
}

/** Route shards (≤ 64 KiB each), sidebars and parts of the root's lists kept per isolate, by digest. */
const pieces = new ValueMemo<unknown>(64);

/** A legacy version's root: the build's root with the version's part in place of the current version's fields. */
const versionRoots = new WeakMap<ManifestRoot, Map<string, ManifestRoot>>();

/** Every docs version `m` has, each found by `m.inVersion`. */
export async function versionsFound(m: BuildManifest): Promise<BuildManifest[]> {
  const found = await Promise.all(m.versions.map((v) => m.inVersion(v.name)));
  return found.filter((v): v is BuildManifest => v !== null);
}

export class StoredManifest implements BuildManifest {
  readonly buildId: string;
  readonly builtAt: string;
  readonly config: SiteConfig;
  readonly redirects: Record<string, string>;
  readonly version: VersionConfig;
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

  get versions(): readonly VersionConfig[] {
    return versionsOf(this.config);
  }

  async inVersion(name: string): Promise<BuildManifest | null> {
    if (name === this.version.name) return this;
    const version = versionNamed(this.config, name);
    if (!version) return null;
    if (version.status === "current") return new StoredManifest(this.buildRoot, this.readBlob);
    const digest = this.buildRoot.versionParts?.[name];
    if (!digest) return null;
    let roots = versionRoots.get(this.buildRoot);
    if (!roots) versionRoots.set(this.buildRoot, (roots = new Map()));
    const part = await this.piece<VersionPart>(digest, `the part of docs version ${name}`);
    let root = roots.get(name);
    if (!root) {
      const { files, sidebars, routes, routeCount } = part;
      roots.set(name, (root = { ...this.buildRoot, files, sidebars, routes, routeCount }));
    }
    return new StoredManifest(root, this.readBlob, { version, searchDigest: part.search, buildRoot: this.buildRoot });
  }

  allVersions(): Promise<BuildManifest[]> {
    return versionsFound(this);
  }

  private piece<T>(digest: string, what: string): Promise<T> {
    return pieces.get(digest, async () => {
      const value = await this.readBlob<T>(digest);
      if (value === null)
        throw new ContentCorrupt(`build ${this.buildId} names ${what} ${digest}, which KV does not have`);
      return value;
    });
  }

  /** Reads the parts some of the root's refs name. */
  private readonly parts = <K>(refs: Ref<K>[]): Promise<RefPart<K>[]> =>
    Promise.all(
      refs.map(async (r) => {
        const part = await this.piece<unknown>(r.digest, "a part of its lists");
        if (!isRefPart(part)) throw new ContentCorrupt(`build ${this.buildId}'s list part ${r.digest} is corrupt`);
        return part as RefPart<K>;
      }),
    );

  private async shard(ref: Ref<string> | undefined): Promise<RouteShard | null> {
    return ref ? this.piece<RouteShard>(ref.digest, "a route shard") : null;
  }

  async route(route: string): Promise<StoredRoute | null> {
    return (await this.routesAmong([route])).get(route) ?? null;
  }

  async routesAmong(routes: string[]): Promise<Map<string, StoredRoute>> {
    const refs = await refsFor(this.root.routes, routes, this.parts);
    const shards = await Promise.all(refs.map((ref) => this.shard(ref)));
    const found = new Map<string, StoredRoute>();
    routes.forEach((route, i) => {
      const shard = shards[i];
      if (shard && Object.hasOwn(shard.routes, route)) found.set(route, shard.routes[route]!);
    });
    return found;
  }

  async allRoutes(): Promise<[string, StoredRoute][]> {
    const { refs } = await allRefs(this.root.routes, this.parts);
    const shards = await Promise.all(refs.map((r) => this.shard(r)));
    return shards.flatMap((s) => Object.entries(s!.routes));
  }

  async sidebar(id: string): Promise<SidebarItem[] | null> {
    const stored = Object.hasOwn(this.root.sidebars, id) ? this.root.sidebars[id]! : null;
    return stored ? this.piece<SidebarItem[]>(stored.digest, "a sidebar") : null;
  }

  sidebarHomes(): Record<string, string> {
    const homes: Record<string, string> = {};
    for (const [id, s] of Object.entries(this.root.sidebars)) if (s.home) homes[id] = s.home;
    return homes;
  }

  sidebarCategories(id: string): string[] {
    return Object.hasOwn(this.root.sidebars, id) ? this.root.sidebars[id]!.categories : [];
  }

  /** The digest of a listed file, or null. */
  private async listed(path: string): Promise<string | null> {
    const [ref] = await refsFor(this.root.files, [path], this.parts);
    return ref && ref.from === path ? ref.digest : null;
  }

  async hasFile(path: string): Promise<boolean> {
    return (await this.listed(path)) !== null;
  }

  async filePaths(): Promise<string[]> {
    return (await allRefs(this.root.files, this.parts)).refs.map((r) => r.from);
  }

  async fileDigest(path: string, twinOf: string | null): Promise<string | null> {
    const listed = await this.listed(path);
    if (listed !== null) return listed;
    return twinOf === null ? null : ((await this.route(twinOf))?.twin ?? null);
  }
}
