/**
 * Pending records: `pending/<build id>` is written before a publish writes anything and removed when
 * its channel serves the build. It names the live build the publish reuses values from (its base)
 * and lists the blobs and images it adds, so garbage collection keeps both while the new build has
 * no manifest yet (see collectGarbage). Listing only what is new keeps the record small: a
 * one-page publish's record does not grow with the site.
 *
 * A first publish adds every value of the site: past PENDING_NAMES_PER_VALUE names, the list goes on
 * in parts `pending/<build id>/<n>`, so no value grows with the site.
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
  /** How many parts (`pending/<build id>/<n>`, n from 1) continue the lists. */
  parts?: number;
}

/** One part of a record's lists. */
interface PendingPart {
  blobs: string[];
  assets: string[];
}

export const pendingKey = (buildId: string) => `pending/${buildId}`;
const partKey = (buildId: string, n: number) => `pending/${buildId}/${n}`;

/** Names a record or one part holds at most (about 600 KiB of digests). */
export const PENDING_NAMES_PER_VALUE = 16_384;

/** The values a record is stored as: the record with the first names, then its parts. */
export function pendingValues(record: PendingPublish, perValue = PENDING_NAMES_PER_VALUE): Map<string, string> {
  const names = [...record.blobs.map((b) => ["b", b] as const), ...record.assets.map((a) => ["a", a] as const)];
  const chunks: PendingPart[] = [];
  for (let i = 0; i < names.length || chunks.length === 0; i += perValue) {
    const slice = names.slice(i, i + perValue);
    chunks.push({
      blobs: slice.filter(([kind]) => kind === "b").map(([, n]) => n),
      assets: slice.filter(([kind]) => kind === "a").map(([, n]) => n),
    });
  }
  const [first, ...rest] = chunks;
  const values = new Map<string, string>();
  values.set(
    pendingKey(record.buildId),
    JSON.stringify({ ...record, ...first, ...(rest.length ? { parts: rest.length } : {}) }),
  );
  rest.forEach((part, i) => values.set(partKey(record.buildId, i + 1), JSON.stringify(part)));
  return values;
}

/** Every key a record is stored under. */
export function pendingKeys(record: PendingPublish): string[] {
  return [
    pendingKey(record.buildId),
    ...Array.from({ length: record.parts ?? 0 }, (_, i) => partKey(record.buildId, i + 1)),
  ];
}

/** A publish takes minutes; a record this old is from one that died, and protects nothing any more. */
export const PENDING_TTL_MS = 24 * 3_600_000;

/** Every pending record, its parts' names joined to its own. A part that is missing adds nothing. */
export async function readPending(kv: KvTarget): Promise<PendingPublish[]> {
  const records: PendingPublish[] = [];
  for (const key of await kv.list("pending/")) {
    if (key.split("/").length !== 2) continue;
    const text = await kv.get(key);
    if (!text) continue;
    const record = JSON.parse(text) as PendingPublish;
    for (let n = 1; n <= (record.parts ?? 0); n++) {
      const part = await kv.get(partKey(record.buildId, n));
      if (!part) continue;
      const { blobs, assets } = JSON.parse(part) as PendingPart;
      record.blobs.push(...blobs);
      record.assets.push(...assets);
    }
    records.push(record);
  }
  return records;
}
