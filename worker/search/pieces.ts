/**
 * The search index's pieces (client/contracts/search-index.ts), read from KV on demand and kept
 * parsed in a per-isolate cache bounded by bytes: the least recently used pieces go first. Pieces
 * are content-addressed, so builds that share a piece share its cache entry.
 */
import { kvKeys } from "../../client/contracts/page";
import type { PieceRef } from "../../client/contracts/search-index";

/** Thrown when a piece cannot be read or is not what the root says (the endpoint answers 503). */
export class PieceUnavailable extends Error {
  override name = "PieceUnavailable";
}

export interface TextReader {
  get(key: string, options: { cacheTtl?: number }): Promise<string | null>;
}

/** Parsed pieces by digest, least recently used first; `bytes` is the sum of their stored sizes. */
export class PieceCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): { pieces: number; bytes: number } {
    return { pieces: this.entries.size, bytes: this.bytes };
  }

  get(digest: string): unknown {
    const hit = this.entries.get(digest);
    if (!hit) return undefined;
    this.entries.delete(digest);
    this.entries.set(digest, hit);
    return hit.value;
  }

  set(digest: string, value: unknown, bytes: number): void {
    const old = this.entries.get(digest);
    if (old) this.bytes -= old.bytes;
    this.entries.delete(digest);
    this.entries.set(digest, { value, bytes });
    this.bytes += bytes;
    // The newest piece always stays, even alone over the bound: the query that asked needs it.
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || key === digest) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

/** 24 MB of parsed pieces per isolate (about twice their stored bytes): well inside 128 MB. */
export const PIECE_CACHE_BYTES = 12 * 1024 * 1024;
export const sharedPieceCache = new PieceCache(PIECE_CACHE_BYTES);

/** Reads pieces through a cache; concurrent reads of one piece share a KV read. */
export class PieceLoader {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly kv: TextReader,
    private readonly cache: PieceCache = sharedPieceCache,
  ) {}

  /** Parsed pieces, in the order asked; rejects with PieceUnavailable if one is missing, unreadable or corrupt. */
  load<T>(refs: PieceRef<unknown>[]): Promise<T[]> | T[] {
    const cached = refs.map((r) => this.cache.get(r.digest));
    if (cached.every((v) => v !== undefined)) return cached as T[];
    return Promise.all(refs.map((r, i) => (cached[i] !== undefined ? cached[i] : this.read(r)))) as Promise<T[]>;
  }

  private read(ref: PieceRef<unknown>): Promise<unknown> {
    let pending = this.inFlight.get(ref.digest);
    if (!pending) {
      pending = this.kv
        .get(kvKeys.blob(ref.digest), { cacheTtl: 86400 })
        .then(
          (text) => {
            if (text === null) throw new PieceUnavailable(`search piece ${ref.digest} is missing`);
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch (cause) {
              throw new PieceUnavailable(`search piece ${ref.digest} is corrupt`, { cause });
            }
            if (value === null || typeof value !== "object")
              throw new PieceUnavailable(`search piece ${ref.digest} is corrupt`);
            this.cache.set(ref.digest, value, text.length);
            return value;
          },
          (cause: unknown) => {
            throw new PieceUnavailable(`KV failed reading search piece ${ref.digest}`, { cause });
          },
        )
        .finally(() => this.inFlight.delete(ref.digest));
      this.inFlight.set(ref.digest, pending);
    }
    return pending;
  }
}
