/**
 * Channel operations over any KvTarget: what changed against the live build, rollback to a retained
 * build, and garbage collection of old builds (never the live or the previous one of any channel,
 * nor one being published).
 */
import { kvKeys, type Manifest, type PublishRecord } from "../../client/contracts/page";
import { MANIFEST_FORMAT, type ManifestRoot, type RouteShard } from "../../client/contracts/stored-manifest";
import { searchPieceDigests, type SearchRoot } from "../../client/contracts/search-index";
import { readJson, type KvTarget } from "./kv-target";
import { PENDING_TTL_MS, pendingKeys, readPending } from "./pending";
import { readStoredBuild, storedDigests, storedPageDigests } from "./stored-manifest";

export interface RouteDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

export async function liveBuildId(kv: KvTarget, channel: string): Promise<string | null> {
  return (await kv.get(kvKeys.channel(channel)))?.trim() || null;
}

export function diffDigests(before: Record<string, string>, after: Record<string, string>): RouteDiff {
  const added = Object.keys(after)
    .filter((r) => !(r in before))
    .sort();
  const removed = Object.keys(before)
    .filter((r) => !(r in after))
    .sort();
  const changed = Object.keys(after)
    .filter((r) => r in before && before[r] !== after[r])
    .sort();
  return { added, changed, removed };
}

/** Routes added, changed and removed by `next` against what `channel` serves now. */
export async function diffAgainstLive(kv: KvTarget, channel: string, next: Record<string, string>): Promise<RouteDiff> {
  const live = await liveBuildId(kv, channel);
  return diffDigests(storedPageDigests(live ? await readStoredBuild(kv, live) : null), next);
}

export async function history(kv: KvTarget, channel: string): Promise<PublishRecord[]> {
  return (await readJson<PublishRecord[]>(kv, kvKeys.history(channel))) ?? [];
}

class OperationError extends Error {}

/** Points `channel` at a retained build. The build must be complete (its manifest present). */
export async function rollback(
  kv: KvTarget,
  channel: string,
  buildId: string,
): Promise<{ from: string | null; to: string }> {
  if (!/^[0-9a-f]{12}$/.test(buildId)) throw new OperationError(`"${buildId}" is not a build id (12 hex characters)`);
  const manifest = await readJson<Partial<ManifestRoot>>(kv, kvKeys.manifest(buildId));
  if (!manifest)
    throw new OperationError(`build ${buildId} is not in KV (it was never published or has been collected)`);
  if (manifest.format !== MANIFEST_FORMAT)
    throw new OperationError(
      `build ${buildId} predates the sharded manifest and cannot be served; publish its commit again`,
    );
  const from = await liveBuildId(kv, channel);
  await kv.put(kvKeys.channel(channel), buildId);
  await appendHistory(kv, channel, await history(kv, channel), buildId);
  return { from, to: buildId };
}

/**
 * A channel's history keeps its last HISTORY_LIMIT entries, so the value a publish rewrites stays
 * small however long the site lives. GC's retention reads it: a build that fell off the history
 * (and is neither live nor previous) counts as published long ago.
 */
export const HISTORY_LIMIT = 500;

async function appendHistory(kv: KvTarget, channel: string, past: PublishRecord[], buildId: string): Promise<void> {
  const next = [...past, { buildId, at: new Date().toISOString() }].slice(-HISTORY_LIMIT);
  await kv.put(kvKeys.history(channel), JSON.stringify(next));
}

/** Records a publish in the channel's history. */
export async function recordPublish(kv: KvTarget, channel: string, buildId: string): Promise<void> {
  const past = await history(kv, channel);
  if (past.at(-1)?.buildId === buildId) return;
  await appendHistory(kv, channel, past, buildId);
}

export interface GcResult {
  kept: string[];
  deleted: string[];
  /** Builds being published now (a fresh pending record): kept, with everything they name. */
  inFlight: string[];
  keysDeleted: number;
}

/**
 * Deletes builds last published more than `retentionDays` ago, keeping the live and the previous
 * build of every channel and every build being published, then the blobs (page records, files) and
 * content assets no kept build refers to.
 *
 * Keys are listed before the roots are read. A build whose keys are in that listing has, by the
 * time the roots are read, either a pending record (it is being published) or a channel and
 * history entry (its publish finished), since a publish removes its pending record last; so no
 * build's value is taken for an orphan. Pending records older than PENDING_TTL_MS are from
 * publishes that died: they are deleted and protect nothing.
 */
export async function collectGarbage(
  kv: KvTarget,
  retentionDays: number,
  now = Date.now(),
  dryRun = false,
): Promise<GcResult> {
  const buildKeys = await kv.list("build/");
  const stored = [...(await kv.list("asset/")), ...(await kv.list("blob/"))];

  const pending = await readPending(kv);
  const fresh = pending.filter((p) => now - Date.parse(p.at) < PENDING_TTL_MS);
  const expired = pending.filter((p) => !fresh.includes(p)).flatMap(pendingKeys);
  // A publish in flight keeps what it adds and the build it reuses the rest from (its base).
  const protectedIds = new Set(fresh.flatMap((p) => (p.base ? [p.buildId, p.base] : [p.buildId])));
  const used = new Set(fresh.flatMap((p) => [...p.blobs.map(kvKeys.blob), ...p.assets.map(kvKeys.asset)]));
  const lastSeen = new Map<string, number>();
  for (const channel of (await kv.list("channel/")).map((k) => k.slice("channel/".length))) {
    const live = await liveBuildId(kv, channel);
    if (live) protectedIds.add(live);
    const past = await history(kv, channel);
    const distinct = [...new Set(past.map((p) => p.buildId))];
    const previous = distinct.filter((id) => id !== live).at(-1);
    if (previous) protectedIds.add(previous);
    for (const p of past) lastSeen.set(p.buildId, Math.max(lastSeen.get(p.buildId) ?? 0, Date.parse(p.at)));
  }

  const ids = [...new Set(buildKeys.map((k) => k.split("/")[1]!))];
  const cutoff = now - retentionDays * 86_400_000;
  const deleted = ids.filter((id) => !protectedIds.has(id) && (lastSeen.get(id) ?? 0) < cutoff);
  const kept = ids.filter((id) => !deleted.includes(id));
  const doomed = buildKeys.filter((k) => deleted.includes(k.split("/")[1]!));
  // Roots too: a publish that finished after the listing has no keys in it, but its blobs may be there.
  const shards = new Map<string, Promise<RouteShard | null>>();
  for (const id of new Set([...kept, ...protectedIds])) {
    for (const name of (await readJson<string[]>(kv, kvKeys.buildAssets(id))) ?? []) used.add(kvKeys.asset(name));
    const stored = await readStoredBuild(kv, id, shards);
    // A build published before the manifest was sharded still names its blobs in its one value.
    const legacy = stored ? null : (await readJson<Partial<Manifest>>(kv, kvKeys.manifest(id)))?.blobs;
    const search = await readJson<SearchRoot>(kv, kvKeys.searchIndex(id));
    for (const digest of [
      ...(stored ? storedDigests(stored) : []),
      ...Object.values(legacy?.pages ?? {}),
      ...Object.values(legacy?.files ?? {}),
      ...searchPieceDigests(search),
    ])
      used.add(kvKeys.blob(digest));
  }
  const orphans = stored.filter((k) => !used.has(k));
  const doomedKeys = [...doomed, ...orphans, ...expired];
  if (!dryRun) await kv.deleteMany(doomedKeys);
  return { kept, deleted, inFlight: fresh.map((p) => p.buildId), keysDeleted: doomedKeys.length };
}
