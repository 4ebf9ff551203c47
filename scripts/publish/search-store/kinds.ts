/**
 * The four kinds of piece as a publish compares them key by key (common/search-pieces.ts):
 * how a piece's text gives its values, how a segment's entry is made from the base's value and the
 * build's, and what an entry makes of the base's value (what a query reads).
 */
import { unpackRecord, type SearchRecord } from "../../../common/search";
import type { PieceKind } from "../../../common/search-index";
import {
  REMOVED,
  RecordBundleView,
  type FacetBundle,
  type LexiconPiece,
  type Postings,
  type TermShard,
} from "../../../common/search-pieces";
import { appliedChange, type TermChange } from "../../../common/search-segment";
import type { Key } from "./runs";

/** A record's facets: hierarchy.lvl0, hierarchy.lvl1 and its type letter. */
export type FacetRow = [lvl0: string, lvl1: string, type: string];

/** Each kind's value (what a build has for a key) and segment entry. */
export interface Kinds {
  lexicon: { value: string; entry: string };
  shards: { value: Postings; entry: TermChange };
  records: { value: SearchRecord; entry: SearchRecord | null };
  facets: { value: FacetRow; entry: FacetRow | null };
}

interface Rules<V, E> {
  /** A piece's values by key. */
  parse(text: string, siteUrl: string): Map<Key, V>;
  /** The entry that makes the build's value (undefined: the build lacks the key) of the base's. */
  entry(base: V | undefined, built: V | undefined): E;
  /** What the entry makes of the base's value (undefined: the key is not in the index). */
  value(base: V | undefined, entry: E): V | undefined;
}

/** Whether two values are the same (as JSON: values are parsed from JSON). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The ids of a flat [id, impact, …] list's pairs that `keep` does not hold, added to `out`. */
function idsMissing(list: number[] | undefined, keep: Set<string>, out: Set<number>): void {
  if (list) for (let k = 0; k < list.length; k += 2) if (!keep.has(`${list[k]},${list[k + 1]}`)) out.add(list[k]!);
}

/** A flat list's pairs as "id,impact" keys, less those whose ids are in `gone`. */
function pairKeys(list: number[] | undefined, gone?: Set<number>): Set<string> {
  const keys = new Set<string>();
  if (list) for (let k = 0; k < list.length; k += 2) if (!gone?.has(list[k]!)) keys.add(`${list[k]},${list[k + 1]}`);
  return keys;
}

/** The pairs of `list` that `have` lacks. */
function pairsMissing(list: number[] | undefined, have: Set<string>): number[] {
  const out: number[] = [];
  if (list)
    for (let k = 0; k < list.length; k += 2)
      if (!have.has(`${list[k]},${list[k + 1]}`)) out.push(list[k]!, list[k + 1]!);
  return out;
}

/**
 * The change that makes `built` of `base` (appliedChange): the ids of the base's pairs the build
 * does not have as they are, in either list, taken out of both, and the build's pairs the base
 * then lacks, added.
 */
export function termChange(base: Postings | undefined, built: Postings | undefined): TermChange {
  const x = new Set<number>();
  idsMissing(base?.a, pairKeys(built?.a), x);
  idsMissing(base?.h, pairKeys(built?.h), x);
  const a = pairsMissing(built?.a, pairKeys(base?.a, x));
  const h = pairsMissing(built?.h, pairKeys(base?.h, x));
  return { a, ...(h.length ? { h } : {}), ...(x.size ? { x: [...x] } : {}), n: built?.n ?? 0 };
}

export const KIND_RULES: { [K in PieceKind]: Rules<Kinds[K]["value"], Kinds[K]["entry"]> } = {
  lexicon: {
    parse(text) {
      const { terms, heads } = JSON.parse(text) as LexiconPiece;
      return new Map(terms ? terms.split(" ").map((t, i) => [t, heads[i]!]) : []);
    },
    entry: (_, built) => built ?? REMOVED,
    value: (_, entry) => (entry === REMOVED ? undefined : entry),
  },
  shards: {
    parse: (text) => new Map(Object.entries(JSON.parse(text) as TermShard)),
    entry: termChange,
    value: appliedChange,
  },
  records: {
    parse(text, siteUrl) {
      const view = RecordBundleView.fromText(text);
      return new Map(view.ids.map((id, i) => [id, unpackRecord({ siteUrl, strings: view.strings }, view.row(i)!)]));
    },
    entry: (_, built) => built ?? null,
    value: (_, entry) => entry ?? undefined,
  },
  facets: {
    parse(text) {
      const b = JSON.parse(text) as FacetBundle;
      return new Map(
        b.ids.map((id, i): [Key, FacetRow] => [
          id,
          [b.strings[b.levels[2 * i]!]!, b.strings[b.levels[2 * i + 1]!]!, b.types[i]!],
        ]),
      );
    },
    entry: (_, built) => built ?? null,
    value: (_, entry) => entry ?? undefined,
  },
};
