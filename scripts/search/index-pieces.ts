/**
 * The index's pieces (common/search-pieces.ts), cut from a build's terms and records: term shards,
 * lexicon pieces, record and heading bundles, facet bundles, each named by the digest of its text.
 * Boundaries follow the content (scripts/build/stable-chunks.ts), so a one-page change rewrites
 * the pieces it touches, not every piece after them.
 */
import { createHash } from "node:crypto";
import { packRecords, type SearchRecord } from "../../common/search";
import { BROWSE_LIMIT, TYPE_BOOST } from "../../common/search-index";
import {
  asciiJson,
  recordBundleText,
  TYPE_LETTERS,
  type FacetBundle,
  type LexiconPiece,
  type Postings,
} from "../../common/search-pieces";
import type { Ref } from "../../common/ref-parts";
import { blobDigest } from "../build/blobs";
import { stableChunks } from "../build/stable-chunks";
import { shardBytes } from "./postings";
import { CONTENT_IDS } from "./record-ids";

/** A piece of the index: the first key of its range, its digest and its bytes. */
export type PieceRef<K> = Ref<K> & { bytes: number };

/**
 * Sizes of a piece: at least `min` bytes before a boundary the content chooses (a term or page
 * hashing to one), never past `max` (a single term's postings or a single page's records may).
 */
export const PIECE_BYTES: Record<
  "lexicon" | "shard" | "records" | "headings" | "facets",
  { min: number; max: number; whole?: boolean }
