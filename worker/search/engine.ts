/**
 * The embedded search engine: a MiniSearch index over the build's records, queried with Algolia's
 * semantics where they matter to readers: records with every word first, then the best partial
 * matches; stop words ignored, synonyms, plurals and accents folded, the last word as a prefix, typo
 * tolerance by word length, page titles above headings above text; plus facet filters and paging.
 */
import MiniSearch, { type SearchResult } from "minisearch";
import {
  HITS_PER_PAGE,
  SEARCH_DOCS_TAG,
  SEARCH_LANGUAGE,
  capQuery,
  foldTerm,
  miniSearchOptions,
  queryTokens,
  type IndexedDocument,
  unpackRecord,
  type SearchIndexFile,
  type SearchRecord,
  type SearchRecordType,
} from "../../client/contracts/search";
import type { HighlightQuery } from "./highlight";
import { meaningfulWords, planQuery, synonymTable, type SynonymTable } from "./query-plan";

/** AND of ORs: [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]]. */
export type FacetFilters = string[][];

export interface EngineQuery {
  query: string;
  /** 0-based. */
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
}

export interface EngineHit {
  record: SearchRecord;
  score: number;
  /** What the highlighter needs to mark this hit's matches. */
  highlight: HighlightQuery;
}

export interface EngineResult {
  /** The query as searched (cut to 64 characters). */
  query: string;
  hits: EngineHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
}

/** Records further than this are not reachable by paging (Algolia's paginationLimitedTo). */
const PAGINATION_LIMIT = 1000;
const MAX_HITS_PER_PAGE = 100;
/** Extra weight by record type: a page title outranks a heading, a heading outranks text. */
const TYPE_BOOST: Record<SearchRecordType, number> = {
  lvl1: 3,
  lvl2: 2,
  lvl3: 1.7,
  lvl4: 1.5,
  lvl5: 1.5,
  lvl6: 1.5,
  content: 1,
};
/** Reads a facet of a record; undefined for an attribute that is not a facet. */
export type FacetReader = (attribute: string) => string | undefined;

function facetMatches(read: FacetReader, filter: string): boolean {
  const colon = filter.indexOf(":");
  if (colon < 0) return false;
  let attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  let negate = false;
  if (attribute.startsWith("-")) [negate, attribute] = [true, attribute.slice(1)];
  else if (value.startsWith("-")) [negate, value] = [true, value.slice(1)];
  else if (value.startsWith("\\-")) value = value.slice(1);
  const actual = read(attribute);
  // An attribute that is not a facet matches nothing, as with Algolia.
  if (actual === undefined) return false;
  return (actual === value) !== negate;
}

/** AND of ORs over the record's facets. */
export function passesFilters(read: FacetReader, filters: FacetFilters): boolean {
  return filters.every((any) => any.some((f) => facetMatches(read, f)));
}

/** Facets every record has with the same value: a filter group on these alone is decided once per query. */
const SAME_FOR_ALL: FacetReader = (attribute) =>
  attribute === "language" ? SEARCH_LANGUAGE : attribute === "docusaurus_tag" ? SEARCH_DOCS_TAG : undefined;

/**
 * The filter groups left to check per record, or null when a group fails for every record. DocSearch's
 * contextual filters (language, docs tag) are the same for all records, so they cost nothing per hit.
 */
export function perRecordFilters(filters: FacetFilters): FacetFilters | null {
  const left: FacetFilters = [];
  for (const group of filters) {
    const constant = group.every((f) => SAME_FOR_ALL(f.slice(f.startsWith("-") ? 1 : 0, f.indexOf(":"))) !== undefined);
    if (!constant) left.push(group);
    else if (!passesFilters(SAME_FOR_ALL, [group])) return null;
  }
  return left;
}

export class SearchEngine {
  private readonly mini: MiniSearch<IndexedDocument>;
  /** Records unpacked on first use: a query touches a few, the file holds thousands. */
  private readonly unpacked: (SearchRecord | undefined)[];
  /** Every record id, best first: the answer to an empty query. */
  private browseOrder: number[] | null = null;
  private readonly synonyms: SynonymTable;
  private readonly terms: Set<string>;

