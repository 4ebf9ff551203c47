/**
 * The search index's pieces (client/contracts/search-index.ts), read from KV on demand and kept
 * parsed in a per-isolate cache bounded by bytes: the least recently used pieces go first. Pieces
 * are content-addressed, so builds that share a piece share its cache entry.
 */
import { kvKeys } from "../../../client/contracts/page";
import type { PieceRef, SearchPack } from "../../../client/contracts/format-2/search-index";

/** Thrown when a piece cannot be read or is not what the root says (the endpoint answers 503). */
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

/**
 * 48 MB of stored bytes per isolate: term shards are kept as their text (up to two bytes a
 * character) with the few postings queries parsed, record bundles as their bytes (outside the
 * JavaScript heap, inside the isolate's 128 MB) with their head parsed, lexicon and facet pieces
 * parsed (about twice their text). Record bundles are the largest pieces, up to 640 KB
 * (scripts/search/build-index.ts, PIECE_BYTES), and most of what a query reads. At 12 MB, a warm
 * isolate at 10,000 pages dropped lexicon pieces and shards its next searches read again.
 */
export const PIECE_CACHE_BYTES = 48 * 1024 * 1024;
export const sharedPieceCache = new PieceCache(PIECE_CACHE_BYTES);

/**
 * How a kind of piece is made from what KV holds: from its stored text (a piece stored alone), or
 * from its parsed value (a piece in a pack). Throws when the value is not such a piece.
 */
export interface PieceDecoder<T extends object> {
  fromText(text: string): T;
  /**
   * For a kind kept as the bytes KV hands over (outside the JavaScript heap, so a young-generation
   * collection does not copy them into the old one, as it copies every string the cache keeps):
   * the piece those bytes make. The loader then reads the piece alone as bytes.
   */
  fromBytes?(bytes: ArrayBuffer): T;
  fromValue(value: object): T;
  /**
   * For a kind stored as patches of another piece (PieceRef.base): the piece a patch and its base
   * make; throws when the patch is not one.
   */
  patched?(base: T, patch: object): T;
}

/** Values parsed whole: facet bundles, packs, and shard patches. */
export const WHOLE_JSON: PieceDecoder<object> = {
  fromText(text) {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object") throw new Error("not a JSON object");
    return value;
  },
  fromValue: (value) => value,
};

/**
 * Reads pieces through a cache; concurrent reads of one stored value share a KV read. A piece
 * stored in a pack (PieceRef.pack) is read with its pack, and the parsed pack is what the cache
 * keeps, so the pack's other pieces cost no second read; a piece the pack holds as text is also
 * kept decoded once a query reads it. A piece stored alone is kept as its decoder made it (a
 * record bundle as a RecordBundleView over its bytes, its records not decoded).
 */
export class PieceLoader {
  private readonly inFlight = new Map<string, Promise<object>>();

  constructor(
    private readonly kv: PieceReader,
    private readonly cache: PieceCache = sharedPieceCache,
  ) {}

  /** Pieces, in the order asked; rejects with PieceUnavailable if one is missing, unreadable or corrupt. */
  load<T extends object>(refs: PieceRef<unknown>[], decoder?: PieceDecoder<T>): Promise<T[]> | T[] {
    const pieces = refs.map((r) => this.piece(r, (decoder ?? WHOLE_JSON) as PieceDecoder<object>));
    return (pieces.some((p) => p instanceof Promise) ? Promise.all(pieces) : pieces) as Promise<T[]> | T[];
  }

