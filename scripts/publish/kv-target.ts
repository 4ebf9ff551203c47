/** Where a build is published: local KV (Miniflare on disk) or Cloudflare KV. Same interface. */
export type KvValue = string | Uint8Array;

export interface KvTarget {
  get(key: string): Promise<string | null>;
  /** Writes many keys; implementations batch as their backend allows. */
  putMany(entries: { key: string; value: KvValue }[]): Promise<void>;
  put(key: string, value: KvValue): Promise<void>;
  list(prefix: string): Promise<string[]>;
  deleteMany(keys: string[]): Promise<void>;
}
