/**
 * The search index's pieces (client/contracts/search-index.ts), read from KV on demand and kept
 * parsed in a per-isolate cache bounded by bytes: the least recently used pieces go first. Pieces
 * are content-addressed, so builds that share a piece share its cache entry.
 */
import { kvKeys } from "../../client/contracts/page";
import {
  patchedShard,
  type PieceRef,
  type SearchPack,
  type ShardPatch,
  type TermShard,
} from "../../client/contracts/search-index";

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

/**
 * Reads pieces through a cache; concurrent reads of one stored value share a KV read. A piece
 * stored in a pack (PieceRef.pack) is read with its pack, and the parsed pack is what the cache
 * keeps, so the pack's other pieces cost no second read.
 */
export class PieceLoader {
  private readonly inFlight = new Map<string, Promise<object>>();

  constructor(
    private readonly kv: TextReader,
    private readonly cache: PieceCache = sharedPieceCache,
  ) {}

  /** Parsed pieces, in the order asked; rejects with PieceUnavailable if one is missing, unreadable or corrupt. */
  load<T>(refs: PieceRef<unknown>[]): Promise<T[]> | T[] {
    const pieces = refs.map((r) => this.piece(r));
    return (pieces.some((p) => p instanceof Promise) ? Promise.all(pieces) : pieces) as Promise<T[]> | T[];
  }

  /** One piece: from the cache when its stored value (and a patch's base) is there, else read. */
  private piece(ref: PieceRef<unknown>): unknown {
    if (!ref.base) {
      const stored = this.stored(ref.pack ?? ref.digest);
      return stored instanceof Promise ? stored.then((v) => pieceOf(ref, v)) : pieceOf(ref, stored);
    }
    // A patched shard is kept whole under its own digest once made.
    const made = this.cache.get(ref.digest);
    if (made !== undefined) return made;
    const base: PieceRef<unknown> = { from: ref.from, digest: ref.base, bytes: 0, pack: ref.basePack };
    return Promise.all([this.stored(ref.pack ?? ref.digest), this.stored(ref.basePack ?? ref.base)]).then(
      ([patch, whole]) => {
        const shard = patchedShard(pieceOf(base, whole) as TermShard, pieceOf(ref, patch) as ShardPatch);
        this.cache.set(ref.digest, shard, ref.bytes);
        return shard;
      },
    );
  }

  /** A stored value, parsed: from the cache, or read. */
  private stored(digest: string): object | Promise<object> {
    return (this.cache.get(digest) as object | undefined) ?? this.read(digest);
  }

  /** The stored value under kvKeys.blob(digest), parsed: a piece, or a pack of pieces. */
  private read(digest: string): Promise<object> {
    let pending = this.inFlight.get(digest);
    if (!pending) {
      pending = this.kv
        .get(kvKeys.blob(digest), { cacheTtl: 86400 })
        .then(
          (text) => {
            if (text === null) throw new PieceUnavailable(`search piece ${digest} is missing`);
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch (cause) {
              throw new PieceUnavailable(`search piece ${digest} is corrupt`, { cause });
            }
            if (value === null || typeof value !== "object")
              throw new PieceUnavailable(`search piece ${digest} is corrupt`);
            this.cache.set(digest, value, text.length);
            return value;
          },
          (cause: unknown) => {
            throw new PieceUnavailable(`KV failed reading search piece ${digest}`, { cause });
          },
        )
        .finally(() => this.inFlight.delete(digest));
      this.inFlight.set(digest, pending);
    }
    return pending;
  }
}

/** The piece `ref` names in its stored value: the value itself, or its entry in a pack (a patch's, if patched). */
function pieceOf(ref: PieceRef<unknown>, stored: object): object {
  if (!ref.pack) return stored;
  const piece = Object.hasOwn(stored, ref.digest) ? (stored as SearchPack)[ref.digest] : undefined;
  if (piece === null || typeof piece !== "object")
    throw new PieceUnavailable(`search piece ${ref.digest} is not in its pack ${ref.pack}`);
  return piece as object;
}
