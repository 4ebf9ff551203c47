/**
 * The terms and postings one query reads: the base's lexicon pieces (for known words, prefixes and
 * typos) and term shards (postings), found through the root's lists (stored-index.ts loads them),
 * with the segments' entries over them, newest first. The TermSource methods answer from what is
 * loaded: a term not looked up yet is unknown and its postings are noted as wanted.
 */
import type { Postings } from "../../common/search-pieces";
import { appliedChange } from "../../common/search-segment";
import { REMOVED } from "../../common/search-pieces";
import { EditPattern } from "./edit-distance";
import type { LexiconView } from "./lexicon";
import type { TermSource } from "./scoring";
import type { SegmentView } from "./segment";
import type { ShardView } from "./shards";

/** A lookup in the lexicon: of a term, or of the terms starting with a prefix (a typo's scan: its first letter). */
export type LexiconLookup = [how: "exact" | "prefix", key: string];

const lookupKey = ([how, key]: LexiconLookup) => `${how === "exact" ? "=" : "*"}${key}`;

export class QueryTerms implements TermSource {
  /** The base's lexicon pieces each lookup needs (stored-index.ts sets them). */
  private readonly lexicon = new Map<string, LexiconView[]>();
  /** Each term's base shard, once loaded. */
  private readonly shards = new Map<string, ShardView>();
  /** Terms whose postings were asked for while their shard was not loaded (the first pass records them). */
  readonly wanted = new Set<string>();
  private readonly postingsOf = new Map<string, Postings | undefined>();
  /** Newest first. */
  private readonly layers: readonly SegmentView[];

  constructor(
    readonly fields: readonly string[],
    segments: readonly SegmentView[],
  ) {
    this.layers = [...segments].reverse();
  }

  /** Lookups not answered yet, of those given. */
  unanswered(lookups: LexiconLookup[]): LexiconLookup[] {
    const seen = new Set<string>();
    return lookups.filter((l) => {
      const key = lookupKey(l);
      if (this.lexicon.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  setLexicon(lookup: LexiconLookup, pieces: LexiconView[]): void {
    this.lexicon.set(lookupKey(lookup), pieces);
  }

  /**
   * The base's pieces holding what a lookup would read: its own, or those of a looked-up prefix of
   * its key (they hold every term starting with it: a typo's scan of a word's first letter holds
   * the word's prefix terms). Undefined when neither was looked up.
   */
  private pieces([how, key]: LexiconLookup): LexiconView[] | undefined {
    const own = this.lexicon.get(lookupKey([how, key]));
    if (own) return own;
    for (let end = key.length; end > 0; end--) {
      const covering = this.lexicon.get(lookupKey(["prefix", key.slice(0, end)]));
      if (covering) return covering;
    }
    return undefined;
  }

  setShard(term: string, shard: ShardView): void {
    this.shards.set(term, shard);
  }

  /** Whether the index knows the term (false until it is looked up). */
  has(term: string): boolean {
    const base = this.pieces(["exact", term]);
    if (!base) return false;
    for (const layer of this.layers) {
      const head = layer.lexicon.head(term);
      if (head !== undefined) return head !== REMOVED;
    }
    return base.some((piece) => piece.has(term));
  }

  postings(term: string): Postings | undefined {
    const shard = this.shards.get(term);
    if (!shard) {
      this.wanted.add(term);
      return undefined;
    }
    if (this.postingsOf.has(term)) return this.postingsOf.get(term);
    let postings = shard.postings(term);
    for (const layer of this.layers) {
      const change = layer.change(term);
      if (change) {
        postings = appliedChange(postings, change);
        break;
      }
    }
    this.postingsOf.set(term, postings);
    return postings;
  }

  /** The segments' entries for the terms starting with `prefix` (newest wins), or null when none has any. */
  private entries(prefix: string): Map<string, string> | null {
    let out: Map<string, string> | null = null;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const lexicon = this.layers[i]!.lexicon;
      if (lexicon.hasPrefix(prefix)) lexicon.entries(prefix, (out ??= new Map()));
    }
    return out;
  }

  /** Expansions by query term: the scoring pass reuses the planning pass's. */
  private readonly expansions = new Map<string, unknown>();

  withPrefix(prefix: string, headsOnly: boolean): string[] {
    const key = `p${headsOnly ? 1 : 0}${prefix}`;
    const memo = this.expansions.get(key) as string[] | undefined;
    if (memo) return memo;
    let out: string[] = [];
    for (const piece of this.pieces(["prefix", prefix]) ?? []) piece.withPrefix(prefix, headsOnly, out);
    const entries = this.entries(prefix);
    if (entries) {
      const terms = new Set(out);
      for (const [term, head] of entries) {
        if (head === "1" || (head === "0" && !headsOnly)) terms.add(term);
        else terms.delete(term);
      }
      out = [...terms].sort();
    }
    this.expansions.set(key, out);
    return out;
  }

  near(term: string, distance: number): [string, number][] {
    const key = `n${distance}${term}`;
    const memo = this.expansions.get(key) as [string, number][] | undefined;
    if (memo) return memo;
    let out: [string, number][] = [];
    // Only the terms with the word's first letter: a lexicon piece may hold other letters' too.
    const first = term[0] ?? "";
    const pattern = new EditPattern(term);
    for (const piece of this.pieces(["prefix", first]) ?? []) piece.near(pattern, first, distance, out);
    const entries = this.entries(first);
    if (entries) {
      const found = new Map(out);
      for (const [t, head] of entries) {
        found.delete(t);
        if (head === REMOVED) continue;
        const d = pattern.distance(t, 0, t.length, distance);
        if (d <= distance) found.set(t, d);
      }
      out = [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    }
    this.expansions.set(key, out);
    return out;
  }
}
