/**
 * MiniSearch's query evaluation (minisearch 7.2: executeQuery, executeQuerySpec, termResults and the
 * OR/AND combinators, with its prefix and fuzzy weights) over impact-ordered posting lists read
 * from the index's shards: the build stored each term's BM25+ score per record (field and type
 * boosts included), so ranking stays MiniSearch's while a query reads only the terms it touches,
 * and of each list at most its best POSTINGS_CAP records (EXPANSION_CAP for a word's prefix and typo
 * expansions). Matching records are kept in parallel arrays (Matches), with no object per record.
 */
import type { Query } from "minisearch";
import { foldTerm, queryTokens } from "../../common/search";
import { HEAD_FIELDS, IMPACT_SCALE } from "../../common/search-index";
import type { Postings } from "../../common/search-pieces";

/**
 * Distinct terms in the order found: one term as itself, several as a list. Most records match one
 * term, and a query keeps one entry per matching record, thousands at a time: without a list each,
 * far less is allocated, and far less outlives a young-generation collection mid-query.
 */
export type TermList = string | string[];

/** The terms of a TermList, as a list (a new one for a single term). */
export const termsOf = (list: TermList): string[] => (typeof list === "string" ? [list] : list);

/** How many terms. */
export const termCount = (list: TermList): number => (typeof list === "string" ? 1 : list.length);

/** Whether one of the terms is in `set`. */
export const anyIn = (list: TermList, set: ReadonlySet<string>): boolean =>
  typeof list === "string" ? set.has(list) : list.some((t) => set.has(t));

/** `list` with the terms of `more` it lacks added at its end (a list is extended in place). */
function withTerms(list: TermList, more: TermList): TermList {
  if (typeof more !== "string") {
    for (const t of more) list = withTerms(list, t);
    return list;
  }
  if (typeof list === "string") return list === more ? list : [list, more];
  if (!list.includes(more)) list.push(more);
  return list;
}

/**
 * The records a query (or part of one) matches, in parallel arrays: position k (below `size`) holds
 * one record's id, score, the query terms it matched and the record's terms that matched them. A
 * query may match thousands of records, so there is no object or Map entry per record: ids find
 * their position through an open-addressing table in typed arrays, and ids and scores are typed
 * arrays too (numbers in them are never boxed, whatever their size).
 */
export class Matches {
  /** Table slot → position + 1 (0: empty); `keys` holds the slot's id. Its capacity is a power of two, kept at least twice `size`. */
  private slots!: Int32Array;
  private keys!: Float64Array;
  /** 32 − log2(table capacity): a slot is the top bits of the id's multiplicative hash. */
  private shift!: number;
  ids: Float64Array;
  scores: Float64Array;
  /** The query terms each record matched. */
  readonly terms: TermList[] = [];
  /** The record's terms that matched them (after prefix and typo expansion). */
  readonly match: TermList[] = [];
  size = 0;

  constructor(expected = 8) {
    this.ids = new Float64Array(expected);
    this.scores = new Float64Array(expected);
    this.rehash(tableCapacity(expected));
  }

  /** The table slot of `id`, or the empty slot where it would go. */
  private slotOf(id: number): number {
    const mask = this.slots.length - 1;
    // Record ids are below 2^30 (scripts/search/record-ids.ts), so the id is its own 32-bit key.
    let i = Math.imul(id, 0x9e3779b1) >>> this.shift;
    while (this.slots[i] !== 0 && this.keys[i] !== id) i = (i + 1) & mask;
    return i;
  }

  /** The position of a record, or -1 when it has not matched. */
  position(id: number): number {
    return this.slots[this.slotOf(id)]! - 1;
  }

  /** Room for `count` records in all without growing (arrays grow at least twofold, so growing costs linear time). */
  reserve(count: number): void {
    if (count > this.ids.length) {
      const length = Math.max(count, 2 * this.ids.length);
      this.ids = grown(this.ids, length, this.size);
      this.scores = grown(this.scores, length, this.size);
    }
    if (2 * count > this.slots.length) this.rehash(tableCapacity(count));
  }

  /** A new table of `capacity` slots holding the records so far. */
  private rehash(capacity: number): void {
    this.slots = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.shift = 32 - Math.log2(capacity);
    for (let k = 0; k < this.size; k++) {
      const i = this.slotOf(this.ids[k]!);
      this.slots[i] = k + 1;
      this.keys[i] = this.ids[k]!;
    }
  }

  /** Adds a match of query term(s) `terms` through the record's term(s) `match`, scoring `score`. */
  add(id: number, score: number, terms: TermList, match: TermList): void {
    let i = this.slotOf(id);
    const at = this.slots[i]!;
    if (at !== 0) {
      const k = at - 1;
      this.scores[k]! += score;
      this.terms[k] = withTerms(this.terms[k]!, terms);
      this.match[k] = withTerms(this.match[k]!, match);
      return;
    }
    if (this.size === this.ids.length) {
      // Growing rehashes the table (reserve keeps it at least twice `size`): find the slot again.
      this.reserve(Math.max(8, 2 * this.size));
      i = this.slotOf(id);
    }
    const k = this.size++;
    this.ids[k] = id;
    this.scores[k] = score;
    // Indexed stores, not push (see worker/search/highlight.ts).
    this.terms[k] = terms;
    this.match[k] = match;
    this.slots[i] = k + 1;
    this.keys[i] = id;
    if (2 * this.size > this.slots.length) this.rehash(2 * this.slots.length);
  }
}

