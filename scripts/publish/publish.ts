/**
 * Publishing a build: every key of the build is written under build/<id>/, then the channel
 * pointer is flipped. A reader sees the old build or the new one, never a mix; an interrupted
 * publish leaves the old build live.
 */
import { createHash } from "node:crypto";
import { kvKeys } from "../../client/contracts/page";
import type { SiteBuild } from "../build/build";
import type { KvTarget } from "./kv-target";

export interface PublishResult {
  buildId: string;
  previous: string | null;
  keysWritten: number;
}

export async function publishBuild(kv: KvTarget, build: SiteBuild, channel: string): Promise<PublishResult> {
  const entries: { key: string; value: string | Uint8Array }[] = [...build.pages].map(([route, record]) => ({
    key: kvKeys.page(build.buildId, route),
    value: JSON.stringify(record),
  }));
  // Images are content-addressed: only the ones KV does not hold yet are written.
  const existing = new Set(await kv.list("asset/"));
  const assets = [...build.assets]
    .filter(([name]) => !existing.has(kvKeys.asset(name)))
    .map(([name, a]) => ({ key: kvKeys.asset(name), value: new Uint8Array(a.body) }));
  entries.push({ key: kvKeys.searchIndex(build.buildId), value: JSON.stringify(build.search.index) });
  for (const file of build.files) entries.push({ key: kvKeys.file(build.buildId, file.path), value: file.body });
  entries.push({ key: kvKeys.digests(build.buildId), value: JSON.stringify(pageDigests(build)) });
  entries.push({ key: kvKeys.buildAssets(build.buildId), value: JSON.stringify([...build.assets.keys()]) });
  await kv.putMany([...assets, ...entries]);
  // The manifest goes last within the build: its presence marks the build complete.
  await kv.put(kvKeys.manifest(build.buildId), JSON.stringify(build.manifest));
  const previous = await kv.get(kvKeys.channel(channel));
  if (previous !== build.buildId) await kv.put(kvKeys.channel(channel), build.buildId);
  return { buildId: build.buildId, previous, keysWritten: assets.length + entries.length + 1 };
}

/** Route → short digest of its page record, to tell which routes a new build changes. */
export function pageDigests(build: SiteBuild): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [route, record] of build.pages) out[route] = createHash("sha256").update(JSON.stringify(record)).digest("hex").slice(0, 16);
  return out;
}
