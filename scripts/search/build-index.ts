/**
 * The embedded search index, cut into pieces (common/search-pieces.ts): the records' term
 * statistics, as MiniSearch computes them (term-statistics.ts); then each term's postings become
 * impacts (the term's whole score for a record, MiniSearch's BM25+ with the field and type boosts),
 * ordered best first and cut at POSTINGS_CAP; they are cut into term-range shards, the terms into
 * lexicon pieces and the packed records into bundles, each named by the digest of its text. The
 * publisher stores them (scripts/publish/search-store/): the whole index on a first publish, what
 * changed since on the next ones.
 */
import {
  indexTokens,
  miniSearchOptions,
  NAME_FIELD,
  packRecords,
  type SearchRecord,
  type Synonym,
} from "../../common/search";
import { synonymTable } from "./synonyms";
import type { Ref } from "../../common/ref-parts";
import {
  bm25,
  BROWSE_LIMIT,
  FIELD_BOOST,
  HEAD_FIELDS,
  IMPACT_SCALE,
  POSTINGS_CAP,
  TYPE_BOOST,
  type KeyOf,
  type PieceKind,
  type SearchRoot,
} from "../../common/search-index";
import {
  asciiJson,
  recordBundleText,
  termShardText,
  TYPE_LETTERS,
  type FacetBundle,
  type LexiconPiece,
  type Postings,
} from "../../common/search-pieces";
import { blobDigest } from "../build/blobs";
import { stableChunks } from "../build/stable-chunks";
import { CONTENT_IDS, stableIds } from "./record-ids";
import { termStatistics } from "./term-statistics";

export { CONTENT_IDS, PAGE_IDS } from "./record-ids";

/** A piece of the index: the first key of its range, its digest and its bytes. */
export type PieceRef<K> = Ref<K> & { bytes: number };

/** The index a build makes: what every root of it says, and its pieces of each kind. */
export interface SearchIndexBuild {
  meta: Pick<SearchRoot, "siteUrl" | "synonymTable" | "documentCount" | "statistics" | "fields">;
  /** The first BROWSE_LIMIT record ids, best first (page titles, then headings, then text): an empty query's answer. */
  browse: number[];
  /** Each kind's pieces, ranges in key order. */
  refs: { [K in PieceKind]: PieceRef<KeyOf<K>>[] };
  /** Digest → stored text of every piece. */
  pieces: Map<string, string>;
}

/**
 * Sizes of a piece: at least `min` bytes before a boundary the content chooses (a term or page
 * hashing to one), never past `max` (a single term's postings or a single page's records may).
 * Boundaries follow the content, so a one-page change rewrites the pieces it touches, not every
 * piece after them (scripts/build/stable-chunks.ts).
 */
export const PIECE_BYTES: Record<
  "lexicon" | "shard" | "records" | "headings" | "facets",
  { min: number; max: number; whole?: boolean }
> = {
  /**
   * A lexicon piece is one string a query searches in place (worker/search/lexicon.ts), so a larger
   * one costs a read little more, and a typo's scan of the terms with the word's first letter reads
   * fewer pieces (at 10,000 pages, about one in three of those it read at 16-48 KiB).
   */
  lexicon: { min: 48 * 1024, max: 128 * 1024 },
  shard: { min: 32 * 1024, max: 96 * 1024 },
  /**
   * Record bundles are read for the few records a query shows (RecordBundleView parses the head and
   * those alone), so a larger one costs a read little more: a query's hits on different pages
   * then share bundles more often, and each bundle an isolate reads brings more pages into its
   * cache. A warm isolate's searches mostly read bundles they are the first to need, so the pages
   * each read brings decide how many reads later searches make: at 10,000 pages, bench:scale's
   * warm searches read 1.1 text and 0.3 heading bundles each at these sizes, against 1.9 and 1.0
   * at a quarter of them, and cost about 0.5 ms less workerd CPU (fresh isolates interleaved, 16
   * rounds). A one-page release writes its page's changed records into a segment
   * (scripts/publish/search-store/), not the bundles.
   */
  records: { min: 192 * 1024, max: 512 * 1024 },
  /**
   * Bundles of headings only (see CONTENT_IDS) are larger still: a query's hits are mostly headings
   * of as many pages, so one read brings more of them; and a site's headings that one bundle holds
   * are one bundle (`whole`), so a small site's heading hits are one read.
   */
  headings: { min: 256 * 1024, max: 640 * 1024, whole: true },
  facets: { min: 24 * 1024, max: 64 * 1024 },
};

