/**
 * The embedded search index as the build splits it for KV: a small root (per build, read first)
 * and content-addressed pieces (kvKeys.blob(digest)) the worker loads on demand. Each piece stays
 * far under KV's value limit at any site size, and a piece whose bytes do not change keeps its key,
 * so the next publish does not rewrite it.
 *
 * - lexicon pieces: the index's terms, sorted, split into ranges (what typo tolerance and prefix
 *   search scan);
 * - term shards: posting lists by term range (what scoring reads), each list ordered by impact
 *   (the score a record gets for the term, precomputed at build time) and cut at POSTINGS_CAP, so a
 *   query reads at most a bounded number of postings per word however large the site;
 * - record bundles: the packed records of a range of record ids (read only for the hits returned);
 * - facet bundles: each record's hierarchy.lvl0 and lvl1 (read only when a query filters on them).
 */
import { shiftedStrings, type PackedRecord, type SearchRecordType, type Synonym } from "../search";

/** Extra weight by record type: a page title outranks a heading, a heading outranks text. */
export const TYPE_BOOST: Record<SearchRecordType, number> = {
  lvl1: 3,
  lvl2: 2,
  lvl3: 1.7,
  lvl4: 1.5,
  lvl5: 1.5,
  lvl6: 1.5,
  content: 1,
};
/** Extra weight by field (MiniSearch's `boost`). */
export const FIELD_BOOST: Record<string, number> = { title: 4, keywords: 4, parents: 1.5, content: 1 };
/** The fields a "headings only" match reads (short prefixes complete from these). */
export const HEAD_FIELDS: ReadonlySet<string> = new Set(["title", "keywords"]);
/** MiniSearch's BM25+ parameters. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** MiniSearch's BM25+ score of a term in one field of a record. */
export function bm25(tf: number, matching: number, total: number, length: number, avg: number): number {
  const idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));
}

/**
 * A word's postings keep its POSTINGS_CAP best records (by impact): past that many records, a
 * word ranks among its best ones only, and hit counts become estimates. Enough for Algolia's
 * 1,000 reachable hits of a one-word query, and longer than any list of a site of a few hundred pages.
 */
export const POSTINGS_CAP = 1024;
/** Impacts are stored as integers: the score times this. */
export const IMPACT_SCALE = 1000;

/** A piece covering a range: from this key (a term, or a record id) up to the next piece's. */
export interface PieceRef<K> {
  from: K;
  digest: string;
  /** Bytes of the piece's value. */
  bytes: number;
  /**
   * When set, the piece is not stored under its own key but inside this pack (a SearchPack stored
   * as kvKeys.blob(pack)): a small publish writes its new pieces as one value, not one each.
   */
  pack?: string;
  /**
   * Term shards, record bundles and facet bundles: the piece is stored as a patch of the piece
   * `base` (stored alone, or in `basePack`). The patch is stored under this ref's digest (in its
   * pack). A shard's (ShardPatch) maps each term whose postings differ from the base's to its
   * postings (whole, or as a PostingsDelta), or to null when the term is not in this shard. A
   * record bundle's is a RecordBundlePatch, a facet bundle's a FacetBundlePatch.
   */
  base?: string;
  basePack?: string;
}

/**
 * A term's postings as a change to its postings in the base shard: pairs added to each list, and
 * record ids taken out of it (a record whose impact changed is taken out and added again).
 */
export interface PostingsDelta {
  d: 1;
  /** [record id, impact, …] added to `a`, and ids removed from it. */
  a: number[];
  ar: number[];
  h: number[];
  hr: number[];
  n: number;
}

/** A term shard as a patch of another (PieceRef.base): changed terms' postings (whole, or as a delta), null for a term gone. */
export type ShardPatch = Record<string, Postings | PostingsDelta | null>;

