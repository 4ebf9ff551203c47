/**
 * Whether every value a build names is in KV: its manifest root, route shards, sidebars, list
 * parts, page records, twins and files, its search root and pieces, and its images. A rollback
 * refuses a build with any missing, since the worker would answer 500 or 503 for the pages that
 * need them.
 */
import { kvKeys } from "../../common/page";
import { readJson, type KvTarget } from "./kv-target";
import { readBuildValues, type BuildValues } from "./stored-build";

/** The KV keys the build names that KV does not hold (empty when it is complete). */
export async function missingValues(kv: KvTarget, buildId: string): Promise<string[]> {
  let build: BuildValues | null;
  try {
    build = await readBuildValues(kv, buildId);
  } catch (e) {
    return [(e as Error).message];
  }
  if (!build) return [kvKeys.manifest(buildId)];
  if (!build.searchRoot) return [kvKeys.searchIndex(buildId)];
  const assets = (await readJson<string[]>(kv, kvKeys.buildAssets(buildId))) ?? [];
  const wanted = [...build.blobs.map(kvKeys.blob), ...assets.map(kvKeys.asset)];
  const present = new Set([...(await kv.list("blob/")), ...(await kv.list("asset/"))]);
  return [...new Set(wanted)].filter((key) => !present.has(key));
}
