/**
 * Everything a stored build names, in either format this code reads (client/contracts/
 * store-format.ts): its routes' page records and every blob of its manifest and search index.
 * What the live build already has (publish), what GC keeps, what a rollback checks.
 */
import { kvKeys } from "../../client/contracts/page";
import { searchPieceDigests, type SearchRoot } from "../../client/contracts/search-index";
import { readFormat2Build } from "./format-2/stored-build";
import { readJson, type KvTarget } from "./kv-target";
import { readStoredBuild, storedDigests } from "./stored-manifest";

export interface BuildValues {
  /** Route → digest of its page record. */
  pages: Record<string, string>;
  /** Every blob the build names. */
  blobs: string[];
  /** Its search root. */
  search: SearchRoot | null;
}

/**
 * The values of a stored build, or null when it has no manifest in a format this code reads.
 * `memo` keeps values by digest across calls (builds share most of them). Throws when a value the
 * build names is missing.
 */
export async function readBuildValues(
  kv: KvTarget,
  buildId: string,
  memo = new Map<string, Promise<unknown>>(),
): Promise<BuildValues | null> {
  const search = await readJson<SearchRoot>(kv, kvKeys.searchIndex(buildId));
  const build = await readStoredBuild(kv, buildId, memo);
  if (build) {
    const pages = Object.fromEntries(Object.entries(build.routes).map(([route, r]) => [route, r.page]));
    return { pages, blobs: [...storedDigests(build), ...searchPieceDigests(search)], search };
  }
  const older = await readFormat2Build(kv, buildId, memo);
  if (!older) return null;
  const pages = Object.fromEntries(Object.entries(older.routes).map(([route, r]) => [route, r.page]));
  return { pages, blobs: older.blobs, search };
}