/** A list without the `removed` ids, with the `added` pairs, best impact first, cut at POSTINGS_CAP (as the build orders it). */
function mergedList(base: number[] | undefined, added: number[], removed: number[]): number[] {
  const gone = new Set(removed);
  const pairs: [number, number][] = [];
  for (let k = 0; k < (base?.length ?? 0); k += 2) if (!gone.has(base![k]!)) pairs.push([base![k]!, base![k + 1]!]);
  for (let k = 0; k < added.length; k += 2) pairs.push([added[k]!, added[k + 1]!]);
  pairs.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  return pairs.slice(0, POSTINGS_CAP).flat();
}

/** The postings a delta makes of the base's. */
export function appliedDelta(base: Postings | undefined, delta: PostingsDelta): Postings {
  const h = mergedList(base?.h, delta.h, delta.hr);
  return { a: mergedList(base?.a, delta.a, delta.ar), ...(h.length ? { h } : {}), n: delta.n };
}

/**
 * Several pieces in one stored value: piece digest → the piece's stored text (a JSON string), or,
 * in packs written before, the piece itself as JSON. A publish that adds a few pieces stores them
 * as one pack (scripts/publish/search-packs.ts); refs name the pack.
 */
export type SearchPack = Record<string, unknown>;

/** Record ids an empty query can page through (Algolia's paginationLimitedTo). */
export const BROWSE_LIMIT = 1000;

/**
 * What the build stores under kvKeys.searchIndex(buildId). Record ids are stable across builds
 * (a page's records keep theirs while other pages change), so they are sparse: bundles list theirs.
 */
export interface SearchRoot {
  version: 4;
  siteUrl: string;
  /**
   * The site's synonyms as synonymTable makes them (its entries: folded phrase → the phrases it
   * also finds), so an isolate reads them without folding any; absent when the site has none.
   */
  synonymTable?: Record<string, string[][]>;
  /** Roots written before synonymTable: the synonyms as the site gave them. */
  synonyms?: Synonym[];
  /** Records indexed. */
  documentCount: number;
  /**
   * What impacts were computed with: the record count and each field's average length (in
   * tokens, BM25's avgdl), rounded to two significant digits so a small change leaves them, and
   * with them every other term's impacts, as they were.
   */
  statistics: { documentCount: number; averageFieldLength: number[] };
  /** MiniSearch's field order: title, parents, content, keywords. */
  fields: string[];
  /** The first BROWSE_LIMIT record ids, best first (page titles, then headings, then text): an empty query's answer. */
  browse: number[];
  lexicon: PieceRef<string>[];
  shards: PieceRef<string>[];
  records: PieceRef<number>[];
  facets: PieceRef<number>[];
}

/**
 * Sorted terms, separated by spaces (one string: a reader parses one string, not one per term;
 * pieces written before hold an array); `heads[i]` is 1 when the i-th term occurs in a title or
 * keywords (short prefixes complete only those).
 */
export interface LexiconPiece {
  terms: string;
  heads: string;
}

/**
 * A term's postings: flat [record id, impact, …] lists, best impact first, at most POSTINGS_CAP
 * records each. The impact is the term's score for the record (MiniSearch's BM25+ summed over the
 * fields, times FIELD_BOOST and TYPE_BOOST) times IMPACT_SCALE, rounded.
 */
export interface Postings {
  /** Over every field. */
  a: number[];
  /** Over the head fields only (title, keywords); absent when the term is in no record's head. */
  h?: number[];
  /** Records holding the term in any field (more than `a` holds when the list was cut). */
  n: number;
}
export type TermShard = Record<string, Postings>;

/**
 * Whole pages' records: `records[i]` has id `ids[i]` (ascending). Stored (recordBundleText) so that
 * a reader can parse the head alone and then only the records it shows: `head` is the length of
 * the text before `,"records":[`, and `ends[i]` where record i's JSON ends, counted from the first
 * character inside the array (record i starts one past `ends[i - 1]`, after its comma). A query
 * shows twenty records, each from a different bundle as often as not: parsing whole bundles to show
 * one record of each was most of what a cold search parsed.
 */
