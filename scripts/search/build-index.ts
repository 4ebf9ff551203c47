/**
 * The embedded search index, cut into pieces (common/search-pieces.ts): the records' term
 * statistics, as MiniSearch computes them (term-statistics.ts); then each term's postings
 * (postings.ts); then the pieces (index-pieces.ts): term-range shards, lexicon pieces, record and
 * facet bundles, each named by the digest of its text. The publisher stores them
 * (scripts/publish/search-store/): the whole index on a first publish, what changed since on the
 * next ones. A build that keeps its cache also keeps what the index was made from
 * (index-state.ts), so that the next build updates it (update-index.ts) instead of making it again.
 */
import { indexTokens, miniSearchOptions, NAME_FIELD, type SearchRecord, type Synonym } from "../../common/search";
import type { KeyOf, PieceKind, SearchRoot } from "../../common/search-index";
import { termShardText, type Postings } from "../../common/search-pieces";
import { lexiconRefs, recordRefs, runsOf, pieceRef, shardItemBytes, type PieceRef, type RunMemo } from "./index-pieces";
import { stateFromStatistics, stateKey, type IndexState, type KnownPages } from "./index-state";
import { PostingsScorer, roundedStatistics, type IndexStatistics } from "./postings";
import { stableIds } from "./record-ids";
import { synonymTable } from "./synonyms";
import { termStatistics } from "./term-statistics";

export { CONTENT_IDS, PAGE_IDS } from "./record-ids";
export { PIECE_BYTES, pieceSize, SMALL_SITE_PIECES, UNSCALED, type PieceRef } from "./index-pieces";
export { lengthBucket } from "./postings";

/** The index a build makes: what every root of it says, and its pieces of each kind. */
export interface SearchIndexBuild {
  meta: Pick<SearchRoot, "siteUrl" | "synonymTable" | "documentCount" | "statistics" | "fields">;
  /** The first BROWSE_LIMIT record ids, best first (page titles, then headings, then text): an empty query's answer. */
  browse: number[];
  /** Each kind's pieces, ranges in key order. */
  refs: { [K in PieceKind]: PieceRef<KeyOf<K>>[] };
  /** Digest → stored text of every piece. */
  pieces: Map<string, string>;
}

/** What both the full build and an update hand over once the term shards are cut. */
export interface IndexParts {
  records: readonly SearchRecord[];
  ids: readonly number[];
  siteUrl: string;
  synonyms: Synonym[];
  fields: string[];
  statistics: IndexStatistics;
  shards: PieceRef<string>[];
  /** Every term, in order, and whether the i-th occurs in a head field. */
  terms: readonly string[];
  inHead: (i: number) => boolean;
  pieces: Map<string, string>;
  runs?: RunMemo;
}

/** The index of `parts`: its lexicon, record and facet bundles and browse list, beside the shards. */
export function assembleIndex(parts: IndexParts): SearchIndexBuild {
  const { records, ids, siteUrl, synonyms, fields, statistics, pieces } = parts;
  const lexicon = lexiconRefs(parts.terms, parts.inHead, pieces);
  const { bundles, facets, browse } = recordRefs(records, ids, siteUrl, pieces, parts.runs);
  return {
    meta: {
      siteUrl,
      ...(synonyms.length ? { synonymTable: Object.fromEntries(synonymTable(synonyms)) } : {}),
      documentCount: records.length,
      statistics,
      fields,
    },
    browse,
    refs: { lexicon, shards: parts.shards, records: bundles, facets },
    pieces,
  };
}

/** Term shards of postings in term order. */
export function shardRefs(postings: [string, Postings][], pieces: Map<string, string>): PieceRef<string>[] {
  return runsOf(postings, ([term]) => term, shardItemBytes, "shard").map((run) =>
    pieceRef(run[0]![0], termShardText(run), pieces),
  );
}

export type Tokens = { get(text: string): string[] | undefined; set(text: string, value: string[]): void };

/** `tokens` (watch mode) keeps the tokens of each text between builds; the index is the same. */
export function buildSearchIndex(
  records: SearchRecord[],
  siteUrl: string,
  tokens?: Tokens,
  synonyms: Synonym[] = [],
): SearchIndexBuild {
  return buildSearchIndexKept(records, siteUrl, synonyms, { tokens }).index;
}

/**
 * The index and, with `keep`, the state an update of it starts from (index-state.ts; `known`: what
 * the build knows of the pages' records, as the update is given it).
 */
export function buildSearchIndexKept(
  records: SearchRecord[],
  siteUrl: string,
  synonyms: Synonym[],
  { tokens, keep = false, known }: { tokens?: Tokens; keep?: boolean; known?: KnownPages } = {},
): { index: SearchIndexBuild; state: IndexState | null } {
  const tokenize = miniSearchOptions.tokenize ?? indexTokens;
  // Names are tokenized apart (whole), so not kept with the tokens of the same text elsewhere.
  const memoised = (text: string, field: string) => {
    if (field === NAME_FIELD) return tokenize(text, field);
    let hit = tokens!.get(text);
    if (!hit) tokens!.set(text, (hit = tokenize(text, field)));
    return hit;
  };
  /** MiniSearch's id (position in `records`) → stable id. */
  const ids = stableIds(records);
  const stats = termStatistics(records, tokens ? memoised : tokenize);
  const { fields } = stats;
  const statistics = roundedStatistics(records.length, stats.averageFieldLength);
  const terms = [...stats.terms.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const scorer = new PostingsScorer(fields, records, stats.fieldLength, ids, statistics);
  const heads = terms.map((term) => scorer.inHead(stats.terms.get(term)!));
  const postings = terms.map((term): [string, Postings] => [term, scorer.postings(stats.terms.get(term)!)]);
  const state = keep
    ? stateFromStatistics(
        stats,
        terms,
        heads,
        postings,
        records,
        ids,
        stateKey(siteUrl, fields, synonyms),
        statistics,
        known,
      )
    : null;
  stats.terms.clear();
  const pieces = new Map<string, string>();
  const shards = shardRefs(postings, pieces);
  if (state) state.shards = shards;
  const inHead = (i: number) => heads[i]!;
  const runs: RunMemo | undefined = state
    ? {
        pageDigest: (url) => state.pages.get(url)!.digest,
        kept: new Map(),
        made: state.runs,
        later: new Map(),
      }
    : undefined;
  const parts = { records, ids, siteUrl, synonyms, fields, statistics, shards, terms, inHead, pieces, runs };
  return { index: assembleIndex(parts), state };
}
