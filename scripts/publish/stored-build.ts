/**
 * Everything a stored build names (common/store-format.ts): its routes' page records and
 * every blob of its manifest and search index, and of each legacy docs version's.
 * What the live build already has (publish), what GC keeps, what a rollback checks.
 */
import { kvKeys } from "../../common/page";
import { readJson, type KvTarget } from "./kv-target";
import { readStoredSearch, type StoredSearch } from "./search-store";
import { readStoredBuild, storedDigests, storedPageDigests } from "./stored-manifest";

export interface BuildValues {
  /** Route → digest of its page record (a legacy docs version's under its prefix). */
  pages: Record<string, string>;
  /** Every blob the build names. */
  blobs: string[];
  /** Whether the build has its search root. */
  searchRoot: boolean;
  /** Its search index as a publish builds on it (null for a build without one). */
  search: StoredSearch | null;
  /** Each legacy docs version's search index, by version name. */
  versionSearch: Map<string, StoredSearch>;
}

/**
 * The values of a stored build, or null when it has no manifest in a format this code reads.
 * `memo` keeps values by digest across calls (builds share most of them). Throws when a value the
 * build names on the way to the others (a shard, a part, a segment) is missing.
 */
export async function readBuildValues(
  kv: KvTarget,
  buildId: string,
  memo = new Map<string, Promise<unknown>>(),
): Promise<BuildValues | null> {
  const searchRoot = await readJson<unknown>(kv, kvKeys.searchIndex(buildId));
  const build = await readStoredBuild(kv, buildId, memo);
  if (!build) return null;
  const text = (digest: string) => {
    let hit = memo.get(`text ${digest}`) as Promise<string> | undefined;
    if (!hit) {
      hit = kv.get(kvKeys.blob(digest)).then((value) => {
        if (value === null) throw new Error(`build ${buildId} names a search value ${digest} that is not in KV`);
        return value;
      });
      memo.set(`text ${digest}`, hit);
    }
    return hit;
  };
  const search = await readStoredSearch(searchRoot, text);
  const versionSearch = new Map<string, StoredSearch>();
  for (const v of build.versions) {
    const stored = await readStoredSearch(v.search, text);
    if (!stored) throw new Error(`build ${buildId} names a search index of docs version ${v.name} of another format`);
    versionSearch.set(v.name, stored);
  }
  const blobs = [
    ...storedDigests(build),
    ...(search?.blobs ?? []),
    ...[...versionSearch.values()].flatMap((s) => [...s.blobs]),
  ];
  return { pages: storedPageDigests(build), blobs, searchRoot: searchRoot !== null, search, versionSearch };
}