export interface RecordBundle {
  head?: number;
  strings: string[];
  ids: number[];
  ends?: number[];
  records: PackedRecord[];
}

/**
 * Where each row of a patched bundle comes from, in id order: the base's row at `at` (0 or more),
 * or the patch's at `-1 - at`. The base's rows whose ids the patch drops or holds are left out.
 * Both id lists are ascending; record and facet bundles are patched so.
 */
function patchedRows(baseIds: number[], patchIds: number[], drop: number[]): number[] {
  const gone = new Set([...drop, ...patchIds]);
  const from: number[] = [];
  let b = 0;
  let p = 0;
  while (b < baseIds.length || p < patchIds.length) {
    if (b < baseIds.length && gone.has(baseIds[b]!)) b++;
    else if (p < patchIds.length && (b >= baseIds.length || patchIds[p]! < baseIds[b]!)) from.push(-1 - p++);
    else from.push(b++);
  }
  return from;
}

const RECORDS_KEY = ',"records":[';

/**
 * A record bundle as a patch of another (PieceRef.base): the records it holds that the base lacks
 * or holds otherwise (a bundle of its own: strings, ids ascending, records), and `drop`, the ids of
 * the base's records it does not hold. A one-page edit changes a few of a bundle's records, so a
 * release writes them, not the bundle.
 */
export interface RecordBundlePatch {
  drop: number[];
  strings: string[];
  ids: number[];
  records: PackedRecord[];
}

/** The stored text of a record bundle: one JSON object, its head first (see RecordBundle). */
export function recordBundleText(strings: string[], ids: number[], records: PackedRecord[]): string {
  const rows = records.map((r) => asciiJson(r));
  const ends: number[] = [];
  let end = -1;
  for (const row of rows) ends.push((end += row.length + 1));
  const fields = asciiJson({ strings, ids, ends }).slice(1, -1);
  // The head's own length is written in it: settle the number of its digits.
  let head = 0;
  while (head !== `{"head":${head},${fields}`.length) head = `{"head":${head},${fields}`.length;
  return `{"head":${head},${fields}${RECORDS_KEY}${rows.join(",")}]}`;
}

const OUTSIDE_ASCII = /[\u0080-\uffff]/g;

/**
 * JSON with every character outside ASCII written as a `\u` escape (a pair's halves each): the
 * same value to JSON.parse, but a value that is all ASCII reaches a worker as a one-byte string.
 * A bundle's few dashes and curly quotes otherwise make its whole text a two-byte string, which KV's
 * text read takes longer to make and the isolate's piece cache holds at twice the memory (in
 * workerd, a 128 KiB value with a dash every ten letters cost 1.3 ms of CPU to read, its ASCII
 * escape 0.9 ms). Record and facet bundles and lexicon pieces are stored so; term shards are not,
 * as a query finds a term's postings by the term's key in the shard's text.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(OUTSIDE_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const HEAD = /^\{"head":(\d+),/;
const UTF8 = new TextDecoder();

/**
 * A record bundle as a query reads it: the head parsed, a record's JSON only when asked for. Also
 * takes a bundle already parsed (one stored in a pack, or of an older build, which has no head).
 */
export class RecordBundleView {
  private constructor(
    readonly strings: string[],
    readonly ids: number[],
    private readonly rowAt: (i: number) => PackedRecord | undefined,
  ) {}

  /** The stored text; throws when it is not a record bundle. */
  static fromText(text: string): RecordBundleView {
    const start = HEAD.exec(text.slice(0, 24));
    if (!start) return RecordBundleView.fromValue(JSON.parse(text) as RecordBundle);
    const head = Number(start[1]);
    if (!text.startsWith(RECORDS_KEY, head)) throw new Error("a record bundle's head does not end where it says");
    const view = RecordBundleView.withHead(text.slice(start[0].length, head), head, text.length, (from, to) =>
      text.slice(from, to),
    );
    if (!view) throw new Error("a record bundle's records do not end where its head says");
    return view;
  }

