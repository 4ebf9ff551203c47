/**
 * The embedded search index, split for KV (client/contracts/search-index.ts): MiniSearch indexes
 * the records (so term statistics are MiniSearch's), then its postings are cut into term-range
 * shards, its terms into lexicon pieces and the packed records into bundles, each stored once under
 * the digest of its bytes. The root (per build) lists them.
 */
import MiniSearch from "minisearch";
import {
  indexedDocument,
  indexTokens,
  miniSearchOptions,
  packRecords,
  type SearchRecord,
  type Synonym,
} from "../../client/contracts/search";
import {
  TYPE_LETTERS,
  type FacetBundle,
  type LexiconPiece,
  type PieceRef,
  type RecordBundle,
  type SearchRoot,
  type TermShard,
} from "../../client/contracts/search-index";
import { blobDigest } from "../build/blobs";

/** The root and its pieces (digest → stored value). */
export interface SearchIndexBuild {
  root: SearchRoot;
  pieces: Map<string, string>;
}

/** Target sizes of a piece (a single term's postings may exceed the shard target; nothing comes near KV's 25 MiB). */
export const PIECE_BYTES = { lexicon: 32 * 1024, shard: 64 * 1024, records: 16 * 1024, facets: 32 * 1024 };

type Serialised = { index: [string, Record<string, Record<string, number>>][] } & {
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
};

/** Cuts items into pieces of about `target` bytes each; `value` serialises a run of items. */
function cut<T, K>(
  items: T[],
  keyOf: (item: T, i: number) => K,
  sizeOf: (item: T) => number,
  target: number,
  value: (run: T[], from: number) => string,
  pieces: Map<string, string>,
): PieceRef<K>[] {
  const refs: PieceRef<K>[] = [];
  let start = 0;
  let bytes = 0;
  const flush = (end: number) => {
    if (end <= start) return;
    const text = value(items.slice(start, end), start);
    const digest = blobDigest(text);
    pieces.set(digest, text);
    refs.push({ from: keyOf(items[start]!, start), digest, bytes: text.length });
    start = end;
    bytes = 0;
  };
  items.forEach((item, i) => {
    const size = sizeOf(item);
    if (bytes > 0 && bytes + size > target) flush(i);
    bytes += size;
  });
  flush(items.length);
  return refs;
}

/** `tokens` (watch mode) keeps the tokens of each text between builds; the index is the same. */
export function buildSearchIndex(
  records: SearchRecord[],
  siteUrl: string,
  tokens?: { get(text: string): string[] | undefined; set(text: string, value: string[]): void },
  synonyms: Synonym[] = [],
): SearchIndexBuild {
  const tokenize = miniSearchOptions.tokenize ?? indexTokens;
  const memoised = (text: string) => {
    let hit = tokens!.get(text);
    if (!hit) tokens!.set(text, (hit = tokenize(text)));
    return hit;
  };
  const mini = new MiniSearch(tokens ? { ...miniSearchOptions, tokenize: memoised } : miniSearchOptions);
  mini.addAll(records.map(indexedDocument));
  const js = mini.toJSON() as unknown as Serialised;
  const fields = Object.keys(js.fieldIds).sort((a, b) => js.fieldIds[a]! - js.fieldIds[b]!);
  const heads = new Set([js.fieldIds.title, js.fieldIds.keywords].map(String));
  const pieces = new Map<string, string>();

  const terms = js.index.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const postings = terms.map(([term, byField]): [string, number[][]] => [
    term,
    fields.map((_, f) => {
      const flat: number[] = [];
      let last = 0;
      const docs = Object.entries(byField[f] ?? {})
        .map(([id, tf]) => [Number(id), tf] as const)
        .sort((a, b) => a[0] - b[0]);
      for (const [id, tf] of docs) {
        flat.push(id - last, tf, js.fieldLength[id]![f]!);
        last = id;
      }
      return flat;
    }),
  ]);
  const shards = cut(
    postings,
    ([term]) => term,
    ([term, lists]) => term.length + 8 + lists.reduce((n, l) => n + l.length * 4 + 3, 0),
    PIECE_BYTES.shard,
    (run) => JSON.stringify(Object.fromEntries(run) as TermShard),
    pieces,
  );
  const lexicon = cut(
    terms,
    ([term]) => term,
    ([term]) => term.length + 4,
    PIECE_BYTES.lexicon,
    (run) =>
      JSON.stringify({
        terms: run.map(([t]) => t),
        heads: run.map(([, byField]) => (Object.keys(byField).some((f) => heads.has(f)) ? "1" : "0")).join(""),
      } satisfies LexiconPiece),
    pieces,
  );
  const rowBytes = (r: SearchRecord) =>
    80 + r.objectID.length + (r.content?.length ?? 0) + (r.keywords?.join(" ").length ?? 0) + (r.anchor?.length ?? 0);
  const bundles = cut(
    records,
    (_, i) => i,
    rowBytes,
    PIECE_BYTES.records,
    (run) => {
      const { strings, records: rows } = packRecords(run, siteUrl);
      return JSON.stringify({ strings, records: rows } satisfies RecordBundle);
    },
    pieces,
  );
  const facets = cut(
    records,
    (_, i) => i,
    (r) => 8 + (r.hierarchy.lvl1.length >> 4),
    PIECE_BYTES.facets,
    (run) => {
      const strings: string[] = [];
      const ids = new Map<string, number>();
      const id = (s: string) => ids.get(s) ?? (ids.set(s, strings.push(s) - 1), strings.length - 1);
      const levels = run.flatMap((r) => [id(r.hierarchy.lvl0), id(r.hierarchy.lvl1)]);
      return JSON.stringify({ strings, levels } satisfies FacetBundle);
    },
    pieces,
  );
  const root: SearchRoot = {
    version: 3,
    siteUrl,
    ...(synonyms.length ? { synonyms } : {}),
    documentCount: records.length,
    fields,
    averageFieldLength: js.averageFieldLength,
    types: records.map((r) => TYPE_LETTERS[r.type]).join(""),
    lexicon,
    shards,
    records: bundles,
    facets,
  };
  return { root, pieces };
}
