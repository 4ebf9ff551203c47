/**
 * Pending records: `pending/<build id>` is written before a publish writes anything and removed when
 * its channel serves the build. It lists every blob and image the build refers to, so garbage
 * collection keeps them while the build has no manifest yet (see collectGarbage).
 *
 * Why not a grace period by blob age: KV keeps no write time per key, and a publish reuses blobs
 * written long ago (whatever the live build has), so a blob's age says nothing about whether a
 * build in flight needs it. The record says exactly which values it needs.
 */
import type { KvTarget } from "./kv-target";

export interface PendingPublish {
  buildId: string;
  channel: string;
  /** When the publish started (ISO 8601). */
  at: string;
  /** Digests of every page record and file the build's manifest will name. */
  blobs: string[];
  /** Names of every content image the build's pages use. */
  assets: string[];
}

export const pendingKey = (buildId: string) => `pending/${buildId}`;

/** A publish takes minutes; a record this old is from one that died, and protects nothing any more. */
export const PENDING_TTL_MS = 24 * 3_600_000;

export async function readPending(kv: KvTarget): Promise<PendingPublish[]> {
  const records: PendingPublish[] = [];
  for (const key of await kv.list("pending/")) {
    const text = await kv.get(key);
    if (text) records.push(JSON.parse(text) as PendingPublish);
  }
  return records;
}
