/**
 * Per-isolate memos of values read from KV: at most `limit` entries, the least recently used
 * dropped first. They keep values, never pending reads: a read belongs to the request that made it
 * (worker/content-store/request-kv.ts), so requests arriving together each read, and the first to
 * finish fills the memo. A read that fails leaves nothing behind.
 */
export class ValueMemo<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The value under `key`, or undefined; a hit becomes the most recently used. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The value under `key`, loading it when absent (loads of the same key are not shared). */
  async get<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit as V;
    const value = await load();
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