> = {
  /**
   * A lexicon piece is one string a query searches in place (worker/search/lexicon.ts), so a larger
   * one costs a read little more, and a typo's scan of the terms with the word's first letter reads
   * fewer pieces.
   */
  lexicon: { min: 48 * 1024, max: 128 * 1024 },
  shard: { min: 32 * 1024, max: 96 * 1024 },
  /**
   * Record bundles are read for the few records a query shows (RecordBundleView parses the head and
   * those alone), so a larger one costs a read little more: a query's hits on different pages
   * then share bundles more often, and each bundle an isolate reads brings more pages into its
   * cache, so later searches make fewer reads. A one-page release writes its page's changed
   * records into a segment (scripts/publish/search-store/), not the bundles.
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

/** Items cut into content-defined runs (stableChunks) at the sizes of their kind. */
export function runsOf<T>(
  items: readonly T[],
  chunkKey: (item: T) => string,
  sizeOf: (item: T) => number,
  kind: keyof typeof PIECE_BYTES,
): T[][] {
  let total = 0;
  for (const item of items) total += sizeOf(item);
  const { min, max } = UNSCALED.has(kind) ? PIECE_BYTES[kind] : pieceSize(PIECE_BYTES[kind], total);
  const minBytes = PIECE_BYTES[kind].whole && total <= max ? max : min;
  return stableChunks(items, chunkKey, sizeOf, { minBytes, maxBytes: max, everyNth: 4 });
}

/** A piece's ref, its text kept in `pieces`. */
export function pieceRef<K>(from: K, text: string, pieces: Map<string, string>): PieceRef<K> {
  const digest = blobDigest(text);
  pieces.set(digest, text);
  return { from, digest, bytes: text.length };
}

/**
 * Runs of records already cut by an earlier build (index-state.ts): a run's key names what its
 * text is made of, so a run of the same key is the same piece, and its text is made again only if
 * asked for (`later`).
 */
export interface RunMemo {
  /** The digest of a page's records and their ids, by its address. */
  pageDigest(url: string): string;
  kept: ReadonlyMap<string, PieceRef<number>>;
  /** Every run of this build, by key (for the next). */
  made: Map<string, PieceRef<number>>;
  later: Map<string, () => string>;
}

/** Cuts items into pieces; `value` serialises a run of items; `memo` names runs an earlier build made. */
function cut<T, K>(
  items: T[],
  keyOf: (item: T) => K,
  chunkKey: (item: T) => string,
  sizeOf: (item: T) => number,
  kind: keyof typeof PIECE_BYTES,
  value: (run: T[]) => string,
  pieces: Map<string, string>,
  memo?: { key: (run: T[]) => string; runs: RunMemo },
): PieceRef<K>[] {
  return runsOf(items, chunkKey, sizeOf, kind).map((run) => {
    if (!memo) return pieceRef(keyOf(run[0]!), value(run), pieces);
    const key = memo.key(run);
    const kept = memo.runs.kept.get(key);
    const ref = kept ?? pieceRef(keyOf(run[0]!) as number, value(run), pieces);
    if (kept) memo.runs.later.set(kept.digest, () => value(run));
    memo.runs.made.set(key, ref);
    return ref as PieceRef<K>;
  });
}

/** A term shard's item size, as the chunking counts it. */
export const shardItemBytes = ([term, p]: [string, Postings]) => shardBytes(term, p);

/** The lexicon's pieces: each term in order, with whether it occurs in a head field. */
export function lexiconRefs(terms: readonly string[], inHead: (i: number) => boolean, pieces: Map<string, string>) {
  const indexes = terms.map((_, i) => i);
  return cut(
    indexes,
    (i) => terms[i]!,
    (i) => terms[i]!,
    (i) => terms[i]!.length + 2, // the term, its separator and its heads digit
    "lexicon",
    (run) => {
      const spaced = run.find((i) => terms[i]!.includes(" "));
      if (spaced !== undefined)
        throw new Error(`the search term "${terms[spaced]}" holds a space, which separates a lexicon piece's terms`);
      return asciiJson({
        terms: run.map((i) => terms[i]).join(" "),
        heads: run.map((i) => (inHead(i) ? "1" : "0")).join(""),
      } satisfies LexiconPiece);
    },
    pieces,
  );
}

/** Record bundles (headings', then text's), facet bundles and the browse list, by stable id. */
export function recordRefs(
  records: readonly SearchRecord[],
  ids: readonly number[],
  siteUrl: string,
  pieces: Map<string, string>,
  runs?: RunMemo,
) {
  // Records by stable id: bundles and facets hold whole pages, cut where the pages' addresses say.
  const byId = records.map((record, i) => ({ record, id: ids[i]! })).sort((a, b) => a.id - b.id);
  const rowBytes = ({ record: r }: { record: SearchRecord }) =>
    80 + r.objectID.length + (r.content?.length ?? 0) + (r.keywords?.join(" ").length ?? 0) + (r.anchor?.length ?? 0);
  // A page's address on its last record, and "" (never a boundary: fnv1a("") is not a multiple of
  // 4) inside a page, so pieces hold whole pages.
  const keyed = byId.map((e, i) => ({
    ...e,
    key:
      i + 1 < byId.length && byId[i + 1]!.record.url_without_anchor === e.record.url_without_anchor
        ? ""
        : e.record.url_without_anchor,
  }));
  type Keyed = (typeof keyed)[number];
  /** A run's records are those of its kind and id range on its pages: their digests say what they are. */
  const memo = (kind: string) =>
    runs && {
      runs,
      key: (run: Keyed[]) => {
        const hash = createHash("sha256").update(`${kind}\0${run[0]!.id}\0${run.at(-1)!.id}\0${run.length}`);
        let page = "";
        for (const { record } of run)
          if (record.url_without_anchor !== page)
            hash.update(`\0${runs.pageDigest((page = record.url_without_anchor))}`);
        return hash.digest("hex").slice(0, 32);
      },
    };
  const bundleText = (run: Keyed[]) => {
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
  const bundlesOf = (kind: "headings" | "records", run: Keyed[]) =>
    cut(
      run,
      (e) => e.id,
      (e) => e.key,
      rowBytes,
      kind,
      bundleText,
      pieces,
      memo(kind),
    );
  const bundles = [
    ...bundlesOf(
      "headings",
      keyed.filter((e) => e.id < CONTENT_IDS),
    ),
    ...bundlesOf(
      "records",
      keyed.filter((e) => e.id >= CONTENT_IDS),
    ),
  ];
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
    memo("facets"),
  );
  const browse = byId
    .map((e) => ({ id: e.id, boost: TYPE_BOOST[e.record.type] }))
    .sort((a, b) => b.boost - a.boost || a.id - b.id)
    .slice(0, BROWSE_LIMIT)
    .map((e) => e.id);
  return { bundles, facets, browse };
}