/**
 * Kinds a query does not parse whole, so a small site keeps PIECE_BYTES for them (fewer reads):
 * record bundles (a query parses their head and the records it shows, RecordBundleView), and the
 * lexicon (a small site's lexicon is a few tens of kilobytes, so one piece answers both of a
 * query's lexicon reads: its words, then their prefixes and typos).
 */
export const UNSCALED: ReadonlySet<keyof typeof PIECE_BYTES> = new Set(["lexicon", "records", "headings"] as const);

/** A kind of piece has at least about this many pieces before it gets smaller ones (see pieceSize). */
export const SMALL_SITE_PIECES = 256;
/** How far pieceSize may halve PIECE_BYTES: to an eighth. */
const SMALLEST_SCALE = 8;

/**
 * The size of one kind of piece (term shards, facet bundles) for a site whose pieces of that kind
 * hold `totalBytes`: PIECE_BYTES once the site fills SMALL_SITE_PIECES of them, halved (down to an
 * eighth) while it does not. A small site's query then parses a few kilobytes per shard instead of tens (its root lists
 * a few hundred pieces, still small); a large site keeps pieces large so its root stays small. The
 * size moves only when the site's bytes cross a power of two of that mark, so an edit seldom does.
 */
export function pieceSize(size: { min: number; max: number }, totalBytes: number): { min: number; max: number } {
  let scale = 1;
  while (scale < SMALLEST_SCALE && totalBytes < (size.min / scale) * SMALL_SITE_PIECES) scale *= 2;
  return { min: size.min / scale, max: size.max / scale };
}

/**
 * Two significant digits: statistics a one-page change leaves as they were, so impacts stay put.
 * A term's impacts are computed with its record count so rounded too: a page added under a section
 * adds a record holding the section's words, and with their exact counts every impact of those
 * common words would move by a unit, so a one-page release would change thousands of postings
 * instead of the page's own.
 */
const rounded = (n: number) => (n > 0 ? Number(n.toPrecision(2)) : n);

/** Cuts items into content-defined pieces (stableChunks); `value` serialises a run of items. */
function cut<T, K>(
  items: T[],
  keyOf: (item: T) => K,
  chunkKey: (item: T) => string,
  sizeOf: (item: T) => number,
  kind: keyof typeof PIECE_BYTES,
  value: (run: T[]) => string,
  pieces: Map<string, string>,
): PieceRef<K>[] {
  let total = 0;
  for (const item of items) total += sizeOf(item);
  const { min, max } = UNSCALED.has(kind) ? PIECE_BYTES[kind] : pieceSize(PIECE_BYTES[kind], total);
  const minBytes = PIECE_BYTES[kind].whole && total <= max ? max : min;
  return stableChunks(items, chunkKey, sizeOf, { minBytes, maxBytes: max, everyNth: 4 }).map((run) => {
    const text = value(run);
    const digest = blobDigest(text);
    pieces.set(digest, text);
    return { from: keyOf(run[0]!), digest, bytes: text.length };
  });
}

/**
 * A field length as impacts use it: exact up to 8 tokens, then on a geometric scale of about 10%
 * steps (as Lucene's one-byte norms are coarse), so a word added to a paragraph seldom changes it
 * and the paragraph's other terms keep their impacts.
 */
export function lengthBucket(length: number): number {
  if (length <= 8) return length;
  return Math.round(1.1 ** Math.round(Math.log(length) / Math.log(1.1)));
}

