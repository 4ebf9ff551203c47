/**
 * What a query reads of a build's stored search index (common/search-index.ts): the
 * root's lists of base pieces (the parts on the way read as needed), the pieces themselves, and the
 * segments, whose entries replace the base's. Everything goes through the piece loader, so an
 * isolate reads each stored value once while its cache keeps it.
 */
import { refsFor, refsForPrefixOf, isRefPart, type Ref, type RefPart } from "../../common/ref-parts";
import type { SearchRoot } from "../../common/search-index";
import { indexOfId, isFacetBundle, REMOVED, RecordBundleView, type FacetBundle } from "../../common/search-pieces";
import type { PackedRecord } from "../../common/search";
import { LEXICON } from "./lexicon";
import { jsonDecoder, PieceUnavailable, type PieceDecoder, type PieceLoader } from "./pieces";
import { SEGMENTS, type SegmentView } from "./segment";
import { TERM_SHARDS } from "./shards";
import type { LexiconLookup, QueryTerms } from "./terms";

const PARTS = jsonDecoder("a part of a list", isRefPart);
const FACET_BUNDLES = jsonDecoder("a facet bundle", isFacetBundle);
const BROWSE = jsonDecoder("a list of record ids", (v): v is number[] => Array.isArray(v) && v.every(Number.isInteger));

/**
 * Record bundles are kept with their records unparsed (a query parses the few it shows), as the
 * bytes KV hands over: the largest part of what a warm query reads, kept off the heap.
 */
const RECORD_BUNDLES: PieceDecoder<RecordBundleView> = {
  fromText: (text) => RecordBundleView.fromText(text),
  fromBytes: (bytes) => RecordBundleView.fromBytes(bytes),
};

/** A record's facets: the type letter and the lvl0 and lvl1 strings. */
export interface Facets {
  type: string;
  lvl0: string | undefined;
  lvl1: string | undefined;
}

/** A row of a facet bundle, or null for one a segment removes. */
function facetRow(bundle: FacetBundle, at: number): Facets | null {
  const type = bundle.types[at]!;
  if (type === REMOVED) return null;
  return { type, lvl0: bundle.strings[bundle.levels[2 * at]!], lvl1: bundle.strings[bundle.levels[2 * at + 1]!] };
}

export class StoredIndex {
  constructor(
    readonly root: SearchRoot,
    private readonly pieces: PieceLoader,
  ) {}

  private readonly parts = <K>(refs: Ref<K>[]) => this.pieces.load(refs, PARTS as PieceDecoder<RefPart<K>>);

  /** The live segments, oldest first. */
  segments(): Promise<SegmentView[]> | SegmentView[] {
    return this.pieces.load(this.root.segments, SEGMENTS);
  }

  /** The first BROWSE_LIMIT record ids, best first (an empty query's answer). */
  async browse(): Promise<number[]> {
    return (await this.pieces.load([{ digest: this.root.browse }], BROWSE))[0]!;
  }

  /** The base pieces of a list holding these keys, each once it holds any (keys it does not hold name none). */
  private async heldBy(top: RefPart<string>, keys: string[]): Promise<Ref<string>[]> {
    return (await refsFor(top, keys, this.parts)).filter((r): r is Ref<string> => r !== undefined);
  }

  /** Loads the base's lexicon pieces for the lookups `terms` has not answered yet. */
  async lexicon(terms: QueryTerms, lookups: LexiconLookup[]): Promise<void> {
    const top = this.root.lexicon;
    await Promise.all(
      terms.unanswered(lookups).map(async (lookup) => {
        const [how, key] = lookup;
        const refs = how === "exact" ? await this.heldBy(top, [key]) : await refsForPrefixOf(top, key, this.parts);
        terms.setLexicon(lookup, await this.pieces.load(refs, LEXICON));
      }),
    );
  }

