/**
 * The terms and postings one query reads: lexicon pieces (for known words, prefixes and typos) and
 * term shards (postings), found through the root's ranges. `need*` say which pieces a query will
 * read; the TermSource methods answer from pieces already loaded.
 */
import {
  pieceFor,
  piecesForPrefix,
  type Postings,
  type SearchRoot,
} from "../../../client/contracts/format-2/search-index";
import { EditPattern } from "../edit-distance";
import type { LexiconView } from "./lexicon";
import type { TermSource } from "../scoring";
import type { ShardView } from "./shards";

export class QueryTerms implements TermSource {
  readonly lexicon = new Map<number, LexiconView>();
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

  has(term: string): boolean {
    return !!this.lexicon.get(pieceFor(this.root.lexicon, term))?.has(term);
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
    for (const i of piecesForPrefix(this.root.lexicon, prefix)) this.lexicon.get(i)?.withPrefix(prefix, headsOnly, out);
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
    const pattern = new EditPattern(term);
    for (const i of piecesForPrefix(this.root.lexicon, first)) this.lexicon.get(i)?.near(pattern, first, distance, out);
    this.expansions.set(key, out);
    return out;
  }
}