/** `tokens` (watch mode) keeps the tokens of each text between builds; the index is the same. */
export function buildSearchIndex(
  records: SearchRecord[],
  siteUrl: string,
  tokens?: { get(text: string): string[] | undefined; set(text: string, value: string[]): void },
  synonyms: Synonym[] = [],
): SearchIndexBuild {
  const tokenize = miniSearchOptions.tokenize ?? indexTokens;
  // Names are tokenized apart (whole), so not kept with the tokens of the same text elsewhere.
  const memoised = (text: string, field: string) => {
    if (field === NAME_FIELD) return tokenize(text, field);
    let hit = tokens!.get(text);
    if (!hit) tokens!.set(text, (hit = tokenize(text, field)));
    return hit;
  };
  /** MiniSearch's id (position in `records`) → stable id. */
  const ids = stableIds(records);
  const stats = termStatistics(records, tokens ? memoised : tokenize);
  const fields = stats.fields;
  const width = fields.length;
  const pieces = new Map<string, string>();

  const terms = [...stats.terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  stats.terms.clear();
  const documentCount = rounded(records.length);
  const averageFieldLength = stats.averageFieldLength.map(rounded);
  const typeBoost = records.map((r) => TYPE_BOOST[r.type]);
  const fieldBoost = fields.map((f) => FIELD_BOOST[f] ?? 1);
  const headField = fields.map((f) => HEAD_FIELDS.has(f));
  const lengths = stats.fieldLength.map(lengthBucket);
  // One term's records at a time, in scratch arrays sized for the longest list (no map or pair
  // per posting: a site of 10,000 pages has millions of them).
  const longest = terms.reduce((max, [, entries]) => Math.max(max, entries.length / 2), 0);
  const record = new Int32Array(longest);
  const allScore = new Float64Array(longest);
  const headScore = new Float64Array(longest);
  const inHeadOf = new Uint8Array(longest);
  const impact = new Int32Array(longest);
  const stable = new Float64Array(longest);
  /** The first `count` records' scores (those marked in `keep`, if given), best first, cut at the cap, as a flat [stable id, impact, …] list. */
  const ordered = (count: number, score: Float64Array, keep: Uint8Array | null): number[] => {
    const order: number[] = [];
    for (let i = 0; i < count; i++) {
      if (keep && !keep[i]) continue;
      impact[i] = Math.max(1, Math.round(score[i]! * IMPACT_SCALE));
      order.push(i);
    }
    const better = (x: number, y: number) => impact[y]! - impact[x]! || stable[x]! - stable[y]!;
    if (order.length > 2 * POSTINGS_CAP) order.splice(0, order.length, ...best(order, POSTINGS_CAP));
    order.sort(better);
    const list: number[] = [];
    for (let k = 0; k < order.length && k < POSTINGS_CAP; k++) list.push(stable[order[k]!]!, impact[order[k]!]!);
    return list;
  };
  /**
   * The `k` best of `order` (not in order), found with native numeric sorts instead of a compared
   * sort of a list of hundreds of thousands: those above the k-th best impact, then the lowest
   * stable ids among those tied with it.
   */
  const best = (order: number[], k: number): number[] => {
    const impacts = Int32Array.from(order, (i) => impact[i]!).sort();
    const threshold = impacts[impacts.length - k]!;
    const above = order.filter((i) => impact[i]! > threshold);
    const tied = order.filter((i) => impact[i]! === threshold);
    const wanted = k - above.length;
    if (tied.length <= wanted) return [...above, ...tied];
    const cutoff = Float64Array.from(tied, (i) => stable[i]!).sort()[wanted - 1]!;
    return [...above, ...tied.filter((i) => stable[i]! <= cutoff)];
  };
  const matching = new Array<number>(width);
  const postings = terms.map(([term, entries]): [string, Postings] => {
    matching.fill(0);
    for (let k = 0; k < entries.length; k += 2) matching[entries[k]! % width]!++;
    for (let f = 0; f < width; f++) matching[f] = rounded(matching[f]!);
    // Entries are in record order, and a record's fields in field order: each record's score is
    // summed field by field, as a field-by-field pass would sum it.
    let count = 0;
    let heads = 0;
    for (let k = 0; k < entries.length; k += 2) {
      const slot = entries[k]!;
      const f = slot % width;
      const id = (slot - f) / width;
      const score =
        fieldBoost[f]! *
        typeBoost[id]! *
        bm25(entries[k + 1]!, matching[f]!, documentCount, lengths[slot]!, averageFieldLength[f]!);
      if (count === 0 || record[count - 1] !== id) {
        record[count] = id;
        stable[count] = ids[id]!;
        allScore[count] = 0;
        headScore[count] = 0;
        inHeadOf[count] = 0;
        count++;
      }
      allScore[count - 1]! += score;
      if (headField[f]) {
        if (!inHeadOf[count - 1]) heads++;
        headScore[count - 1]! += score;
        inHeadOf[count - 1] = 1;
      }
    }
    const a = ordered(count, allScore, null);
    return [term, { a, ...(heads ? { h: ordered(count, headScore, inHeadOf) } : {}), n: count }];
  });
  /** Whether a term occurs in a head field (title, keywords) of any record. */
  const inHead = (entries: number[]) => {
    for (let k = 0; k < entries.length; k += 2) if (headField[entries[k]! % width]) return true;
    return false;
  };
  const shards = cut(
    postings,
    ([term]) => term,
    ([term]) => term,
    ([term, p]) => term.length + 16 + (p.a.length + (p.h?.length ?? 0)) * 6,
    "shard",
    termShardText,
    pieces,
  );
  const lexicon = cut(
    terms,
    ([term]) => term,
    ([term]) => term,
    ([term]) => term.length + 2, // the term, its separator and its heads digit
    "lexicon",
    (run) => {
      const spaced = run.find(([t]) => t.includes(" "));
      if (spaced)
        throw new Error(`the search term "${spaced[0]}" holds a space, which separates a lexicon piece's terms`);
      return asciiJson({
        terms: run.map(([t]) => t).join(" "),
        heads: run.map(([, entries]) => (inHead(entries) ? "1" : "0")).join(""),
      } satisfies LexiconPiece);
    },
    pieces,
  );
  // Records by stable id: bundles and facets hold whole pages, cut where the pages' addresses say.
  const byId = records.map((record, i) => ({ record, id: ids[i]! })).sort((a, b) => a.id - b.id);
  const rowBytes = ({ record: r }: { record: SearchRecord }) =>
    80 + r.objectID.length + (r.content?.length ?? 0) + (r.keywords?.join(" ").length ?? 0) + (r.anchor?.length ?? 0);
  const pageKey = (e: { record: SearchRecord }, i: number, all: { record: SearchRecord }[]) =>
    i + 1 < all.length && all[i + 1]!.record.url_without_anchor === e.record.url_without_anchor
      ? ""
      : e.record.url_without_anchor;
  const keyed = withPageKeys(byId, pageKey);
  const bundleText = (run: typeof keyed) => {
    const { strings, records: rows } = packRecords(
      run.map((e) => e.record),
      siteUrl,
    );
    return recordBundleText(
      strings,
      run.map((e) => e.id),
      rows,
    );
  };
  // Headings' ids come first (CONTENT_IDS): their bundles, then the text's, are in id order.
  const bundlesOf = (kind: "headings" | "records", run: typeof keyed) =>
    cut(
      run,
      (e) => e.id,
      (e) => e.key,
      rowBytes,
      kind,
      bundleText,
      pieces,
    );
  const headings = keyed.filter((e) => e.id < CONTENT_IDS);
  const texts = keyed.filter((e) => e.id >= CONTENT_IDS);
  const bundles = [...bundlesOf("headings", headings), ...bundlesOf("records", texts)];
  const facets = cut(
    keyed,
    (e) => e.id,
    (e) => e.key,
    (e) => 12 + (e.record.hierarchy.lvl1.length >> 4),
    "facets",
    (run) => {
      const strings: string[] = [];
      const seen = new Map<string, number>();
      const id = (s: string) => seen.get(s) ?? (seen.set(s, strings.push(s) - 1), strings.length - 1);
      const levels = run.flatMap((e) => [id(e.record.hierarchy.lvl0), id(e.record.hierarchy.lvl1)]);
      return asciiJson({
        strings,
        ids: run.map((e) => e.id),
        levels,
        types: run.map((e) => TYPE_LETTERS[e.record.type]).join(""),
      } satisfies FacetBundle);
    },
    pieces,
  );
  const browse = byId
    .map((e) => ({ id: e.id, boost: TYPE_BOOST[e.record.type] }))
    .sort((a, b) => b.boost - a.boost || a.id - b.id)
    .slice(0, BROWSE_LIMIT)
    .map((e) => e.id);
  return {
    meta: {
      siteUrl,
      ...(synonyms.length ? { synonymTable: Object.fromEntries(synonymTable(synonyms)) } : {}),
      documentCount: records.length,
      statistics: { documentCount, averageFieldLength },
      fields,
    },
    browse,
    refs: { lexicon, shards, records: bundles, facets },
    pieces,
  };
}

/**
 * The key a record's piece boundary is chosen by: its page's address on the page's last record, and
 * "" (never a boundary: fnv1a("") is not a multiple of 4) inside a page, so pieces hold whole pages.
 */
function withPageKeys<T extends { record: SearchRecord }>(
  entries: T[],
  keyOf: (e: T, i: number, all: T[]) => string,
): (T & { key: string })[] {
  return entries.map((e, i, all) => ({ ...e, key: keyOf(e, i, all) }));
}
