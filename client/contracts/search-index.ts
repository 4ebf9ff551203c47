/**
 * The embedded search index as the build splits it for KV: a small root (per build, read first)
 * and content-addressed pieces (kvKeys.blob(digest)) the worker loads on demand. Each piece stays
 * far under KV's value limit at any site size, and a piece whose bytes do not change keeps its key,
 * so the next publish does not rewrite it.
 *
 * - lexicon pieces: the index's terms, sorted, split into ranges (what typo tolerance and prefix
 *   search scan);
 * - term shards: posting lists by term range (what scoring reads);
 * - record bundles: the packed records of a range of record ids (read only for the hits returned);
 * - facet bundles: each record's hierarchy.lvl0 and lvl1 (read only when a query filters on them).
 */
import type { PackedRecord, Synonym } from "./search";

/** A piece covering a range: from this key (a term, or a record id) up to the next piece's. */
export interface PieceRef<K> {
  from: K;
  digest: string;
  /** Bytes of the stored value (what the worker's cache counts). */
  bytes: number;
}

/** What the build stores under kvKeys.searchIndex(buildId). */
export interface SearchRoot {
  version: 3;
  siteUrl: string;
  synonyms?: Synonym[];
  documentCount: number;
  /** MiniSearch's field order: title, parents, content, keywords. */
  fields: string[];
  /** Average length of each field, in unique tokens (BM25's avgdl). */
  averageFieldLength: number[];
  /** Each record's type, one letter per record id (see TYPE_LETTERS). */
  types: string;
  lexicon: PieceRef<string>[];
  shards: PieceRef<string>[];
  records: PieceRef<number>[];
  facets: PieceRef<number>[];
}

/** Sorted terms; `heads[i]` is 1 when terms[i] occurs in a title or keywords (short prefixes complete only those). */
export interface LexiconPiece {
  terms: string[];
  heads: string;
}

/**
 * Postings by term: per field (root.fields order), a flat list of
 * [record id delta, term frequency, field length, …], record ids ascending.
 */
export type TermShard = Record<string, number[][]>;

export interface RecordBundle {
  strings: string[];
  records: PackedRecord[];
}

/** Per record from `from`: [lvl0 string id, lvl1 string id, …]. */
export interface FacetBundle {
  strings: string[];
  levels: number[];
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

/** Every piece a root refers to (what publishing writes and garbage collection keeps). */
export function searchPieceDigests(root: Partial<SearchRoot> | null | undefined): string[] {
  if (!root || root.version !== 3) return [];
  return [root.lexicon, root.shards, root.records, root.facets].flatMap((refs) => (refs ?? []).map((r) => r.digest));
}
