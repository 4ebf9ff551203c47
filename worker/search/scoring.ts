/**
 * MiniSearch's query evaluation (minisearch 7.2: executeQuery, executeQuerySpec, termResults and the
 * OR/AND combinators, with its prefix and fuzzy weights) over impact-ordered posting lists read
 * from the index's shards: the build stored each term's BM25+ score per record (field and type
 * boosts included), so ranking stays MiniSearch's while a query reads only the terms it touches,
 * and of each list at most its best POSTINGS_CAP records (EXPANSION_CAP for a word's prefix and typo
 * expansions). It keeps one small entry per matching record and no per-record result objects beyond it.
 */
import type { Query } from "minisearch";
import { foldTerm, queryTokens } from "../../client/contracts/search";
import { HEAD_FIELDS, IMPACT_SCALE, type Postings } from "../../client/contracts/search-index";

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

export interface Match {
  id: number;
  score: number;
  /** Set by the engine when it ranks the match (see Ranked); 0 until then. */
  raw: number;
  /** The query terms this record matched. */
  terms: TermList;
  /** The record's terms that matched them (after prefix and typo expansion). */
  match: TermList;
}
export type Matches = Map<number, Match>;

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
  for (let i = 0; i < end; i += 2) {
    const id = list[i]!;
    const score = scale * list[i + 1]!;
    const hit = out.get(id);
    if (hit) {
      hit.score += score;
      hit.terms = withTerms(hit.terms, source);
      hit.match = withTerms(hit.match, derived);
    } else out.set(id, { id, score, raw: 0, terms: source, match: derived });
  }
}

function termQuery(src: TermSource, term: string, opts: EvalOptions, truncated: { value: boolean }): Matches {
  const headsOnly = !!opts.fields && opts.fields.every((f) => HEAD_FIELDS.has(f));
  if (opts.fields && !headsOnly)
    throw new Error(`fields ${opts.fields.join(", ")}: only all fields or the head fields`);
  const out: Matches = new Map();
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
  if (results.length === 0) return new Map();
  const and = combineWith.toLowerCase() === "and";
  return results.reduce((a, b) => {
    if (!and) {
      // forEach, not for…of: no [id, match] pair made per record.
      b.forEach((m, id) => {
        const hit = a.get(id);
        if (!hit) a.set(id, m);
        else {
          hit.score += m.score;
          hit.match = withTerms(hit.match, m.match);
          hit.terms = withTerms(hit.terms, m.terms);
        }
      });
      return a;
    }
    const both: Matches = new Map();
    b.forEach((m, id) => {
      const hit = a.get(id);
      if (!hit) return;
      hit.terms = withTerms(hit.terms, m.terms);
      hit.match = withTerms(hit.match, m.match);
      hit.score += m.score;
      both.set(id, hit);
    });
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