  /**
   * Starts reading, without waiting, the base lexicon pieces and shards these terms fall in: a
   * query reads its words' shards in the round that reads their lexicon pieces (and the segments),
   * not after, so a word no search in this isolate has read costs one round of KV reads before its
   * records instead of two. The reads that need the values (`lexicon`, `shards`) share these; a
   * failure is theirs to report, and a shard no word turns out to need was read for nothing.
   */
  prefetch(terms: string[]): void {
    const start = async <T extends object>(top: RefPart<string>, decoder: PieceDecoder<T>) =>
      this.pieces.load(await this.heldBy(top, terms), decoder);
    start(this.root.lexicon, LEXICON).catch(() => undefined);
    start(this.root.shards, TERM_SHARDS).catch(() => undefined);
  }

  /** Loads the base shards holding these terms' postings. */
  async shards(terms: QueryTerms, wanted: string[]): Promise<void> {
    const refs = await refsFor(this.root.shards, wanted, this.parts);
    const held = wanted.flatMap((term, i): [string, Ref<string>][] => (refs[i] ? [[term, refs[i]]] : []));
    const shards = await this.pieces.load(
      held.map(([, ref]) => ref),
      TERM_SHARDS,
    );
    held.forEach(([term], i) => terms.setShard(term, shards[i]!));
  }

  /**
   * For each id, where its row is: in the newest segment that has an entry for it, else in the
   * base's bundle (`top`, read with `decoder`) that holds it. `rows` reads a segment's part.
   */
  private async rowsOf<T extends { ids: number[] }, R>(
    ids: number[],
    top: RefPart<number>,
    decoder: PieceDecoder<T>,
    inSegment: (segment: SegmentView) => T,
    row: (bundle: T, at: number) => R,
  ): Promise<R[]> {
    const newestFirst = [...(await this.segments())].reverse().map(inSegment);
    const out = new Array<R>(ids.length);
    const fromBase: number[] = [];
    ids.forEach((id, i) => {
      for (const bundle of newestFirst) {
        const at = indexOfId(bundle.ids, id);
        if (at >= 0) return void (out[i] = row(bundle, at));
      }
      fromBase.push(i);
    });
    if (!fromBase.length) return out;
    const refs = await refsFor(
      top,
      fromBase.map((i) => ids[i]!),
      this.parts,
    );
    const bundles = await this.pieces.load(
      refs.map((ref) => {
        if (!ref) throw new PieceUnavailable("the index has records but no bundle of them");
        return ref;
      }),
      decoder,
    );
    fromBase.forEach((i, k) => {
      const at = indexOfId(bundles[k]!.ids, ids[i]!);
      if (at < 0) throw new PieceUnavailable(`record ${ids[i]} is not in its bundle`);
      out[i] = row(bundles[k]!, at);
    });
    return out;
  }

  /** The packed records of these ids with the strings they use (each record parsed alone). */
  records(ids: number[]): Promise<{ row: PackedRecord; strings: string[] }[]> {
    return this.rowsOf(
      ids,
      this.root.records,
      RECORD_BUNDLES,
      (s) => s.records,
      (bundle, at) => {
        let row;
        try {
          row = bundle.row(at);
        } catch (cause) {
          throw new PieceUnavailable(`record ${bundle.ids[at]} is corrupt in its bundle`, { cause });
        }
        if (!Array.isArray(row)) throw new PieceUnavailable(`record ${bundle.ids[at]} is not in its bundle`);
        return { row, strings: bundle.strings };
      },
    );
  }

  /** The facets of these ids. */
  facets(ids: number[]): Promise<Facets[]> {
    return this.rowsOf(
      ids,
      this.root.facets,
      FACET_BUNDLES,
      (s) => s.facets,
      (bundle, at) => {
        const row = facetRow(bundle, at);
        if (!row) throw new PieceUnavailable(`record ${bundle.ids[at]} has no facets`);
        return row;
      },
    );
  }
}
