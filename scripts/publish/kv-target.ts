/** Where a build is published: local KV (Miniflare on disk) or Cloudflare KV. Same interface. */
export type KvValue = string | Uint8Array;

export interface KvTarget {
  get(key: string): Promise<string | null>;
  /** Writes many keys; implementations batch as their backend allows. */
  putMany(entries: { key: string; value: KvValue }[]): Promise<void>;
  put(key: string, value: KvValue): Promise<void>;
  list(prefix: string): Promise<string[]>;
  deleteMany(keys: string[]): Promise<void>;
  /**
   * How long after a write another writer may still read the old value (Cloudflare KV is eventually
   * consistent; local KV is not): the write lease waits this long before trusting what it wrote.
   */
  readonly settleMs?: number;
}

/** A JSON value from KV, or null when the key is absent. */
export async function readJson<T>(kv: KvTarget, key: string): Promise<T | null> {
  const text = await kv.get(key);
  return text ? (JSON.parse(text) as T) : null;
}
