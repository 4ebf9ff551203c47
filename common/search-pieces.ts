/**
 * The four kinds of piece the search index is cut into (search-index.ts), each stored once under
 * the digest of its text and at most a few hundred kilobytes:
 *
 * - lexicon pieces: the index's terms, sorted, split into ranges (what typo tolerance and prefix
 *   search scan);
 * - term shards: posting lists by term range (what scoring reads), each list ordered by impact
 *   (the score a record gets for the term, precomputed at build time) and cut at POSTINGS_CAP, so a
 *   query reads at most a bounded number of postings per word however large the site;
 * - record bundles: the packed records of a range of record ids (read only for the hits returned);
 * - facet bundles: each record's hierarchy.lvl0 and lvl1 (read only when a query filters on them).
 *
 * A segment (search-segment.ts) holds its entries in the same shapes.
 */
import type { PackedRecord } from "./search";

/**
 * Sorted terms, separated by spaces (one string: a reader parses one string, not one per term);
 * `heads[i]` is 1 when the i-th term occurs in a title or keywords (short prefixes complete only
 * those), 0 when not, and, in a segment only, REMOVED when the term is no longer in the index.
 */
export interface LexiconPiece {
  terms: string;
  heads: string;
}

/** In a segment, a term or a record that the base has and the build no longer does. */
export const REMOVED = "-";

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

/** A term that is an array index: an object's own keys put these first, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * A term shard's stored text, from its terms in order: what JSON.stringify gives for the object of
 * them, written out directly, since a site's shards hold millions of postings and a generic
 * serialisation of them was a large part of the index's build.
 */
export function termShardText(run: [string, Postings][]): string {
  const indexes = run.filter(([t]) => ARRAY_INDEX.test(t) && Number(t) < 2 ** 32 - 1);
  const ordered = indexes.length
    ? [...indexes.sort(([a], [b]) => Number(a) - Number(b)), ...run.filter((e) => !indexes.includes(e))]
    : run;
  const parts = ordered.map(
    ([term, { a, h, n }]) =>
      `${JSON.stringify(term)}:{"a":[${a.join(",")}]${h ? `,"h":[${h.join(",")}]` : ""},"n":${n}}`,
  );
  return `{${parts.join(",")}}`;
}

/**
 * Whole pages' records: `records[i]` has id `ids[i]` (ascending). Stored (recordBundleText) so that
 * a reader can parse the head alone and then only the records it shows: `head` is the length of
 * the text before `,"records":[`, and `ends[i]` where record i's JSON ends, counted from the first
 * character inside the array (record i starts one past `ends[i - 1]`, after its comma). A query
 * shows twenty records, each from a different bundle as often as not: parsing whole bundles to show
 * one record of each was most of what a cold search parsed. A segment's records are a bundle
 * parsed whole, whose rows are null for records the build no longer has.
 */
export interface RecordBundle {
  head?: number;
  strings: string[];
  ids: number[];
  ends?: number[];
  records: (PackedRecord | null)[];
}

const RECORDS_KEY = ',"records":[';

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
 * text read takes longer to make and the isolate's piece cache holds at twice the memory. Record
 * and facet bundles, lexicon pieces and segments are stored so; term shards are not, as a query
 * finds a term's postings by the term's key in the shard's text.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(OUTSIDE_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const HEAD = /^\{"head":(\d+),/;
const UTF8 = new TextDecoder();

/** A record bundle as a query reads it: the head parsed, a record's JSON only when asked for. */
export class RecordBundleView {
  private constructor(
    readonly strings: string[],
    readonly ids: number[],
    private readonly rowAt: (i: number) => PackedRecord | null | undefined,
  ) {}

  /** The stored text; throws when it is not a record bundle. */
  static fromText(text: string): RecordBundleView {
    const start = HEAD.exec(text.slice(0, 24));
    if (!start) throw new Error("a record bundle has no head");
    const head = Number(start[1]);
    if (!text.startsWith(RECORDS_KEY, head)) throw new Error("a record bundle's head does not end where it says");
    return RecordBundleView.withHead(text.slice(start[0].length, head), head, text.length, (from, to) =>
      text.slice(from, to),
    );
  }

  /**
   * The stored bytes (KV's arrayBuffer read), kept as they are, outside the JavaScript heap: the
   * head and the records asked for are decoded alone. A bundle's text is ASCII (asciiJson), so its
   * offsets count bytes too. Throws when it is not a record bundle.
   */
  static fromBytes(buffer: ArrayBuffer): RecordBundleView {
    const bytes = new Uint8Array(buffer);
    const start = HEAD.exec(UTF8.decode(bytes.subarray(0, 24)));
    if (!start) throw new Error("a record bundle has no head");
    const head = Number(start[1]);
    const fields = UTF8.decode(bytes.subarray(start[0].length, head + RECORDS_KEY.length));
    if (!fields.endsWith(RECORDS_KEY)) throw new Error("a record bundle's head does not end where it says");
    return RecordBundleView.withHead(fields.slice(0, -RECORDS_KEY.length), head, bytes.length, (from, to) =>
      UTF8.decode(bytes.subarray(from, to)),
    );
  }

  /**
   * The view of a stored bundle of `length` units (characters or bytes) whose head's fields (inside
   * its braces) are `fields` and whose records start after RECORDS_KEY at `head`; `slice` gives
   * the text between two offsets. Throws when the records do not end where the head says.
   */
  private static withHead(
    fields: string,
    head: number,
    length: number,
    slice: (from: number, to: number) => string,
  ): RecordBundleView {
    const { strings, ids, ends } = JSON.parse(`{${fields}}`) as RecordBundle;
    if (!Array.isArray(strings) || !Array.isArray(ids) || !Array.isArray(ends) || ends.length !== ids.length)
      throw new Error("a record bundle's head is not a record bundle's");
    const from = head + RECORDS_KEY.length;
    // The last record ends `]}` before the value's end (an empty list: `[]}`).
    if (from + (ends.length ? ends[ends.length - 1]! : 0) + 2 !== length)
      throw new Error("a record bundle's records do not end where its head says");
    return new RecordBundleView(strings, ids, (i) =>
      i < 0 || i >= ends.length
        ? undefined
        : (JSON.parse(slice(from + (i === 0 ? 0 : ends[i - 1]! + 1), from + ends[i]!)) as PackedRecord),
    );
  }

  /** A bundle parsed whole (a segment's records). */
  static fromValue(value: RecordBundle): RecordBundleView {
    if (
      !Array.isArray(value.strings) ||
      !Array.isArray(value.ids) ||
      !Array.isArray(value.records) ||
      value.records.length !== value.ids.length
    )
      throw new Error("not a record bundle");
    return new RecordBundleView(value.strings, value.ids, (i) => value.records[i]);
  }

  /** The packed record at position `i` (of `ids`), null for a record a segment removes; throws when its JSON is corrupt. */
  row(i: number): PackedRecord | null | undefined {
    return this.rowAt(i);
  }
}

/**
 * Whole pages' facets: record `ids[i]` has [lvl0 string id, lvl1 string id] at levels[2i], and type
 * letter types[i] (TYPE_LETTERS; in a segment, REMOVED for a record the build no longer has).
 */
export interface FacetBundle {
  strings: string[];
  ids: number[];
  levels: number[];
  types: string;
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
