/** A KV target that counts what a publish writes: keys, bytes, and the largest value. */
import type { KvTarget } from "../../publish/kv-target";

export interface KvWrites {
  keys: number;
  bytes: number;
  largest: { key: string; bytes: number } | null;
  /** Every value written, largest first, when a publish writes at most LISTED_KEYS keys (a one-page publish). */
  values?: { key: string; bytes: number }[];
}

/** One step of the bench (a build and its publish): its times, what it wrote, and why it failed, if it did. */
export interface StepFigures {
  buildMs: number;
  publishMs: number;
  writes: KvWrites;
  error?: string;
}

/** Publishes writing more keys than this (a first publish) list none. */
export const LISTED_KEYS = 64;

const sizeOf = (value: string | Uint8Array) =>
  typeof value === "string" ? Buffer.byteLength(value) : value.byteLength;

/** `sizes`, when given, gets every key written with its bytes (a first publish's, to tell what each part of it cost). */
export function countingKv(inner: KvTarget, sizes?: Map<string, number>): { kv: KvTarget; writes: KvWrites } {
  const writes: KvWrites = { keys: 0, bytes: 0, largest: null, values: [] };
  const count = (key: string, value: string | Uint8Array) => {
    const bytes = sizeOf(value);
    sizes?.set(key, bytes);
    writes.keys++;
    if (writes.values && writes.values.push({ key, bytes }) > LISTED_KEYS) delete writes.values;
    writes.values?.sort((a, b) => b.bytes - a.bytes);
    writes.bytes += bytes;
    if (!writes.largest || bytes > writes.largest.bytes) writes.largest = { key, bytes };
  };
  return {
    writes,
    kv: {
      ...inner,
      put(key, value) {
        count(key, value);
        return inner.put(key, value);
      },
      putMany(entries) {
        for (const e of entries) count(e.key, e.value);
        return inner.putMany(entries);
      },
    },
  };
}