  constructor(private readonly file: SearchIndexFile) {
    if (file.version !== 2) throw new Error(`unsupported search index version ${String(file.version)}`);
    this.unpacked = new Array(file.records.length);
    this.mini = MiniSearch.loadJS(file.index, miniSearchOptions);
    this.synonyms = synonymTable(file.synonyms);
    this.terms = new Set((file.index as unknown as { index: [string, unknown][] }).index.map(([term]) => term));
  }

  get size(): number {
    return this.file.records.length;
  }

  record(id: number): SearchRecord {
    return (this.unpacked[id] ??= unpackRecord(this.file, this.file.records[id]!));
  }

  /** Facets straight from the packed row: filtering does not unpack records. */
  private facets(id: number): FacetReader {
    const row = this.file.records[id]!;
    return (attribute) => {
      switch (attribute) {
        case "language":
          return SEARCH_LANGUAGE;
        case "docusaurus_tag":
          return SEARCH_DOCS_TAG;
        case "type":
          return row[1];
        case "hierarchy.lvl0":
          return this.file.strings[row[4][0]!];
        case "hierarchy.lvl1":
          return this.file.strings[row[4][1]!];
        default:
          return undefined;
      }
    };
  }

  search(q: EngineQuery): EngineResult {
    const query = capQuery(q.query);
    const hitsPerPage = Math.min(Math.max(0, Math.floor(q.hitsPerPage ?? HITS_PER_PAGE)), MAX_HITS_PER_PAGE);
    const page = Math.max(0, Math.floor(q.page ?? 0));
    const filters = perRecordFilters(q.facetFilters ?? []);
    const typed = queryTokens(query).slice(0, 16);
    const originals = typed.length ? meaningfulWords(typed) : typed;
    const words = originals.map(foldTerm);

    let ranked: { id: number; score: number; terms: string[] }[];
    if (filters === null) {
      ranked = [];
    } else if (words.length === 0) {
      this.browseOrder ??= this.file.records
        .map((_, i) => i)
        .sort((a, b) => TYPE_BOOST[this.file.records[b]![1]] - TYPE_BOOST[this.file.records[a]![1]] || a - b);
      ranked = this.browseOrder
        .filter((id) => passesFilters(this.facets(id), filters))
        .map((id) => ({ id, score: 0, terms: [] }));
    } else {
      const slots = planQuery(typed, this.synonyms, (t) => this.terms.has(t));
      const results: SearchResult[] = this.mini.search(
        { combineWith: "OR", queries: slots.map((s) => s.query) },
        {
          maxFuzzy: 2,
          boost: { title: 4, keywords: 4, parents: 1.5, content: 1 },
          boostDocument: (id) => TYPE_BOOST[this.file.records[id as number]![1]],
          filter: filters.length ? (r) => passesFilters(this.facets(r.id as number), filters) : undefined,
        },
      );
      // Bucket by slots matched (most first); only the buckets the requested page reaches are sorted by score.
      const buckets: { id: number; score: number; terms: string[] }[][] = slots.map(() => []);
      for (const r of results) {
        let slotsMatched = 0;
        for (const slot of slots) if (r.queryTerms.some((t) => slot.terms.has(t))) slotsMatched++;
        // MiniSearch multiplies by the number of query terms matched; a slot's alternatives (synonyms,
        // camelCase parts) are one word to the reader, so count slots instead.
        const score = (r.score / Math.max(1, r.queryTerms.length)) * slotsMatched;
        buckets[slots.length - Math.max(1, slotsMatched)]!.push({ id: r.id as number, score, terms: r.terms });
      }
      const needed = Math.min(PAGINATION_LIMIT, (page + 1) * hitsPerPage);
      ranked = [];
      for (const bucket of buckets) {
        if (ranked.length < needed) bucket.sort((a, b) => b.score - a.score);
        for (const hit of bucket) ranked.push(hit);
      }
    }

    const nbHits = ranked.length;
    const reachable = Math.min(nbHits, PAGINATION_LIMIT);
    const nbPages = hitsPerPage > 0 ? Math.ceil(reachable / hitsPerPage) : 0;
    const start = page * hitsPerPage;
    const hits = (start < reachable ? ranked.slice(start, Math.min(start + hitsPerPage, reachable)) : []).map((h) => ({
      record: this.record(h.id),
      score: h.score,
      highlight: { words, originals, terms: new Set([...words, ...h.terms]) },
    }));
    return { query, hits, nbHits, page, nbPages, hitsPerPage };
  }
}
