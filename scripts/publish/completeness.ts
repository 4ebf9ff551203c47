/**
 * Whether every value a build names is in KV: its manifest root, route shards, sidebars, page
 * records, twins and files, its search root and pieces, and its images. A rollback refuses a build
 * with any missing, since the worker would answer 500 or 503 for the pages that need them.
 */
import { kvKeys } from "../../client/contracts/page";
import { searchPieceDigests, type SearchRoot } from "../../client/contracts/search-index";
import { readJson, type KvTarget } from "./kv-target";
import { readStoredBuild, storedDigests } from "./stored-manifest";

/** The KV keys the build names that KV does not hold (empty when it is complete). */
export async function missingValues(kv: KvTarget, buildId: string): Promise<string[]> {
  let build;
  try {
    build = await readStoredBuild(kv, buildId);
  } catch (e) {
    return [(e as Error).message];
  }
  if (!build) return [kvKeys.manifest(buildId)];
  const search = await readJson<SearchRoot>(kv, kvKeys.searchIndex(buildId));
  if (!search) return [kvKeys.searchIndex(buildId)];
  const assets = (await readJson<string[]>(kv, kvKeys.buildAssets(buildId))) ?? [];
  const wanted = [
    ...[...storedDigests(build), ...searchPieceDigests(search)].map(kvKeys.blob),
    ...assets.map(kvKeys.asset),
  ];
  const present = new Set([...(await kv.list("blob/")), ...(await kv.list("asset/"))]);
  return [...new Set(wanted)].filter((key) => !present.has(key));
}
