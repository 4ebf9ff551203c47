/**
 * Publishing a build, in an order that keeps every reader and the garbage collector safe:
 *
 * 1. `pending/<id>` (scripts/publish/pending.ts), naming the live build as its base and the values
 *    it adds: from here on GC keeps the base build and those values;
 * 2. the values it needs: page records and files as content-addressed blobs and images, only those
 *    the live build does not already have (the search index's pieces, parts and segment, route
 *    shards, sidebars and the manifest's parts are blobs too: search-store/, stored-manifest.ts);
 *    the search index's root; the build's image list;
 * 3. `build/<id>/manifest`, the manifest's small root: its presence marks the build complete (each
 *    legacy docs version's part of it, its search root included, is a blob written in step 2);
 * 4. the channel pointer, then the channel's history; then the pending record goes.
 *
 * A reader sees the old build or the new one, never a mix; an interrupted publish leaves the old
 * build live and can simply be run again. A one-page change writes a handful of keys, not the
 * whole site (KV's free plan allows 1,000 writes a day).
 */
import { kvKeys } from "../../common/page";
import type { SiteBuild } from "../build/build";
import { blobDigest } from "../build/blobs";
import { readJson, type KvTarget, type KvValue } from "./kv-target";
import { recordPublish } from "./operations";
import { pendingValues, type PendingPublish } from "./pending";
import { storeSearchIndex, type StoredSearch } from "./search-store";
import { readBuildValues } from "./stored-build";
import { storeManifest, storeVersionPart } from "./stored-manifest";

/** A publish writes its values in batches of at most this many keys or bytes (each one call of the target's putMany). */
const BATCH_KEYS = 1000;
const BATCH_BYTES = 32 * 1024 * 1024;

export interface PublishResult {
  buildId: string;
  previous: string | null;
  /** Keys of the build written (blobs, images, search index, image list, manifest); bookkeeping not counted. */
  keysWritten: number;
  /** Those keys' bytes. */
  bytesWritten: number;
}

/** What a stored build holds: its blobs' digests, its assets' names and its search index (of this format), and each legacy docs version's. */
interface StoredValues {
  blobs: Set<string>;
  assets: Set<string>;
  search: StoredSearch | null;
  versionSearch: Map<string, StoredSearch>;
}

/**
 * What one process last published to one KV namespace, so that its next publish does not read that
 * build back: `npm run dev` publishes on every save, and on a large site reading the live build's
 * route shards and search index back from KV takes longer than the save's own writes. Trusted only
 * while the channel still points at that build (another process that published since moved it).
 * Keep one per KV namespace.
 */
export class LastPublished {
  private last: { channel: string; buildId: string; values: StoredValues } | undefined;

  valuesOf(channel: string, buildId: string | null): StoredValues | undefined {
    const last = this.last;
    return last && last.channel === channel && last.buildId === buildId ? last.values : undefined;
  }

  remember(channel: string, buildId: string, values: StoredValues): void {
    this.last = { channel, buildId, values };
  }
}

/**
 * What the live build already stored. Only these are trusted to exist: they are GC roots for as
 * long as this publish runs, unlike a stray key that happens to be in KV now (GC may be deleting it).
 */
async function liveValues(kv: KvTarget, live: string | null): Promise<StoredValues> {
  const stored = live ? await readBuildValues(kv, live) : null;
  const assets = stored && live ? await readJson<string[]>(kv, kvKeys.buildAssets(live)) : null;
  return {
    blobs: new Set(stored?.blobs),
    assets: new Set(assets ?? []),
    search: stored?.search ?? null,
    versionSearch: stored?.versionSearch ?? new Map(),
  };
}

/** Reads a live stored value's text; a missing one is an error naming it. */
const liveText = (kv: KvTarget) => async (digest: string) => {
  const text = await kv.get(kvKeys.blob(digest));
  if (text === null) throw new Error(`the live build's value ${digest} is missing from KV`);
  return text;
};

/** Thrown when the channel moved while the build was written (a rollback or another publish): nothing was flipped. */
export class ChannelMoved extends Error {}

