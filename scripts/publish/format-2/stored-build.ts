/**
 * What a build stored in format 2 names (client/contracts/format-2/: its manifest root listing its
 * route shards and files, its search root listing every piece, pack and patch), read for one
 * release after format 3 so that GC keeps such a build's values while a channel can return to it
 * and rollback checks it is whole. This folder goes in the next release.
 */
import { kvKeys } from "../../../client/contracts/page";
import { searchPieceDigests, type SearchRoot } from "../../../client/contracts/format-2/search-index";
import type { ManifestRoot, RouteShard, StoredRoute } from "../../../client/contracts/format-2/stored-manifest";
import { readJson, type KvTarget } from "../kv-target";

/** A format-2 build's routes and every blob it names, or null when the build is not of format 2. */
export async function readFormat2Build(
  kv: KvTarget,
  buildId: string,
  memo: Map<string, Promise<unknown>>,
): Promise<{ routes: Record<string, StoredRoute>; blobs: string[] } | null> {
  const root = await readJson<Partial<ManifestRoot>>(kv, kvKeys.manifest(buildId));
  if (root?.format !== 2) return null;
  const routes: Record<string, StoredRoute> = {};
  const read = (digest: string) => {
    let hit = memo.get(digest);
    if (!hit) memo.set(digest, (hit = readJson<RouteShard>(kv, kvKeys.blob(digest))));
    return hit as Promise<RouteShard | null>;
  };
  for (const shard of await Promise.all(root.routeShards!.map((s) => read(s.digest)))) {
    if (!shard) throw new Error(`build ${buildId} names a route shard that is not in KV`);
    Object.assign(routes, shard.routes);
  }
  const search = await readJson<SearchRoot>(kv, kvKeys.searchIndex(buildId));
  return {
    routes,
    blobs: [
      ...Object.values(root.files!),
      ...Object.values(root.sidebars!).map((s) => s.digest),
      ...root.routeShards!.map((s) => s.digest),
      ...Object.values(routes).flatMap((r) => (r.twin ? [r.page, r.twin] : [r.page])),
      ...searchPieceDigests(search),
    ],
  };
}
