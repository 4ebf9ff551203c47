/**
 * Garbage collection of old builds: never the builds a rollback can reach (the live and the
 * previous build of every channel), nor one being published, nor one published within the
 * retention period. Preview channels not published for PREVIEW_RETENTION_DAYS stop protecting
 * anything, and their pointers and histories go; so do the pointers of store formats older than
 * any this code reads (common/store-format.ts), whose builds are then collected like any
 * other. (A newer format's pointer, a preview of a branch that bumps the format, is left alone.)
 *
 * Keys are listed before the roots are read. A build whose keys are in that listing has, by the
 * time the roots are read, either a pending record (it is being published) or a channel and
 * history entry (its publish finished), since a publish removes its pending record last; so no
 * build's value is taken for an orphan. Pending records older than PENDING_TTL_MS are from
 * publishes that died: they are deleted and protect nothing.
 */
import { kvKeys, type PublishRecord } from "../../common/page";
import { channelOfKey, READABLE_FORMATS } from "../../common/store-format";
import { readJson, type KvTarget } from "./kv-target";
import { PENDING_TTL_MS, pendingKeys, readPending } from "./pending";
import { readBuildValues } from "./stored-build";

/** A preview channel not published for this long is abandoned: its builds may be collected. */
export const PREVIEW_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface GcResult {
  kept: string[];
  deleted: string[];
  /** Builds being published now (a fresh pending record): kept, with everything they name. */
  inFlight: string[];
  /** Channel pointers removed: abandoned previews and formats no worker reads (`name` or `name@format`). */
  channelsRemoved: string[];
  keysDeleted: number;
}

/**
 * The build a rollback returns to: the newest one in the history that is not live. (Not the last
 * of the distinct ids in first-seen order: with history A, B, A, C, A, D that is C, while A was live
 * just before D.)
 */
export function previousBuild(past: PublishRecord[], live: string | null): string | null {
  for (let i = past.length - 1; i >= 0; i--) if (past[i]!.buildId !== live) return past[i]!.buildId;
  return null;
}

interface ChannelRoots {
  protectedIds: Set<string>;
  lastSeen: Map<string, number>;
  removedKeys: string[];
  channelsRemoved: string[];
}

/** What each channel pointer protects, and the pointers that protect nothing any more. */
async function channelRoots(kv: KvTarget, now: number): Promise<ChannelRoots> {
  const roots: ChannelRoots = { protectedIds: new Set(), lastSeen: new Map(), removedKeys: [], channelsRemoved: [] };
  for (const name of (await kv.list("channel/")).map((k) => k.slice("channel/".length))) {
    const { channel, format } = channelOfKey(name);
    const live = (await kv.get(kvKeys.channel(channel, format)))?.trim() || null;
    const past = (await readJson<PublishRecord[]>(kv, kvKeys.history(channel, format))) ?? [];
    const lastPublished = Math.max(0, ...past.map((p) => Date.parse(p.at)));
    const abandoned = channel.startsWith("preview-") && now - lastPublished > PREVIEW_RETENTION_DAYS * DAY_MS;
    if (abandoned || format < Math.min(...READABLE_FORMATS)) {
      roots.removedKeys.push(kvKeys.channel(channel, format), kvKeys.history(channel, format));
      roots.channelsRemoved.push(name);
      continue;
    }
    if (live) roots.protectedIds.add(live);
    const previous = previousBuild(past, live);
    if (previous) roots.protectedIds.add(previous);
    for (const p of past) roots.lastSeen.set(p.buildId, Math.max(roots.lastSeen.get(p.buildId) ?? 0, Date.parse(p.at)));
  }
  return roots;
}

/**
 * Deletes builds last published more than `retentionDays` ago, keeping those a rollback can reach
 * and every build being published, then the blobs (page records, files) and content assets no kept
 * build refers to.
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
  const roots = await channelRoots(kv, now);
  // A publish in flight keeps what it adds and the build it reuses the rest from (its base).
  for (const p of fresh) for (const id of p.base ? [p.buildId, p.base] : [p.buildId]) roots.protectedIds.add(id);
  const used = new Set(fresh.flatMap((p) => [...p.blobs.map(kvKeys.blob), ...p.assets.map(kvKeys.asset)]));

  const ids = [...new Set(buildKeys.map((k) => k.split("/")[1]!))];
  const cutoff = now - retentionDays * DAY_MS;
  const deleted = ids.filter((id) => !roots.protectedIds.has(id) && (roots.lastSeen.get(id) ?? 0) < cutoff);
  const kept = ids.filter((id) => !deleted.includes(id));
  const doomed = buildKeys.filter((k) => deleted.includes(k.split("/")[1]!));
  // Roots too: a publish that finished after the listing has no keys in it, but its blobs may be there.
  const memo = new Map<string, Promise<unknown>>();
  for (const id of new Set([...kept, ...roots.protectedIds])) {
    for (const name of (await readJson<string[]>(kv, kvKeys.buildAssets(id))) ?? []) used.add(kvKeys.asset(name));
    for (const digest of (await readBuildValues(kv, id, memo))?.blobs ?? []) used.add(kvKeys.blob(digest));
  }
  const orphans = stored.filter((k) => !used.has(k));
  const doomedKeys = [...doomed, ...orphans, ...expired, ...roots.removedKeys];
  if (!dryRun) await kv.deleteMany(doomedKeys);
  return {
    kept,
    deleted,
    inFlight: fresh.map((p) => p.buildId),
    channelsRemoved: roots.channelsRemoved,
    keysDeleted: doomedKeys.length,
  };
}
