/**
 * MiniSearch's query evaluation (minisearch 7.2: executeQuery, executeQuerySpec, termResults and the
 * OR/AND combinators, with its BM25+ and its prefix and fuzzy weights) over posting lists read from
 * the index's shards, so ranking stays MiniSearch's while only the terms a query touches are loaded.
 * It keeps one small entry per matching record and no per-record result objects beyond it.
 */
import type { Query } from "minisearch";
import { foldTerm, queryTokens } from "../../client/contracts/search";

export interface Match {
  score: number;
  /** The query terms this record matched. */
  terms: string[];
  /** The record's terms that matched them (after prefix and typo expansion). */
  match: string[];
}
export type Matches = Map<number, Match>;

/** What evaluation reads: terms (with their expansions) and postings. */
export interface TermSource {
  documentCount: number;
  fields: readonly string[];
  averageFieldLength: readonly number[];
  /** Per field: flat [record id delta, tf, field length, …]; undefined for a term not in the index. */
  postings(term: string): number[][] | undefined;
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
  boost: Record<string, number>;
  maxFuzzy: number;
  /** Extra weight of a record (MiniSearch's boostDocument). */
  docBoost: (id: number) => number;
}

const WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const HEAD_FIELDS = new Set(["title", "keywords"]);

function bm25(tf: number, matching: number, total: number, length: number, avg: number): number {
  const idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));
}

const addUnique = (target: string[], term: string) => {
  if (!target.includes(term)) target.push(term);
};

function termResults(
  src: TermSource,
  source: string,
  derived: string,
  weight: number,
  fieldIds: number[],
  opts: EvalOptions,
  out: Matches,
): void {
  const lists = src.postings(derived);
  if (!lists) return;
  for (const f of fieldIds) {
    const list = lists[f];
    if (!list?.length) continue;
    const matching = list.length / 3;
    const avg = src.averageFieldLength[f]!;
    const fieldWeight = weight * (opts.boost[src.fields[f]!] || 1);
    let id = 0;
    for (let i = 0; i < list.length; i += 3) {
      id += list[i]!;
      const boost = opts.docBoost(id);
      if (!boost) continue;
      const score = fieldWeight * boost * bm25(list[i + 1]!, matching, src.documentCount, list[i + 2]!, avg);
      const hit = out.get(id);
      if (hit) {
        hit.score += score;
        addUnique(hit.terms, source);
        addUnique(hit.match, derived);
      } else out.set(id, { score, terms: [source], match: [derived] });
    }
  }
}

function termQuery(src: TermSource, term: string, opts: EvalOptions): Matches {
  const fields = opts.fields ?? src.fields;
  const fieldIds = fields.map((f) => src.fields.indexOf(f)).filter((f) => f >= 0);
  const out: Matches = new Map();
  termResults(src, term, term, 1, fieldIds, opts, out);
  const fuzzy = opts.fuzzy === true ? 0.2 : Number(opts.fuzzy ?? 0);
  const maxDistance = fuzzy < 1 ? Math.min(opts.maxFuzzy, Math.round(term.length * fuzzy)) : fuzzy;
  const prefixed = opts.prefix
    ? src.withPrefix(
        term,
        fields.every((f) => HEAD_FIELDS.has(f)),
      )
    : [];
  const prefixSet = new Set(prefixed);
  for (const t of prefixed) {
    const distance = t.length - term.length;
    if (!distance) continue;
    termResults(src, term, t, (WEIGHTS.prefix * t.length) / (t.length + 0.3 * distance), fieldIds, opts, out);
  }
  if (maxDistance) {
    for (const [t, distance] of src.near(term, maxDistance)) {
      if (!distance || prefixSet.has(t)) continue;
      termResults(src, term, t, (WEIGHTS.fuzzy * t.length) / (t.length + distance), fieldIds, opts, out);
    }
  }
  return out;
}

function combine(results: Matches[], combineWith = "OR"): Matches {
  if (results.length === 0) return new Map();
  const and = combineWith.toLowerCase() === "and";
  return results.reduce((a, b) => {
    if (!and) {
      for (const [id, m] of b) {
        const hit = a.get(id);
        if (!hit) a.set(id, m);
        else {
          hit.score += m.score;
          for (const t of m.match) addUnique(hit.match, t);
          for (const t of m.terms) addUnique(hit.terms, t);
        }
      }
      return a;
    }
    const both: Matches = new Map();
    for (const [id, m] of b) {
      const hit = a.get(id);
      if (!hit) continue;
      for (const t of m.terms) addUnique(hit.terms, t);
      for (const t of m.match) addUnique(hit.match, t);
      hit.score += m.score;
      both.set(id, hit);
    }
    return both;
  });
}

/** Records matching a MiniSearch query tree, with MiniSearch's scores (before its quality factor). */
export function evaluate(src: TermSource, query: Query, opts: EvalOptions): Matches {
  if (typeof query !== "string") {
    const { queries, ...own } = query as { queries: Query[] } & Partial<EvalOptions>;
    const inner: EvalOptions = { ...opts, ...own };
    return combine(
      queries.map((q) => evaluate(src, q, inner)),
      inner.combineWith,
    );
  }
  const terms = queryTokens(query).map(foldTerm).filter(Boolean);
  return combine(
    terms.map((t) => termQuery(src, t, opts)),
    opts.combineWith,
  );
}