export async function publishBuild(
  kv: KvTarget,
  build: SiteBuild,
  channel: string,
  lastPublished?: LastPublished,
  /** Run just before the channel pointer moves (the CLI checks its write lease there). */
  beforeFlip?: () => Promise<void>,
): Promise<PublishResult> {
  const previous = (await kv.get(kvKeys.channel(channel)))?.trim() || null;
  const have = lastPublished?.valuesOf(channel, previous) ?? (await liveValues(kv, previous));
  // Values are gathered lazily (search pieces and manifest pieces are made as text): only the
  // digests the live build lacks are written.
  const blobs = new Map<string, () => string>();
  for (const version of [build, ...build.versions]) {
    for (const route of version.values.keys())
      blobs.set(version.manifest.blobs.pages[route]!, () => version.values.get(route)!);
    for (const file of version.files) blobs.set(version.manifest.blobs.files[file.path]!, () => file.body);
  }
  const search = await storeSearchIndex(build.search.index, have.search, liveText(kv), have.blobs);
  for (const [digest, value] of search.blobs) blobs.set(digest, () => value);
  // Each legacy docs version: its search index (built on the live build's index of that version),
  // its search root and manifest part as blobs; an unchanged version makes the values it made before.
  const versionParts: Record<string, string> = {};
  const versionSearch = new Map<string, StoredSearch>();
  for (const version of build.versions) {
    const name = version.version.name;
    const live = have.versionSearch.get(name) ?? null;
    const stored = await storeSearchIndex(version.search.index, live, liveText(kv), have.blobs);
    for (const [digest, value] of stored.blobs) blobs.set(digest, () => value);
    const rootJson = JSON.stringify(stored.stored.root);
    const rootDigest = blobDigest(rootJson);
    blobs.set(rootDigest, () => rootJson);
    const part = storeVersionPart(version.manifest, rootDigest);
    for (const [digest, value] of part.blobs) blobs.set(digest, () => value);
    versionParts[name] = part.digest;
    versionSearch.set(name, stored.stored);
  }
  const manifest = storeManifest(build.manifest, versionParts);
  for (const [digest, value] of manifest.blobs) blobs.set(digest, () => value);
  const newBlobs = [...blobs].filter(([digest]) => !have.blobs.has(digest));
  const assets = new Map([...build.versions.flatMap((v) => [...v.assets]), ...build.assets]);
  const newAssets = [...assets].filter(([name]) => !have.assets.has(name));
  const pending: PendingPublish = {
    buildId: build.buildId,
    channel,
    at: new Date().toISOString(),
    base: previous,
    blobs: newBlobs.map(([digest]) => digest),
    assets: newAssets.map(([name]) => name),
  };
  // The record's parts (a large first publish) before the record, so it never names a missing part.
  const pendingParts = pendingValues(pending);
  const [recordKey, ...partKeys] = pendingParts.keys();
  if (partKeys.length) await kv.putMany(partKeys.map((key) => ({ key, value: pendingParts.get(key)! })));
  await kv.put(recordKey!, pendingParts.get(recordKey!)!);

  // Values are made a batch at a time: a first publish of a large site never holds them all.
  const batch: { key: string; value: KvValue }[] = [];
  let batchBytes = 0;
  let written = 0;
  let bytesWritten = 0;
  const put = async (key: string, value: KvValue) => {
    batch.push({ key, value });
    batchBytes += value.length;
    bytesWritten += typeof value === "string" ? Buffer.byteLength(value) : value.byteLength;
    written++;
    if (batch.length >= BATCH_KEYS || batchBytes >= BATCH_BYTES) await flush();
  };
  const flush = async () => {
    if (batch.length) await kv.putMany(batch.splice(0));
    batchBytes = 0;
  };
  for (const [digest, value] of newBlobs) await put(kvKeys.blob(digest), value());
  for (const [name, a] of newAssets) await put(kvKeys.asset(name), new Uint8Array(a.body));
  await put(kvKeys.searchIndex(build.buildId), JSON.stringify(search.stored.root));
  await put(kvKeys.buildAssets(build.buildId), JSON.stringify([...assets.keys()]));
  await flush();
  const manifestJson = JSON.stringify(manifest.root);
  bytesWritten += Buffer.byteLength(manifestJson);
  await kv.put(kvKeys.manifest(build.buildId), manifestJson);
  await beforeFlip?.();
  // A rollback or another publish that moved the channel meanwhile is not silently undone.
  const now = (await kv.get(kvKeys.channel(channel)))?.trim() || null;
  if (now !== previous)
    throw new ChannelMoved(
      `channel ${channel} moved from ${previous ?? "nothing"} to ${now ?? "nothing"} while build ${build.buildId} was written; it was left as it is: publish again to serve this build`,
    );
  if (previous !== build.buildId) await kv.put(kvKeys.channel(channel), build.buildId);
  await recordPublish(kv, channel, build.buildId);
  await kv.deleteMany([...pendingParts.keys()]);
  // Everything the build names is stored now: what it wrote, and what the live build had.
  lastPublished?.remember(channel, build.buildId, {
    blobs: new Set([
      ...blobs.keys(),
      ...search.stored.blobs,
      ...[...versionSearch.values()].flatMap((s) => [...s.blobs]),
    ]),
    assets: new Set(assets.keys()),
    search: search.stored,
    versionSearch,
  });
  return { buildId: build.buildId, previous, keysWritten: written + 1, bytesWritten };
}

/** Route → digest of its page record, to tell which routes a new build changes (a legacy docs version's under its prefix). */
export function pageDigests(build: SiteBuild): Record<string, string> {
  const digests = { ...build.manifest.blobs.pages };
  for (const v of build.versions)
    for (const [route, digest] of Object.entries(v.manifest.blobs.pages))
      digests[`${v.version.prefix}${route.slice(1)}`] = digest;
  return digests;
}
