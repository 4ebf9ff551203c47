/**
 * Cloudflare KV through the official SDK (`cloudflare`): what the operations commands act on with
 * `--remote`. Writes and deletes go in bulk requests; binary values are sent base64-encoded.
 */
import Cloudflare, { NotFoundError } from "cloudflare";
import type { KvTarget, KvValue } from "./kv-target";

/** The API takes up to 10,000 keys and 100 MB per bulk request; stay well inside both. */
const BULK_KEYS = 5000;
const BULK_BYTES = 50 * 1024 * 1024;

interface CloudflareKvOptions {
  apiToken: string;
  accountId: string;
  namespaceId: string;
  /** Overridable for tests, which answer on 127.0.0.1 or through a fake `fetch`. */
  baseURL?: string;
  fetch?: typeof fetch;
}

/** The SDK client the operations commands use (also for cache purges). */
export function cloudflareClient(options: { apiToken: string; baseURL?: string; fetch?: typeof fetch }): Cloudflare {
  return new Cloudflare({ apiToken: options.apiToken, baseURL: options.baseURL ?? null, fetch: options.fetch });
}

/** Consecutive slices of `items`, each at most `maxItems` long and `maxBytes` in total (by `size`). */
function chunks<T>(items: T[], maxItems: number, maxBytes: number, size: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    if (current.length && (current.length >= maxItems || bytes + size(item) > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size(item);
  }
  if (current.length) out.push(current);
  return out;
}

export class CloudflareKv implements KvTarget {
  /** Cloudflare documents up to 60 s for other locations; the API's own reads settle within a few seconds. */
  readonly settleMs = 3000;
  private readonly client: Cloudflare;
  private readonly account: { account_id: string };

  constructor(private readonly options: CloudflareKvOptions) {
    this.client = cloudflareClient(options);
    this.account = { account_id: options.accountId };
  }

  async get(key: string): Promise<string | null> {
    try {
      const res = await this.client.kv.namespaces.values.get(key, {
        ...this.account,
        namespace_id: this.options.namespaceId,
      });
      return await res.text();
    } catch (e) {
      if (e instanceof NotFoundError) return null;
      throw e;
    }
  }

  put(key: string, value: KvValue): Promise<void> {
    return this.putMany([{ key, value }]);
  }

  async putMany(entries: { key: string; value: KvValue }[]): Promise<void> {
    const body = entries.map((e) =>
      typeof e.value === "string"
        ? { key: e.key, value: e.value }
        : { key: e.key, value: Buffer.from(e.value).toString("base64"), base64: true },
    );
    for (const chunk of chunks(body, BULK_KEYS, BULK_BYTES, (e) => e.key.length + e.value.length))
      await this.client.kv.namespaces.bulkUpdate(this.options.namespaceId, { ...this.account, body: chunk });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of this.client.kv.namespaces.keys.list(this.options.namespaceId, { ...this.account, prefix }))
      keys.push(key.name);
    return keys;
  }

  async deleteMany(keys: string[]): Promise<void> {
    for (const chunk of chunks(keys, BULK_KEYS, Infinity, () => 0))
      await this.client.kv.namespaces.bulkDelete(this.options.namespaceId, { ...this.account, body: chunk });
  }
}
