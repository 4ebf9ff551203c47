/**
 * One request's view of KV: every read it makes shares one deadline, a read that failed is not
 * tried again by the same request, and two reads of one key share the first. A request therefore
 * waits for KV at most REQUEST_KV_BUDGET_MS in all, however many values it needs, and a stalled KV
 * costs it one wait, not one per read.
 *
 * Nothing here outlives the request: an in-flight read is shared only inside the request that
 * started it, because workerd cancels a request's I/O when that request ends, and another request
 * awaiting it would then wait for ever. What requests share are values already read (the memos).
 */
import { ContentUnavailable } from "./errors";

/** How long a request may wait for KV in all before it treats KV as down (503 or the last good copy). */
export const REQUEST_KV_BUDGET_MS = 3000;

type ReadType = "text" | "json" | "arrayBuffer";

/** The part of KVNamespace the worker reads through (narrow, so Node tests can hand it an in-memory KV). */
export interface KvReader {
  get(key: string, options: { cacheTtl?: number }): Promise<string | null>;
  get<T>(key: string, options: { type: "json"; cacheTtl?: number }): Promise<T | null>;
  get(key: string, options: { type: "arrayBuffer"; cacheTtl?: number }): Promise<ArrayBuffer | null>;
}

export interface RequestKvOptions {
  /** Milliseconds all of the request's reads may take together (default REQUEST_KV_BUDGET_MS). */
  budgetMs?: number;
  /** The clock (tests set their own). */
  now?: () => number;
}

export class RequestKv implements KvReader {
  private readonly deadline: number;
  private readonly now: () => number;
  private readonly reads = new Map<string, Promise<unknown>>();

  constructor(
    private readonly kv: KvReader,
    options: RequestKvOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.deadline = this.now() + (options.budgetMs ?? REQUEST_KV_BUDGET_MS);
  }

  /** Milliseconds left of the request's budget. */
  get remainingMs(): number {
    return Math.max(0, this.deadline - this.now());
  }

  get(key: string, options: { cacheTtl?: number }): Promise<string | null>;
  get<T>(key: string, options: { type: "json"; cacheTtl?: number }): Promise<T | null>;
  get(key: string, options: { type: "arrayBuffer"; cacheTtl?: number }): Promise<ArrayBuffer | null>;
  /**
   * A read within what is left of the budget; rejects with ContentUnavailable when KV fails or the
   * budget runs out. The promise is kept for the request whatever its outcome, so a failed read is
   * answered again from memory and a key read twice costs one read.
   */
  get(key: string, options: { type?: ReadType; cacheTtl?: number }): Promise<unknown> {
    const type = options.type ?? "text";
    const id = `${type} ${key}`;
    let pending = this.reads.get(id);
    if (!pending) {
      pending = this.withinBudget(key, type, options.cacheTtl);
      // Handled here so that a failure nobody awaits yet is not reported as unhandled.
      pending.catch(() => {});
      this.reads.set(id, pending);
    }
    return pending;
  }

  private withinBudget(key: string, type: ReadType, cacheTtl: number | undefined): Promise<unknown> {
    const left = this.remainingMs;
    if (left <= 0)
      return Promise.reject(new ContentUnavailable(`the request's time for KV ran out before reading ${key}`));
    const ttl = cacheTtl === undefined ? {} : { cacheTtl };
    const get =
      type === "json"
        ? this.kv.get<unknown>(key, { type: "json", ...ttl })
        : type === "arrayBuffer"
          ? this.kv.get(key, { type: "arrayBuffer", ...ttl })
          : this.kv.get(key, ttl);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ContentUnavailable(`KV timed out reading ${key}`)), left);
    });
    const failed = get.catch((cause: unknown) => {
      throw new ContentUnavailable(`KV failed reading ${key}`, { cause });
    });
    return Promise.race([failed, timeout]).finally(() => {
      if (timer !== undefined) clearTimeout(timer);
    });
  }
}
