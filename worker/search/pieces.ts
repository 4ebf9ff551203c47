/**
 * The stored values of the search index (common/search-index.ts: pieces, parts of the
 * root's lists, segments), read from KV on demand and kept decoded in a per-isolate cache bounded
 * by bytes: the least recently used go first. Values are content-addressed, so builds that share
 * one share its cache entry.
 */
import { kvKeys } from "../../common/page";
import type { Ref } from "../../common/ref-parts";

/** Thrown when a value cannot be read or is not what the root says (the endpoint answers 503). */
export class PieceUnavailable extends Error {
  override name = "PieceUnavailable";
}

/**
 * KV as the loader reads it: a value's text, or its bytes for a kind whose decoder takes them (a
 * reader that answers a bytes read with text, as tests' maps do, has it decoded from the text).
 */
export interface PieceReader {
  get(key: string, options: { cacheTtl?: number }): Promise<string | null>;
  get(key: string, options: { type: "arrayBuffer"; cacheTtl?: number }): Promise<ArrayBuffer | string | null>;
}

/** Decoded values by digest, least recently used first; `bytes` is the sum of their stored sizes. */
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
    // The newest value always stays, even alone over the bound: the query that asked needs it.
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || key === digest) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * 48 MB of stored bytes per isolate: term shards are kept as their text (up to two bytes a
 * character) with the few postings queries parsed, record bundles as their bytes (outside the
 * JavaScript heap, inside the isolate's 128 MB) with their head parsed, lexicon and facet pieces,
 * parts and segments parsed (about twice their text). Record bundles are the largest pieces, up to
 * 640 KB (scripts/search/build-index.ts, PIECE_BYTES), and most of what a query reads; a smaller
 * bound made a warm isolate drop pieces its next searches read again.
 */
export const PIECE_CACHE_BYTES = 48 * 1024 * 1024;
export const sharedPieceCache = new PieceCache(PIECE_CACHE_BYTES);

/** How a kind of stored value is made from what KV holds. Throws when the value is not one. */
export interface PieceDecoder<T extends object> {
  fromText(text: string): T;
  /**
   * For a kind kept as the bytes KV hands over (outside the JavaScript heap, so a young-generation
   * collection does not copy them into the old one, as it copies every string the cache keeps):
   * the value those bytes make. The loader then reads it as bytes.
   */
  fromBytes?(bytes: ArrayBuffer): T;
}

/** Values parsed whole as JSON objects (checked by `is`). */
export function jsonDecoder<T extends object>(what: string, is: (value: unknown) => value is T): PieceDecoder<T> {
  return {
    fromText(text) {
      const value: unknown = JSON.parse(text);
      if (!is(value)) throw new Error(`not ${what}`);
      return value;
    },
  };
}

/**
 * Reads stored values through a cache; concurrent reads of one value in a request share a KV
 * read. A loader belongs to one request (its reads share that request's deadline); the cache is
 * the isolate's.
 */
export class PieceLoader {
  private readonly inFlight = new Map<string, Promise<object>>();

  constructor(
    private readonly kv: PieceReader,
    private readonly cache: PieceCache = sharedPieceCache,
  ) {}

  /** Values, in the order asked; rejects with PieceUnavailable if one is missing, unreadable or corrupt. */
  load<T extends object>(refs: readonly Pick<Ref<unknown>, "digest">[], decoder: PieceDecoder<T>): Promise<T[]> | T[] {
    const values = refs.map((r) => this.value(r.digest, decoder as PieceDecoder<object>));
    return (values.some((v) => v instanceof Promise) ? Promise.all(values) : values) as Promise<T[]> | T[];
  }

  /** A stored value, decoded: from the cache, or read. */
  private value(digest: string, decoder: PieceDecoder<object>): object | Promise<object> {
    return (this.cache.get(digest) as object | undefined) ?? this.read(digest, decoder);
  }

  /**
   * The stored value under kvKeys.blob(digest), decoded. A digest names one kind of value, so one
   * decoder; concurrent reads share the first one's.
   */
  private read(digest: string, decoder: PieceDecoder<object>): Promise<object> {
    let pending = this.inFlight.get(digest);
    if (!pending) {
      const key = kvKeys.blob(digest);
      const options = { cacheTtl: 86400 };
      pending = (decoder.fromBytes ? this.kv.get(key, { ...options, type: "arrayBuffer" }) : this.kv.get(key, options))
        .then(
          (stored) => {
            if (stored === null) throw new PieceUnavailable(`search value ${digest} is missing`);
            const text = typeof stored === "string";
            let value: object;
            try {
              value = text ? decoder.fromText(stored) : decoder.fromBytes!(stored);
            } catch (cause) {
              throw new PieceUnavailable(`search value ${digest} is corrupt`, { cause });
            }
            this.cache.set(digest, value, text ? stored.length : stored.byteLength);
            return value;
          },
          (cause: unknown) => {
            if (cause instanceof PieceUnavailable) throw cause;
            throw new PieceUnavailable(`KV failed reading search value ${digest}`, { cause });
          },
        )
        .finally(() => this.inFlight.delete(digest));
      this.inFlight.set(digest, pending);
    }
    return pending;
  }
}
