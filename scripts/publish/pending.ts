/**
 * Pending records: `pending/<build id>` is written before a publish writes anything and removed when
 * its channel serves the build. It names the live build the publish reuses values from (its base)
 * and lists the blobs and images it adds, so garbage collection keeps both while the new build has
 * no manifest yet (see collectGarbage). Listing only what is new keeps the record small: a
 * one-page publish's record does not grow with the site.
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
  /** The build the channel served when the publish started: its values are reused, not written. */
  base: string | null;
  /** Digests of the blobs (page records, files, search pieces) this publish writes. */
  blobs: string[];
  /** Names of the content images this publish writes. */
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
