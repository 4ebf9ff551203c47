/**
 * Per-isolate memos of values read from KV, as promises so that concurrent requests share one read:
 * at most `limit` entries, the least recently used dropped first; a read that fails is forgotten,
 * so the next request tries again.
 */
export class PromiseMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly limit: number) {}

  get<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
    let hit = this.entries.get(key) as Promise<V> | undefined;
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    hit = load();
    hit.catch(() => this.entries.delete(key));
    this.entries.set(key, hit);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return hit;
  }
}