/** A copy of the first `size` numbers of `array`, in a new array of `length`. */
function grown(array: Float64Array, length: number, size: number): Float64Array {
  const copy = new Float64Array(length);
  copy.set(array.subarray(0, size));
  return copy;
}

/** The table capacity for `count` records: a power of two, at least twice `count` (and 16). */
function tableCapacity(count: number): number {
  let capacity = 16;
  while (capacity < 2 * count) capacity *= 2;
  return capacity;
}

/** What evaluation reads: terms (with their expansions) and postings. */
export interface TermSource {
  fields: readonly string[];
  /** Impact-ordered postings; undefined for a term not in the index. */
  postings(term: string): Postings | undefined;
  /** Index terms starting with `prefix`; with `headsOnly`, only those found in titles or keywords. */
  withPrefix(prefix: string, headsOnly: boolean): string[];
  /** Index terms within `distance` edits of `term`, with their distance. */
  near(term: string, distance: number): [string, number][];
}

export interface EvalOptions {
  combineWith?: string;
  prefix?: boolean;
  fuzzy?: boolean | number;
  fields?: string[];
  maxFuzzy: number;
}

const WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
/** Postings read per prefix or typo expansion of a word: a short prefix may have hundreds of them. */
export const EXPANSION_CAP = 256;

/** Adds one term's postings (the exact word or an expansion of it, weighted) to `out`. */
function termResults(
  src: TermSource,
  source: string,
  derived: string,
  weight: number,
  headsOnly: boolean,
  cap: number,
  out: Matches,
  truncated: { value: boolean },
): void {
  const postings = src.postings(derived);
  const list = postings && (headsOnly ? postings.h : postings.a);
  if (!list) return;
  const end = Math.min(list.length, 2 * cap);
  if (end < list.length || (!headsOnly && postings.n > end / 2)) truncated.value = true;
  const scale = weight / IMPACT_SCALE;
  out.reserve(out.size + end / 2);
  for (let i = 0; i < end; i += 2) out.add(list[i]!, scale * list[i + 1]!, source, derived);
}

function termQuery(src: TermSource, term: string, opts: EvalOptions, truncated: { value: boolean }): Matches {
  const headsOnly = !!opts.fields && opts.fields.every((f) => HEAD_FIELDS.has(f));
  if (opts.fields && !headsOnly)
    throw new Error(`fields ${opts.fields.join(", ")}: only all fields or the head fields`);
  const out = new Matches();
  termResults(src, term, term, 1, headsOnly, Infinity, out, truncated);
  const fuzzy = opts.fuzzy === true ? 0.2 : Number(opts.fuzzy ?? 0);
  const maxDistance = fuzzy < 1 ? Math.min(opts.maxFuzzy, Math.round(term.length * fuzzy)) : fuzzy;
  const prefixed = opts.prefix ? src.withPrefix(term, headsOnly) : [];
  const prefixSet = new Set(prefixed);
  for (const t of prefixed) {
    const distance = t.length - term.length;
    if (!distance) continue;
    const weight = (WEIGHTS.prefix * t.length) / (t.length + 0.3 * distance);
    termResults(src, term, t, weight, headsOnly, EXPANSION_CAP, out, truncated);
  }
  if (maxDistance) {
    for (const [t, distance] of src.near(term, maxDistance)) {
      if (!distance || prefixSet.has(t)) continue;
      const weight = (WEIGHTS.fuzzy * t.length) / (t.length + distance);
      termResults(src, term, t, weight, headsOnly, EXPANSION_CAP, out, truncated);
    }
  }
  return out;
}

function combine(results: Matches[], combineWith = "OR"): Matches {
  if (results.length === 0) return new Matches();
  const and = combineWith.toLowerCase() === "and";
  return results.reduce((a, b) => {
    if (!and) {
      // b's records added to a (a record of both keeps its place in a), as MiniSearch's OR does.
      a.reserve(a.size + b.size);
      for (let k = 0; k < b.size; k++) a.add(b.ids[k]!, b.scores[k]!, b.terms[k]!, b.match[k]!);
      return a;
    }
    // The records of both, in b's order, with a's terms first.
    const both = new Matches(Math.min(a.size, b.size));
    for (let k = 0; k < b.size; k++) {
      const id = b.ids[k]!;
      const at = a.position(id);
      if (at < 0) continue;
      both.add(id, a.scores[at]!, a.terms[at]!, a.match[at]!);
      both.add(id, b.scores[k]!, b.terms[k]!, b.match[k]!);
    }
    return both;
  });
}

/**
 * Records matching a MiniSearch query tree, with MiniSearch's scores (before its quality factor).
 * `truncated.value` becomes true when a list was read only in part (hit counts are then estimates).
 */
export function evaluate(
  src: TermSource,
  query: Query,
  opts: EvalOptions,
  truncated: { value: boolean } = { value: false },
): Matches {
  if (typeof query !== "string") {
    const { queries, ...own } = query as { queries: Query[] } & Partial<EvalOptions>;
    const inner: EvalOptions = { ...opts, ...own };
    return combine(
      queries.map((q) => evaluate(src, q, inner, truncated)),
      inner.combineWith,
    );
  }
  const terms = queryTokens(query).map(foldTerm).filter(Boolean);
  return combine(
    terms.map((t) => termQuery(src, t, opts, truncated)),
    opts.combineWith,
  );
}
