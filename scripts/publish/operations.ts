/**
 * Channel operations over any KvTarget: what changed against the live build, the channel's history,
 * rollback to a retained build, and deleting a channel. Garbage collection is in gc.ts.
 */
import { kvKeys, type PublishRecord } from "../../common/page";
import { channelOfKey, READABLE_FORMATS, STORE_FORMAT } from "../../common/store-format";
import type { ManifestRoot } from "../../common/stored-manifest";
import { missingValues } from "./completeness";
import { readJson, type KvTarget } from "./kv-target";
import { readBuildValues } from "./stored-build";

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

/** How many routes a line of the publish command's output names before it gives the rest as a count. */
export const LISTED_ROUTES = 50;

/**
 * One label's routes as the publish command prints them: all of a small change, the first
 * LISTED_ROUTES and a count of the others for a large one (a first publish of a large site would
 * otherwise print every route on one line of the CI log).
 */
export function routeLine(label: string, routes: string[]): string {
  if (!routes.length) return `  ${label}: none`;
  const shown = routes.slice(0, LISTED_ROUTES).join(", ");
  const more = routes.length - LISTED_ROUTES;
  return `  ${label} (${routes.length}): ${shown}${more > 0 ? `, and ${more} more` : ""}`;
}

/** Routes added, changed and removed by `next` against what `channel` serves now. */
export async function diffAgainstLive(kv: KvTarget, channel: string, next: Record<string, string>): Promise<RouteDiff> {
  const live = await liveBuildId(kv, channel);
  return diffDigests((live ? await readBuildValues(kv, live) : null)?.pages ?? {}, next);
}

export async function history(kv: KvTarget, channel: string): Promise<PublishRecord[]> {
  return (await readJson<PublishRecord[]>(kv, kvKeys.history(channel))) ?? [];
}

export class OperationError extends Error {}

/**
 * Points `channel` at a retained build. The build must be complete (every value it names in KV) and
 * in a format the worker reads; otherwise nothing changes and the error says what to do.
 */
export async function rollback(
  kv: KvTarget,
  channel: string,
  buildId: string,
): Promise<{ from: string | null; to: string }> {
  if (!/^[0-9a-f]{12}$/.test(buildId)) throw new OperationError(`"${buildId}" is not a build id (12 hex characters)`);
  const manifest = await readJson<Partial<ManifestRoot>>(kv, kvKeys.manifest(buildId));
  if (!manifest)
    throw new OperationError(
      `build ${buildId} is not in KV (it was never published or has been collected); publish its sources again instead`,
    );
  if (manifest.format === undefined || !READABLE_FORMATS.includes(manifest.format))
    throw new OperationError(
      `build ${buildId} is stored in format ${String(manifest.format ?? 1)}, which the worker (format ${STORE_FORMAT}) cannot serve; publish its sources again instead`,
    );
  const missing = await missingValues(kv, buildId);
  if (missing.length)
    throw new OperationError(
      `build ${buildId} is incomplete in KV: ${missing.length} value(s) it names are gone (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}), so it cannot be served; npm run builds lists the complete ones, or publish its sources again`,
    );
  const from = await liveBuildId(kv, channel);
  await kv.put(kvKeys.channel(channel), buildId);
  await appendHistory(kv, channel, await history(kv, channel), buildId);
  return { from, to: buildId };
}

/** Removes a channel's pointers and histories in every format (its builds become collectable). */
export async function deleteChannel(kv: KvTarget, channel: string): Promise<string[]> {
  const keys = [...(await kv.list("channel/")), ...(await kv.list("history/"))].filter(
    (key) => channelOfKey(key.slice(key.indexOf("/") + 1)).channel === channel,
  );
  await kv.deleteMany(keys);
  return keys;
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
