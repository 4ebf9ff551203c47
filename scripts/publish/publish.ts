/**
 * Publishing a build: the values it needs are written first (page records and files as
 * content-addressed blobs, only those KV does not hold yet; images; the search index), then the
 * build's manifest, then the channel pointer is flipped. A reader sees the old build or the new
 * one, never a mix; an interrupted publish leaves the old build live. A one-page change writes a
 * handful of keys, not the whole site (KV's free plan allows 1,000 writes a day).
 */
import { kvKeys, type Manifest } from "../../client/contracts/page";
import { pageRecordValue } from "../build/blobs";
import type { SiteBuild } from "../build/build";
import type { KvTarget } from "./kv-target";

export interface PublishResult {
  buildId: string;
  previous: string | null;
  keysWritten: number;
}

/** Digests of the blobs the live build uses: a new build need not write them again. */
async function liveBlobs(kv: KvTarget, live: string | null): Promise<Set<string>> {
  const text = live ? await kv.get(kvKeys.manifest(live.trim())) : null;
  if (!text) return new Set();
  const manifest = JSON.parse(text) as Partial<Manifest>;
  return new Set([...Object.values(manifest.blobs?.pages ?? {}), ...Object.values(manifest.blobs?.files ?? {})]);
}

export async function publishBuild(kv: KvTarget, build: SiteBuild, channel: string): Promise<PublishResult> {
  const previous = await kv.get(kvKeys.channel(channel));
  const have = await liveBlobs(kv, previous);
  const blobs = new Map<string, string>();
  for (const [route, record] of build.pages) blobs.set(build.manifest.blobs.pages[route]!, pageRecordValue(record));
  for (const file of build.files) blobs.set(build.manifest.blobs.files[file.path]!, file.body);
  const entries: { key: string; value: string | Uint8Array }[] = [...blobs]
    .filter(([digest]) => !have.has(digest))
    .map(([digest, value]) => ({ key: kvKeys.blob(digest), value }));
  // Images are content-addressed too: only the ones KV does not hold yet are written.
  const existing = new Set(await kv.list("asset/"));
  for (const [name, a] of build.assets)
    if (!existing.has(kvKeys.asset(name))) entries.push({ key: kvKeys.asset(name), value: new Uint8Array(a.body) });
  entries.push({ key: kvKeys.searchIndex(build.buildId), value: JSON.stringify(build.search.index) });
  entries.push({ key: kvKeys.buildAssets(build.buildId), value: JSON.stringify([...build.assets.keys()]) });
  await kv.putMany(entries);
  // The manifest goes last within the build: its presence marks the build complete.
  await kv.put(kvKeys.manifest(build.buildId), JSON.stringify(build.manifest));
  if (previous !== build.buildId) await kv.put(kvKeys.channel(channel), build.buildId);
  return { buildId: build.buildId, previous, keysWritten: entries.length + 1 };
}

/** Route → digest of its page record, to tell which routes a new build changes. */
export function pageDigests(build: SiteBuild): Record<string, string> {
  return build.manifest.blobs.pages;
}
