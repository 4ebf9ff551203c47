/**
 * The embedded search index as KV stores it (store format 3; worker/search/README.md draws it).
 *
 * The build makes the whole index and cuts it into content-addressed pieces of four kinds
 * (search-pieces.ts): lexicon pieces (the terms, for known words, prefixes and typos), term shards
 * (postings), record bundles (the records a query shows) and facet bundles (what facet filters
 * read). What a build stores is a base, pieces of some earlier build, and up to MAX_SEGMENTS
 * segments (search-segment.ts), each holding, key by key, where the build differs from the base; a
 * query reads the base pieces and the segments it needs, and a segment's entry for a key replaces
 * the base's. The root (per build) lists the base pieces, in parts past a few kilobytes
 * (ref-parts.ts), and the segments.
 */
import type { RefPart } from "./ref-parts";
import type { SearchRecordType } from "./search";

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
/**
 * Extra weight by field (MiniSearch's `boost`). A name (a row of the API reference) is matched only
 * when typed whole, and then names the one row a reader is after: it outweighs a title, so the row
 * ranks above the guides and error examples that mention the name, some of them several times.
 */
export const FIELD_BOOST: Record<string, number> = { title: 4, keywords: 4, name: 8, parents: 1.5, content: 1 };
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
/** Record ids an empty query can page through (Algolia's paginationLimitedTo). */
export const BROWSE_LIMIT = 1000;

/** The four kinds of piece, by the key their ranges are cut on: terms, or record ids. */
export interface PieceKinds<T> {
  lexicon: T;
  shards: T;
  records: T;
  facets: T;
}
export const PIECE_KINDS = ["lexicon", "shards", "records", "facets"] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];
/** The key a kind's pieces are cut on. */
export type KeyOf<Kind extends PieceKind> = Kind extends "records" | "facets" ? number : string;

/** A segment of the index as the root names it (oldest first). */
export interface SegmentRef {
  digest: string;
  bytes: number;
}

/**
 * What a publish stores under kvKeys.searchIndex(buildId). Record ids are stable across builds
 * (a page's records keep theirs while other pages change), so they are sparse: bundles list theirs.
 */
export interface SearchRoot {
  version: 5;
  siteUrl: string;
  /**
   * The site's synonyms as synonymTable makes them (its entries: folded phrase → the phrases it
   * also finds), so an isolate reads them without folding any; absent when the site has none.
   */
  synonymTable?: Record<string, string[][]>;
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
  /** Digest of the first BROWSE_LIMIT record ids, best first (page titles, then headings, then text): an empty query's answer, as JSON. */
  browse: string;
  /** The base pieces of each kind, ranges in key order (level 0 refs name pieces; `bytes` is each piece's size). */
  lexicon: RefPart<string>;
  shards: RefPart<string>;
  records: RefPart<number>;
  facets: RefPart<number>;
  /** Oldest first: a later segment's entry for a key replaces an earlier one's. */
  segments: SegmentRef[];
}

/** Whether a root read from KV is one of this format. */
export const isSearchRoot = (value: unknown): value is SearchRoot =>
  value !== null && typeof value === "object" && (value as SearchRoot).version === 5;
