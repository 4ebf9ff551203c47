/**
 * A segment of the search index (search-index.ts): for some keys of each kind of piece, what the
 * build has there where it differs from the base. One stored value, read whole by a query (a
 * publish keeps segments small: scripts/publish/search-store/), in the pieces' own shapes:
 *
 * - lexicon: the terms whose entry differs (heads 0 or 1, or REMOVED);
 * - postings: for each term whose postings differ, the change that makes them of the base's
 *   (TermChange: a few records added and taken out, not the list, which holds up to POSTINGS_CAP);
 * - records, facets: the records and facet rows that differ, whole (null and REMOVED for those the
 *   build no longer has);
 * - runs: which key ranges it covers, and the build's pieces there (what the next publish compares
 *   its own with, to find what changed since; queries do not read them).
 *
 * A key's entry in a later segment replaces an earlier segment's, and any segment's replaces the
 * base's; a term's change always applies to the base's postings.
 */
import { POSTINGS_CAP } from "./search-index";
import type { FacetBundle, LexiconPiece, Postings, RecordBundle } from "./search-pieces";

/** A term's postings as a change to the base's: pairs added to each list, record ids taken out of both, and the new count (0: the term is gone). */
export interface TermChange {
  a: number[];
  h?: number[];
  x?: number[];
  n: number;
}

/**
 * A key range a segment covers: from `from` (null: the first key) up to `to` (excluded; null: the
 * last key), and the digest of the build's pieces in it (when that is the base's, the segment's
 * entries there only undo an earlier segment's).
 */
export type Run<K> = [from: K | null, to: K | null, digest: string];

export interface StoredSegment {
  lexicon: LexiconPiece;
  postings: Record<string, TermChange>;
  records: RecordBundle;
  facets: FacetBundle;
  runs: { lexicon: Run<string>[]; shards: Run<string>[]; records: Run<number>[]; facets: Run<number>[] };
}

/** `base` without the pairs whose ids are in `gone`, with `added`, best impact first (ties: lower id), cut at POSTINGS_CAP, as the build orders a list. */
function changedList(base: number[] | undefined, gone: ReadonlySet<number>, added: number[] | undefined): number[] {
  const pairs: [number, number][] = [];
  if (base) for (let k = 0; k < base.length; k += 2) if (!gone.has(base[k]!)) pairs.push([base[k]!, base[k + 1]!]);
  if (added) for (let k = 0; k < added.length; k += 2) pairs.push([added[k]!, added[k + 1]!]);
  pairs.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  if (pairs.length > POSTINGS_CAP) pairs.length = POSTINGS_CAP;
  const list: number[] = [];
  for (const [id, impact] of pairs) list.push(id, impact);
  return list;
}

/** The postings `change` makes of the base's (undefined: the term is not in the index). */
export function appliedChange(base: Postings | undefined, change: TermChange): Postings | undefined {
  if (change.n === 0) return undefined;
  const gone = new Set(change.x);
  const h = changedList(base?.h, gone, change.h);
  return { a: changedList(base?.a, gone, change.a), ...(h.length ? { h } : {}), n: change.n };
}
