/** An in-memory KvTarget for tests of the publishing logic. */
import type { KvTarget, KvValue } from "../../scripts/publish/kv-target";

export class MemoryKv implements KvTarget {
  readonly data = new Map<string, KvValue>();
  /** When set, the next put of a key matching it throws (simulates an interrupted publish). */
  failOn: RegExp | null = null;

  async get(key: string) {
    const v = this.data.get(key);
    return v === undefined ? null : typeof v === "string" ? v : Buffer.from(v).toString("utf8");
  }
  async put(key: string, value: KvValue) {
    if (this.failOn?.test(key)) throw new Error(`simulated failure writing ${key}`);
    this.data.set(key, value);
  }
  async putMany(entries: { key: string; value: KvValue }[]) {
    for (const e of entries) await this.put(e.key, e.value);
  }
  async list(prefix: string) {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
  async deleteMany(keys: string[]) {
    for (const k of keys) this.data.delete(k);
  }
}