  /**
   * The stored bytes (KV's arrayBuffer read), kept as they are, outside the JavaScript heap: the
   * head and the records asked for are decoded alone. A bundle's text is ASCII (asciiJson), so its
   * offsets count bytes too; one that is not (its records then do not end at the bytes' end, or
   * its head not where it says) is decoded whole. Throws when it is not a record bundle.
   */
  static fromBytes(buffer: ArrayBuffer): RecordBundleView {
    const bytes = new Uint8Array(buffer);
    const whole = () => RecordBundleView.fromText(UTF8.decode(bytes));
    const start = HEAD.exec(UTF8.decode(bytes.subarray(0, 24)));
    if (!start) return whole();
    const head = Number(start[1]);
    const fields = UTF8.decode(bytes.subarray(start[0].length, head + RECORDS_KEY.length));
    if (!fields.endsWith(RECORDS_KEY)) return whole();
    const view = RecordBundleView.withHead(fields.slice(0, -RECORDS_KEY.length), head, bytes.length, (from, to) =>
      UTF8.decode(bytes.subarray(from, to)),
    );
    return view ?? whole();
  }

  /**
   * The view of a stored bundle of `length` units (characters or bytes) whose head's fields (inside
   * its braces) are `fields` and whose records start after RECORDS_KEY at `head`; `slice` gives
   * the text between two offsets. Null when the records do not end where the head says.
   */
  private static withHead(
    fields: string,
    head: number,
    length: number,
    slice: (from: number, to: number) => string,
  ): RecordBundleView | null {
    const { strings, ids, ends } = JSON.parse(`{${fields}}`) as RecordBundle;
    if (!Array.isArray(strings) || !Array.isArray(ids) || !Array.isArray(ends) || ends.length !== ids.length)
      throw new Error("a record bundle's head is not a record bundle's");
    const from = head + RECORDS_KEY.length;
    // The last record ends `]}` before the value's end (an empty list: `[]}`).
    if (from + (ends.length ? ends[ends.length - 1]! : 0) + 2 !== length) return null;
    return new RecordBundleView(strings, ids, (i) =>
      i < 0 || i >= ends.length
        ? undefined
        : (JSON.parse(slice(from + (i === 0 ? 0 : ends[i - 1]! + 1), from + ends[i]!)) as PackedRecord),
    );
  }

  static fromValue(value: RecordBundle): RecordBundleView {
    if (!Array.isArray(value.strings) || !Array.isArray(value.ids) || !Array.isArray(value.records))
      throw new Error("not a record bundle");
    return new RecordBundleView(value.strings, value.ids, (i) => value.records[i]);
  }

  /**
   * The bundle `patch` makes of `base`: the base's records less those the patch drops or holds,
   * and the patch's, in id order. The patch's rows point past the base's strings, which come first.
   */
  static patched(base: RecordBundleView, patch: RecordBundlePatch): RecordBundleView {
    const own = RecordBundleView.fromValue(patch);
    if (!Array.isArray(patch.drop) || own.ids.length !== patch.records.length)
      throw new Error("not a record bundle's patch");
    const offset = base.strings.length;
    const from = patchedRows(base.ids, own.ids, patch.drop);
    const ids = from.map((at) => (at >= 0 ? base.ids[at]! : own.ids[-1 - at]!));
    return new RecordBundleView(base.strings.concat(own.strings), ids, (i) => {
      const at = from[i];
      if (at === undefined) return undefined;
      if (at >= 0) return base.row(at);
      const row = own.row(-1 - at);
      return row && shiftedStrings(row, offset);
    });
  }

  /** The packed record at position `i` (of `ids`); throws when its JSON is corrupt. */
  row(i: number): PackedRecord | undefined {
    return this.rowAt(i);
  }
}

