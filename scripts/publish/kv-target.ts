/** Where a build is published: local KV (Miniflare on disk) or Cloudflare KV. Same interface. */
export interface KvTarget {
  get(key: string): Promise<string | null>;
  /** Writes many keys; implementations batch as their backend allows. */
  putMany(entries: { key: string; value: string }[]): Promise<void>;
  put(key: string, value: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  deleteMany(keys: string[]): Promise<void>;
}