  /** One piece: from the cache when its stored value (and a patch's base) is there, else read. */
  private piece(ref: PieceRef<unknown>, decoder: PieceDecoder<object>): unknown {
    if (!ref.base) {
      if (!ref.pack) return this.stored(ref.digest, decoder);
      // A piece a pack holds as text is kept decoded under its own digest once made.
      const made = this.cache.get(ref.digest);
      if (made !== undefined) return made;
      const pack = this.stored(ref.pack, WHOLE_JSON);
      const unpack = (v: object) => this.unpacked(ref, decoder, v);
      return pack instanceof Promise ? pack.then(unpack) : unpack(pack);
    }
    const patched = decoder.patched;
    if (!patched)
      return Promise.reject(new PieceUnavailable(`search piece ${ref.digest} is a patch of a kind that has none`));
    // A patched piece is kept under its own digest once made.
    const made = this.cache.get(ref.digest);
    if (made !== undefined) return made;
    const base: PieceRef<unknown> = { from: ref.from, digest: ref.base, bytes: 0, pack: ref.basePack };
    return Promise.all([this.stored(ref.pack ?? ref.digest, WHOLE_JSON), this.piece(base, decoder)]).then(
      ([patch, whole]) => {
        let piece: object;
        try {
          piece = patched(whole as object, parsedPatch(ref, pieceOf(ref, patch)));
        } catch (cause) {
          if (cause instanceof PieceUnavailable) throw cause;
          throw new PieceUnavailable(`search piece ${ref.digest}, a patch, is corrupt`, { cause });
        }
        this.cache.set(ref.digest, piece, ref.bytes);
        return piece;
      },
    );
  }

  /** The piece `ref` names in its (parsed) pack, decoded. */
  private unpacked(ref: PieceRef<unknown>, decoder: PieceDecoder<object>, pack: object): object {
    const member = pieceOf(ref, pack);
    if (typeof member !== "string") return decoded(ref, decoder, member);
    let piece: object;
    try {
      piece = decoder.fromText(member);
    } catch (cause) {
      throw new PieceUnavailable(`search piece ${ref.digest} in its pack ${ref.pack} is corrupt`, { cause });
    }
    this.cache.set(ref.digest, piece, member.length);
    return piece;
  }

  /** A stored value, decoded: from the cache, or read. */
  private stored(digest: string, decoder: PieceDecoder<object>): object | Promise<object> {
    return (this.cache.get(digest) as object | undefined) ?? this.read(digest, decoder);
  }

  /**
   * The stored value under kvKeys.blob(digest), decoded: a piece, or a pack of pieces. A digest
   * names one kind of value, so one decoder; concurrent reads share the first one's.
   */
  private read(digest: string, decoder: PieceDecoder<object>): Promise<object> {
    let pending = this.inFlight.get(digest);
    if (!pending) {
      const key = kvKeys.blob(digest);
      const options = { cacheTtl: 86400 };
      pending = (decoder.fromBytes ? this.kv.get(key, { ...options, type: "arrayBuffer" }) : this.kv.get(key, options))
        .then(
          (stored) => {
            if (stored === null) throw new PieceUnavailable(`search piece ${digest} is missing`);
            const text = typeof stored === "string";
            let value: object;
            try {
              value = text ? decoder.fromText(stored) : decoder.fromBytes!(stored);
            } catch (cause) {
              throw new PieceUnavailable(`search piece ${digest} is corrupt`, { cause });
            }
            this.cache.set(digest, value, text ? stored.length : stored.byteLength);
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

/** A piece parsed with its pack (a pack written before packs held text), decoded: a record bundle's view wraps it. */
function decoded(ref: PieceRef<unknown>, decoder: PieceDecoder<object>, value: object): object {
  try {
    return decoder.fromValue(value);
  } catch (cause) {
    throw new PieceUnavailable(`search piece ${ref.digest} in its pack ${ref.pack} is corrupt`, { cause });
  }
}

/**
 * The piece `ref` names in its stored value: the value itself, or its entry in a pack (a patch's,
 * if patched): the piece's text, or the piece itself in a pack written before packs held text.
 */
function pieceOf(ref: PieceRef<unknown>, stored: object): object | string {
  if (!ref.pack) return stored;
  const piece = Object.hasOwn(stored, ref.digest) ? (stored as SearchPack)[ref.digest] : undefined;
  if (typeof piece !== "string" && (piece === null || typeof piece !== "object"))
    throw new PieceUnavailable(`search piece ${ref.digest} is not in its pack ${ref.pack}`);
  return piece as object | string;
}

/** A shard patch, parsed if its pack holds it as text. */
function parsedPatch(ref: PieceRef<unknown>, patch: object | string): object {
  if (typeof patch !== "string") return patch;
  try {
    return WHOLE_JSON.fromText(patch);
  } catch (cause) {
    throw new PieceUnavailable(`search piece ${ref.digest} in its pack ${ref.pack} is corrupt`, { cause });
  }
}
