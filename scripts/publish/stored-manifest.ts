/**
 * The build's manifest in its stored form (common/stored-manifest.ts): a small root plus
 * route shards, sidebars and the parts of its lists as content-addressed blobs (and each legacy docs
 * version's part, a blob of the same fields), and the way back from KV to everything a stored build
 * names (for publish's "what does the live build already have" and for GC).
 */
import { markdownPathOf } from "../../common/markdown-path";
import { kvKeys, type Manifest, type SidebarItem } from "../../common/page";
import { flattenSidebar } from "../../common/sidebar";
import { allRefs, isRefPart, type Ref, type RefPart } from "../../common/ref-parts";
import { STORE_FORMAT } from "../../common/store-format";
import {
  SIDEBAR_CATEGORY_LABELS,
  type ManifestRoot,
  type RouteShard,
  type StoredRoute,
  type VersionPart,
} from "../../common/stored-manifest";
import { versionsOf } from "../../common/versions";
import { blobDigest } from "../build/blobs";
import { stableChunks, type ChunkLimits } from "../build/stable-chunks";
import { readJson, type KvTarget } from "./kv-target";
import { refParts } from "./ref-parts";

/** Route shards hold about 60-250 routes: a cold page reads one, a one-page edit rewrites one. */
export const ROUTE_SHARD_LIMITS: ChunkLimits = { minBytes: 16 * 1024, maxBytes: 64 * 1024, everyNth: 48 };

export interface StoredManifest {
  root: ManifestRoot;
  /** Digest → value of the shards, sidebars and list parts the root names. */
  blobs: Map<string, string>;
}

/** A route's member of its shard's `routes` object, and that member as JSON. */
interface Member {
  route: string;
  entry: StoredRoute;
  json: string;
}

const memberJson = (route: string, entry: StoredRoute) => `${JSON.stringify(route)}:${JSON.stringify(entry)}`;

function sameEntry(a: StoredRoute, b: StoredRoute): boolean {
  const keys = Object.keys(a) as (keyof StoredRoute)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * The last call's members, by route: npm run dev publishes on every save, and at 10,000 pages
 * making every entry's JSON again cost 30-60 ms of a save for the one or two entries that changed.
 */
let previousMembers = new Map<string, Member>();

/**
 * Splits a build's manifest into its stored form. `versionParts` names the stored parts of its
 * legacy docs versions (storeVersionPart), by version name.
 */
export function storeManifest(manifest: Manifest, versionParts: Record<string, string> = {}): StoredManifest {
  const { blobs, ...parts } = storedParts(manifest);
  const root: ManifestRoot = {
    format: STORE_FORMAT,
    buildId: manifest.buildId,
    builtAt: manifest.builtAt,
    config: manifest.config,
    redirects: manifest.redirects,
    ...parts,
    ...(Object.keys(versionParts).length ? { versionParts } : {}),
  };
  return { root, blobs };
}

/**
 * A legacy docs version's manifest as stored: its part (files, sidebars, routes and the digest of
 * its search root, `search`) as one more blob, named by the root's `versionParts`.
 */
export function storeVersionPart(manifest: Manifest, search: string): { digest: string; blobs: Map<string, string> } {
  const { blobs, ...parts } = storedParts(manifest);
  const value = JSON.stringify({ ...parts, search } satisfies VersionPart);
  const digest = blobDigest(value);
  blobs.set(digest, value);
  return { digest, blobs };
}

/** The fields of a stored root that differ between docs versions, and the blobs they name. */
function storedParts(
  manifest: Manifest,
): Pick<ManifestRoot, "files" | "sidebars" | "routes" | "routeCount"> & { blobs: Map<string, string> } {
  const blobs = new Map<string, string>();
  const put = (value: string) => {
    const digest = blobDigest(value);
    blobs.set(digest, value);
    return digest;
  };

  const routes = Object.keys(manifest.routes).sort();
  const twins = new Set<string>();
  const made = new Map<string, Member>();
  const members = routes.map((route) => {
    const twinPath = markdownPathOf(route);
    const twin = manifest.blobs.files[twinPath] ?? null;
    if (twin) twins.add(twinPath);
    const { title, description, sidebar, counterparts } = manifest.routes[route]!;
    const entry: StoredRoute = {
      title,
      description,
      sidebar,
      ...(counterparts && { counterparts }),
      page: manifest.blobs.pages[route]!,
      twin,
    };
    const last = previousMembers.get(route);
    const member = last && sameEntry(last.entry, entry) ? last : { route, entry, json: memberJson(route, entry) };
    made.set(route, member);
    return member;
  });
  previousMembers = made;
  const routeShards = stableChunks(
    members,
    (m) => m.route,
    (m) => m.json.length + 1,
    ROUTE_SHARD_LIMITS,
  ).map((run) => ({
    from: run[0]!.route,
    // What JSON.stringify({ routes: Object.fromEntries(run) }) makes: routes are never integer-like keys.
    digest: put(`{"routes":{${run.map((m) => m.json).join(",")}}}`),
  }));

  // Twins are found through their route's entry; anything else is a plain file.
  const files = Object.entries(manifest.blobs.files)
    .filter(([path]) => !twins.has(path))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([from, digest]) => ({ from, digest }));

  const sidebars: ManifestRoot["sidebars"] = {};
  for (const [id, items] of Object.entries(manifest.sidebars) as [string, SidebarItem[]][]) {
    sidebars[id] = {
      digest: put(JSON.stringify(items)),
      home: flattenSidebar(items)[0]?.href ?? null,
      categories: items
        .filter((i) => i.type === "category")
        .map((i) => i.label)
        .slice(0, SIDEBAR_CATEGORY_LABELS),
    };
  }

  return {
    files: refParts(files, blobs),
    sidebars,
    routes: refParts(routeShards, blobs),
    routeCount: routes.length,
    blobs,
  };
}

