/**
 * The terms and postings one query reads: lexicon pieces (for known words, prefixes and typos) and
 * term shards (postings), found through the root's ranges. `need*` say which pieces a query will
 * read; the TermSource methods answer from pieces already loaded.
 */
import {
  pieceFor,
  piecesForPrefix,
  type LexiconPiece,
  type Postings,
  type SearchRoot,
} from "../../client/contracts/search-index";
import type { TermSource } from "./scoring";
import type { ShardView } from "./shards";

let rowA = new Uint16Array(64);
let rowB = new Uint16Array(64);

/** Edits from `a` to `b` (Levenshtein), or max + 1 as soon as they must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) [rowA, rowB] = [new Uint16Array(b.length + 1), new Uint16Array(b.length + 1)];
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

function lowerBound(terms: string[], key: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class QueryTerms implements TermSource {
  readonly lexicon = new Map<number, LexiconPiece>();
  readonly shards = new Map<number, ShardView>();
  /** Terms whose postings were asked for while no shard was loaded (the first pass records them). */
  readonly wanted = new Set<string>();

  constructor(private readonly root: SearchRoot) {}

  get fields() {
    return this.root.fields;
  }

  /** Lexicon pieces for an exact lookup, a prefix, or a typo-tolerant match (same first letter). */
  lexiconFor(term: string, how: "exact" | "prefix" | "near"): number[] {
    if (!term) return [];
    if (how === "exact") return [pieceFor(this.root.lexicon, term)];
    return piecesForPrefix(this.root.lexicon, how === "prefix" ? term : term[0]!);
  }

  shardFor(term: string): number {
    return pieceFor(this.root.shards, term);
  }

  private piece(term: string): LexiconPiece | undefined {
    return this.lexicon.get(pieceFor(this.root.lexicon, term));
  }

  has(term: string): boolean {
    const p = this.piece(term);
    return !!p && p.terms[lowerBound(p.terms, term)] === term;
  }

  postings(term: string): Postings | undefined {
    const shard = this.shards.get(this.shardFor(term));
    if (!shard) {
      this.wanted.add(term);
      return undefined;
    }
    return shard.postings(term);
  }

  /** Expansions by query term: the scoring pass reuses the planning pass's. */
  private readonly expansions = new Map<string, unknown>();

  withPrefix(prefix: string, headsOnly: boolean): string[] {
    const key = `p${headsOnly ? 1 : 0}${prefix}`;
    const memo = this.expansions.get(key) as string[] | undefined;
    if (memo) return memo;
    const out: string[] = [];
    for (const i of piecesForPrefix(this.root.lexicon, prefix)) {
      const p = this.lexicon.get(i);
      if (!p) continue;
      for (let k = lowerBound(p.terms, prefix); k < p.terms.length && p.terms[k]!.startsWith(prefix); k++)
        if (!headsOnly || p.heads[k] === "1") out.push(p.terms[k]!);
    }
    this.expansions.set(key, out);
    return out;
  }

  near(term: string, distance: number): [string, number][] {
    const key = `n${distance}${term}`;
    const memo = this.expansions.get(key) as [string, number][] | undefined;
    if (memo) return memo;
    const out: [string, number][] = [];
    // Only the terms with the word's first letter: a lexicon piece may hold other letters' too.
    const first = term[0] ?? "";
    for (const i of piecesForPrefix(this.root.lexicon, first)) {
      const p = this.lexicon.get(i);
      if (!p) continue;
      for (let k = lowerBound(p.terms, first); k < p.terms.length && p.terms[k]!.startsWith(first); k++) {
        const d = editDistance(term, p.terms[k]!, distance);
        if (d <= distance) out.push([p.terms[k]!, d]);
      }
    }
    this.expansions.set(key, out);
    return out;
  }
}