/** Whole pages' facets: record `ids[i]` has [lvl0 string id, lvl1 string id] at levels[2i], and type letter types[i]. */
export interface FacetBundle {
  strings: string[];
  ids: number[];
  levels: number[];
  types: string;
}

/**
 * A facet bundle as a patch of another (PieceRef.base): the rows it holds that the base lacks or
 * holds otherwise (a facet bundle of its own), and `drop`, the ids of the base's rows it does not
 * hold. A page added or edited changes its own records' rows, not the bundle's hundreds of pages'.
 */
export interface FacetBundlePatch extends FacetBundle {
  drop: number[];
}

/** Whether a value is a facet bundle (its parts' types and lengths agree). */
export function isFacetBundle(value: unknown): value is FacetBundle {
  const b = value as FacetBundle;
  return (
    value !== null &&
    typeof value === "object" &&
    Array.isArray(b.strings) &&
    Array.isArray(b.ids) &&
    Array.isArray(b.levels) &&
    typeof b.types === "string" &&
    b.levels.length === 2 * b.ids.length &&
    b.types.length === b.ids.length
  );
}

/**
 * The facet bundle `patch` makes of `base`: the base's rows less those the patch drops or holds,
 * and the patch's, in id order. The patch's levels point past the base's strings, which come first.
 * Throws when the patch is not one.
 */
export function patchedFacets(base: FacetBundle, patch: FacetBundlePatch): FacetBundle {
  if (!isFacetBundle(patch) || !Array.isArray(patch.drop)) throw new Error("not a facet bundle's patch");
  const offset = base.strings.length;
  const out: FacetBundle = { strings: base.strings.concat(patch.strings), ids: [], levels: [], types: "" };
  const types: string[] = [];
  for (const at of patchedRows(base.ids, patch.ids, patch.drop)) {
    const [from, i, shift] = at >= 0 ? [base, at, 0] : [patch, -1 - at, offset];
    out.ids.push(from.ids[i]!);
    out.levels.push(from.levels[2 * i]! + shift, from.levels[2 * i + 1]! + shift);
    types.push(from.types[i]!);
  }
  out.types = types.join("");
  return out;
}

/** Position of `id` in an ascending list, or -1. */
export function indexOfId(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export const TYPE_LETTERS = {
  lvl1: "1",
  lvl2: "2",
  lvl3: "3",
  lvl4: "4",
  lvl5: "5",
  lvl6: "6",
  content: "c",
} as const;

/** The piece whose range holds `key`: the last one starting at or before it (pieces sorted by `from`). */
export function pieceFor<K extends string | number>(pieces: PieceRef<K>[], key: K): number {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]!.from <= key) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Indexes of the pieces whose ranges meet the terms starting with `prefix`. */
export function piecesForPrefix(pieces: PieceRef<string>[], prefix: string): number[] {
  const first = pieceFor(pieces, prefix);
  const out = [first];
  for (let i = first + 1; i < pieces.length && pieces[i]!.from.startsWith(prefix); i++) out.push(i);
  return out;
}

/** Every piece ref of a root: lexicon, shards, records, facets (none for a root of another version). */
export function searchPieceRefs(root: Partial<SearchRoot> | null | undefined): PieceRef<unknown>[] {
  // Version 3 roots list their pieces the same way: GC and publish keep an older build's pieces too.
  if (!root || (root.version !== 4 && (root.version as unknown as number) !== 3)) return [];
  return [root.lexicon, root.shards, root.records, root.facets].flatMap((refs): PieceRef<unknown>[] => refs ?? []);
}

/** The blobs a root needs stored (pieces stored alone, and packs): what publishing writes and GC keeps. */
export function searchPieceDigests(root: Partial<SearchRoot> | null | undefined): string[] {
  return [
    ...new Set(searchPieceRefs(root).flatMap((r) => [r.pack ?? r.digest, ...(r.base ? [r.basePack ?? r.base] : [])])),
  ];
}