/** A stored build read back: its root, every route with its digests, its files and the parts of its lists. */
export interface StoredBuild {
  root: ManifestRoot;
  routes: Record<string, StoredRoute>;
  files: Ref<string>[];
  /** Route shards and list parts. */
  blobs: string[];
  /** Its legacy docs versions, each read back the same way. */
  versions: StoredVersion[];
}

/** A legacy docs version of a stored build, read back. */
export interface StoredVersion {
  name: string;
  /** Digest of its part, and the part. */
  digest: string;
  part: VersionPart;
  routes: Record<string, StoredRoute>;
  files: Ref<string>[];
  /** Route shards and list parts. */
  blobs: string[];
  /** Its search index's root (read whole with search-store's readStoredSearch). */
  search: unknown;
}

/**
 * Reads a build's stored manifest, or null when the build has no manifest or one in another
 * format. `memo` keeps values by digest across calls (builds share most of them).
 */
export async function readStoredBuild(
  kv: KvTarget,
  buildId: string,
  memo = new Map<string, Promise<unknown>>(),
): Promise<StoredBuild | null> {
  const root = await readJson<Partial<ManifestRoot>>(kv, kvKeys.manifest(buildId));
  if (root?.format !== STORE_FORMAT) return null;
  const read = (digest: string) => {
    let hit = memo.get(digest);
    if (!hit) memo.set(digest, (hit = readJson<unknown>(kv, kvKeys.blob(digest))));
    return hit;
  };
  const parts = <K>(refs: Ref<K>[]) =>
    Promise.all(
      refs.map(async (r) => {
        const part = await read(r.digest);
        if (!isRefPart(part)) throw new Error(`build ${buildId} names a list part that is not in KV`);
        return part as RefPart<K>;
      }),
    );
  const listsOf = async (lists: Pick<ManifestRoot, "routes" | "files">) => {
    const [shardList, files] = await Promise.all([allRefs(lists.routes, parts), allRefs(lists.files, parts)]);
    const routes: Record<string, StoredRoute> = {};
    for (const shard of await Promise.all(shardList.refs.map((s) => read(s.digest)))) {
      if (!shard) throw new Error(`build ${buildId} names a route shard that is not in KV`);
      Object.assign(routes, (shard as RouteShard).routes);
    }
    const blobs = [...shardList.parts, ...shardList.refs.map((s) => s.digest), ...files.parts];
    return { routes, files: files.refs, blobs };
  };
  const versions: StoredVersion[] = [];
  for (const [name, digest] of Object.entries(root.versionParts ?? {})) {
    const part = (await read(digest)) as VersionPart | null;
    if (!part) throw new Error(`build ${buildId} names a part of docs version ${name} that is not in KV`);
    const search = await read(part.search);
    if (!search) throw new Error(`build ${buildId} names a search index of docs version ${name} that is not in KV`);
    versions.push({ name, digest, part, ...(await listsOf(part)), search });
  }
  return { root: root as ManifestRoot, ...(await listsOf(root as ManifestRoot)), versions };
}

/**
 * Every blob digest a stored build's manifest names: files, sidebars, route shards, list parts, page
 * records and twins, and of each legacy docs version those, its part and its search root (the
 * values that root names are the search index's: stored-build.ts reads them).
 */
export function storedDigests(build: StoredBuild): string[] {
  const named = (
    lists: Pick<StoredBuild, "files" | "blobs" | "routes">,
    sidebars: ManifestRoot["sidebars"],
  ): string[] => [
    ...lists.files.map((f) => f.digest),
    ...Object.values(sidebars).map((s) => s.digest),
    ...lists.blobs,
    ...Object.values(lists.routes).flatMap((r) => (r.twin ? [r.page, r.twin] : [r.page])),
  ];
  return [
    ...named(build, build.root.sidebars),
    ...build.versions.flatMap((v) => [v.digest, v.part.search, ...named(v, v.part.sidebars)]),
  ];
}

/** Route → digest of its page record, of a stored build (a legacy docs version's under its prefix). */
export function storedPageDigests(build: StoredBuild): Record<string, string> {
  const digests = Object.fromEntries(Object.entries(build.routes).map(([route, r]) => [route, r.page]));
  if (!build.versions.length) return digests;
  const prefixes = new Map(versionsOf(build.root.config).map((v) => [v.name, v.prefix]));
  for (const v of build.versions) {
    const prefix = prefixes.get(v.name) ?? `/${v.name}/`;
    for (const [route, r] of Object.entries(v.routes)) digests[`${prefix}${route.slice(1)}`] = r.page;
  }
  return digests;
}
