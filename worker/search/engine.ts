/**
 * The embedded search engine over the build's stored index (stored-index.ts reads it), queried
 * with Algolia's semantics where they matter to readers: records with every word first, then the
 * best partial matches; stop words ignored, synonyms, plurals and accents folded, the last word as
 * a prefix, typo tolerance by word length, page titles above headings above text; plus facet
 * filters and paging. Scoring is MiniSearch's (scoring.ts), whose query types it uses; the index
 * itself is ours, its postings scored at build time (scripts/search/build-index.ts).
 */
import type { Query } from "minisearch";
import {
  HITS_PER_PAGE,
  SEARCH_DOCS_TAG,
  SEARCH_LANGUAGE,
  capQuery,
  foldTerm,
  queryTokens,
  unpackRecord,
  type SearchRecord,
  type SearchRecordType,
  type SynonymTable,
} from "../../common/search";
import { BROWSE_LIMIT, type SearchRoot } from "../../common/search-index";
import { TYPE_LETTERS } from "../../common/search-pieces";
import { distinctRanking, MAX_DISTINCT } from "./distinct";
import type { HighlightQuery } from "./highlight";
import type { PieceLoader } from "./pieces";
import { meaningfulWords, planQuery, type KnownTerm, type Slot } from "./query-plan";
import { anyIn, evaluate, Matches, termCount, termsOf, type EvalOptions } from "./scoring";
import { StoredIndex } from "./stored-index";
import { QueryTerms, type LexiconLookup } from "./terms";

/** AND of ORs: [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]]. */
export type FacetFilters = string[][];

export interface EngineQuery {
  query: string;
  /** 0-based. */
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  /** Algolia's `distinct`: at most this many hits of one URL (page and anchor), the best for it first; 0 or none: every hit. */
  distinct?: number;
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
  /**
   * False when nbHits is an estimate: a word's postings were read only in part (it counts the
   * records found, not all), or, with `distinct`, not every hit was read (it counts those not
   * dropped as another's URL).
   */
  exhaustive: boolean;
  page: number;
  nbPages: number;
  hitsPerPage: number;
}

/** Records further than this are not reachable by paging (Algolia's paginationLimitedTo). */
const PAGINATION_LIMIT = 1000;
const MAX_HITS_PER_PAGE = 100;
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

const TYPE_BY_LETTER = Object.fromEntries(Object.entries(TYPE_LETTERS).map(([t, l]) => [l, t])) as Record<
  string,
  SearchRecordType
>;

/** Every leaf of a query tree with the prefix and typo options it is evaluated with. */
function leaves(
  query: Query,
  prefix: boolean,
  fuzzy: boolean,
  out: { term: string; prefix: boolean; fuzzy: boolean }[],
) {
  if (typeof query === "string") {
    for (const term of queryTokens(query).map(foldTerm)) out.push({ term, prefix, fuzzy });
    return;
  }
  const q = query as { prefix?: boolean; fuzzy?: unknown; queries: Query[] };
  for (const sub of q.queries) leaves(sub, q.prefix ?? prefix, q.fuzzy === undefined ? fuzzy : !!q.fuzzy, out);
}

/** Positions no bucket holds (a record the filters dropped). */
const NO_BUCKET = 255;

/** Up to this many positions, bestOf keeps a bounded list in order; past it (a deep page), it sorts. */
const BOUNDED_BEST = 64;

/**
 * The best `k` positions of bucket `b`, in order; `better(a, b)` < 0 when a ranks first, and ties
 * keep the matches' order. A loop over every match, kept out of the async search code: V8
 * optimizes the function a hot loop runs in, and this one costs little to compile. The path taken
 * depends on `k` alone, so a page of hits takes the one an isolate's warm-up took (by the bucket's
 * size, a real site's large buckets took a path the warm-up's small index never did, and V8
 * compiled it again in a reader's search).
 */
export function bestOf(bucketOf: Uint8Array, b: number, k: number, better: (a: number, b: number) => number): number[] {
  const n = bucketOf.length;
  if (k > BOUNDED_BEST) {
    // A deep page: sort the bucket whole (a stable sort).
    const all: number[] = [];
    for (let p = 0; p < n; p++) if (bucketOf[p] === b) all.push(p);
    all.sort(better);
    if (all.length > k) all.length = k;
    return all;
  }
  // A bounded list in order: most positions rank below its last one and cost one comparison.
  const top: number[] = [];
  for (let p = 0; p < n; p++) {
    if (bucketOf[p] !== b) continue;
    if (top.length === k && better(top[k - 1]!, p) <= 0) continue;
    // Math.min, not a conditional whose `k - 1` runs only once the list is full: over the warm-up's
    // small index it never is, and V8 threw the loop away at a reader's first full list.
    let i = Math.min(top.length, k - 1);
    while (i > 0 && better(top[i - 1]!, p) > 0) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = p;
  }
  return top;
}

/**
 * A query's matches ranked: `bucketOf[k]` is b when position k (in `matches`) matches all slots
 * but b, `counts[b]` how many do, and `raw[k]` MiniSearch's own score of position k (score ×
 * query terms matched), which breaks ties.
 */
interface Ranking {
  matches: Matches;
  raw: Float64Array;
  bucketOf: Uint8Array;
  counts: Uint32Array;
}

/** Ranks the matches by the slots they match (their scores multiplied in place); a loop kept out of the async search code, as in bestOf. */
function ranking(matches: Matches, slots: Slot[]): Ranking {
  const bucketOf = new Uint8Array(matches.size);
  // A typed array: V8 saw the array slots.map made with more than one map, and threw the loop
  // below away once optimized (a "wrong map" deopt in bench:scale's warm searches, --trace-deopt).
  const counts = new Uint32Array(slots.length);
  const raw = new Float64Array(matches.size);
  const { scores, terms: matched } = matches;
  for (let k = 0; k < matches.size; k++) {
    let slotsMatched = 0;
    for (const slot of slots) if (anyIn(matched[k]!, slot.terms)) slotsMatched++;
    // MiniSearch multiplies by the number of query terms matched; a slot's alternatives (synonyms,
    // camelCase parts) are one word to the reader, so count slots instead.
    raw[k] = scores[k]! * (termCount(matched[k]!) || 1);
    scores[k]! *= slotsMatched;
    const b = slots.length - Math.max(1, slotsMatched);
    bucketOf[k] = b;
    counts[b]!++;
  }
  return { matches, raw, bucketOf, counts };
}

/** Drops the positions whose ids `kept` lacks from their buckets. */
function keepOnly(r: Ranking, kept: Set<number>): void {
  for (let k = 0; k < r.bucketOf.length; k++) {
    if (kept.has(r.matches.ids[k]!)) continue;
    r.counts[r.bucketOf[k]!]!--;
    r.bucketOf[k] = NO_BUCKET;
  }
}

/** A plan's view before any lexicon piece is read: every word is taken as a term of the index. */
const everyTerm: KnownTerm = () => true;

/** Each root's synonym table, made once: the worker makes an engine per request over a root it keeps. */
const synonymsOfRoot = new WeakMap<SearchRoot, SynonymTable>();

export class SearchEngine {
  private readonly synonyms: SynonymTable;
  private readonly index: StoredIndex;

  constructor(
    private readonly root: SearchRoot,
    pieces: PieceLoader,
  ) {
    if (root.version !== 5) throw new Error(`unsupported search index version ${String(root.version)}`);
    let synonyms = synonymsOfRoot.get(root);
    if (!synonyms) {
      synonyms = new Map(Object.entries(root.synonymTable ?? {}));
      synonymsOfRoot.set(root, synonyms);
    }
    this.synonyms = synonyms;
    this.index = new StoredIndex(root, pieces);
  }

  get size(): number {
    return this.root.documentCount;
  }

  /** The records of these ids (each record parsed alone). */
  async records(ids: number[]): Promise<SearchRecord[]> {
    const siteUrl = this.root.siteUrl;
    return (await this.index.records(ids)).map(({ row, strings }) => unpackRecord({ siteUrl, strings }, row));
  }

  /** Keeps the ids whose facets pass the filters (facet bundles are read only here). */
  private async filter(ids: number[], filters: FacetFilters): Promise<number[]> {
    if (!filters.length) return ids;
    const facets = await this.index.facets(ids);
    return ids.filter((_, i) => {
      const f = facets[i]!;
      const read: FacetReader = (attribute) => {
        switch (attribute) {
          case "language":
            return SEARCH_LANGUAGE;
          case "docusaurus_tag":
            return SEARCH_DOCS_TAG;
          case "type":
            return TYPE_BY_LETTER[f.type];
          case "hierarchy.lvl0":
            return f.lvl0;
          case "hierarchy.lvl1":
            return f.lvl1;
          default:
            return undefined;
        }
      };
      return passesFilters(read, filters);
    });
  }

  /**
   * Loads the lexicon pieces and shards the slots read, then scores; unmatched slots count for
   * nothing. Lexicon pieces come in two reads at most: first the pieces that say which words the
   * index knows, then, only if the plan needs them, those a prefix or a typo-tolerant match scans
   * (a typo's scan covers every term with the word's first letter, so a known word skips it) and
   * those an unknown word's swapped-letter forms fall in.
   */
  private async match(typed: string[]): Promise<Ranking & { exhaustive: boolean }> {
    const segments = this.index.segments();
    const lookups: LexiconLookup[] = [];
    /** `known`, noting each term it is asked about (its lexicon piece is read next). */
    const noting =
      (known: KnownTerm): KnownTerm =>
      (t) => {
        if (t) lookups.push(["exact", t]);
        return known(t);
      };
    // First the pieces that say whether the typed words are terms (a plan that takes every word as
    // known asks about nothing else), read with the words' shards and any segment not read yet...
    planQuery(typed, this.synonyms, noting(everyTerm));
    this.index.prefetch(lookups.map(([, term]) => term));
    const terms = new QueryTerms(this.root.fields, await segments);
    const has: KnownTerm = (t) => terms.has(t);
    await this.index.lexicon(terms, lookups);
    // ...then those the words' prefix and typo scans read, and, for a word the index does not
    // know, those its swapped-letter forms fall in (a known word has none to look up).
    let slots = planQuery(typed, this.synonyms, noting(has));
    const found: { term: string; prefix: boolean; fuzzy: boolean }[] = [];
    for (const slot of slots) leaves(slot.query, false, false, found);
    for (const l of found)
      if (l.term) lookups.push(l.fuzzy ? ["prefix", l.term[0]!] : [l.prefix ? "prefix" : "exact", l.term]);
    // A swapped-letter form is known only once looked up: plan again if any was new.
    const replan = terms.unanswered(lookups).some(([how]) => how === "exact");
    await this.index.lexicon(terms, lookups);
    if (replan) slots = planQuery(typed, this.synonyms, has);

    const options: EvalOptions = { combineWith: "OR", maxFuzzy: 2 };
    const query: Query = { combineWith: "OR", queries: slots.map((s) => s.query) };
    evaluate(terms, query, options); // first pass: which postings are wanted
    await this.index.shards(terms, [...terms.wanted]);
    const truncated = { value: false };
    return { ...ranking(evaluate(terms, query, options, truncated), slots), exhaustive: !truncated.value };
  }

  async search(q: EngineQuery): Promise<EngineResult> {
    const query = capQuery(q.query);
    const hitsPerPage = Math.min(Math.max(0, Math.floor(q.hitsPerPage ?? HITS_PER_PAGE)), MAX_HITS_PER_PAGE);
    const page = Math.max(0, Math.floor(q.page ?? 0));
    const filters = perRecordFilters(q.facetFilters ?? []);
    const typed = queryTokens(query).slice(0, 16);
    const originals = typed.length ? meaningfulWords(typed) : typed;
    const words = originals.map(foldTerm);
    const needed = Math.min(PAGINATION_LIMIT, (page + 1) * hitsPerPage);
    const distinct = Math.min(MAX_DISTINCT, Math.max(0, Math.floor(q.distinct ?? 0)));

    // The first k positions in `matches`, best first, of `found` records.
    let order = (_k: number): number[] => [];
    let found = 0;
    let matches = new Matches();
    let exhaustive = true;
    if (filters === null) {
      // No record passes the filters.
    } else if (words.length === 0) {
      // An empty query pages through the first BROWSE_LIMIT records, best first (filters apply to those).
      for (const id of await this.filter(await this.index.browse(), filters)) matches.add(id, 0, [], []);
      order = (k) => Array.from({ length: Math.min(matches.size, k) }, (_, i) => i);
      found = matches.size;
      exhaustive = filters.length === 0 || this.root.documentCount <= BROWSE_LIMIT;
    } else {
      const result = await this.match(typed);
      matches = result.matches;
      exhaustive = result.exhaustive;
      if (filters.length)
        keepOnly(result, new Set(await this.filter(Array.from(matches.ids.subarray(0, matches.size)), filters)));
      const { scores } = matches;
      const raw = result.raw;
      const better = (a: number, b: number) => scores[b]! - scores[a]! || raw[b]! - raw[a]!;
      // Only the hits the requested page can reach are put in order; the rest only count.
      for (const count of result.counts) found += count;
      order = (k) => {
        let ranked: number[] = [];
        result.counts.forEach((_, b) => {
          if (ranked.length < k) ranked = ranked.concat(bestOf(result.bucketOf, b, k - ranked.length, better));
        });
        return ranked;
      };
    }

    // Without words or filters every record matches, though only the first BROWSE_LIMIT can be paged to.
    let nbHits = words.length === 0 && filters?.length === 0 ? this.root.documentCount : found;
    let ranked: number[];
    let read: Map<number, SearchRecord> | null = null;
    if (distinct && found) {
      const d = await distinctRanking(
        order,
        found,
        needed,
        distinct,
        (positions) => this.records(positions.map((k) => matches.ids[k]!)),
        (record) => record.url,
      );
      ranked = d.kept;
      read = d.records;
      nbHits = d.complete && nbHits === found ? d.distinctCount : nbHits - d.dropped;
      exhaustive &&= d.complete;
    } else ranked = order(needed);
    const reachable = Math.min(nbHits, PAGINATION_LIMIT);
    const nbPages = hitsPerPage > 0 ? Math.ceil(reachable / hitsPerPage) : 0;
    const start = page * hitsPerPage;
    const shown = start < reachable ? ranked.slice(start, Math.min(start + hitsPerPage, reachable)) : [];
    const records = read ? shown.map((k) => read.get(k)!) : await this.records(shown.map((k) => matches.ids[k]!));
    const hits = shown.map((k, i) => ({
      record: records[i]!,
      score: matches.scores[k]!,
      highlight: { words, originals, terms: new Set([...words, ...termsOf(matches.match[k]!)]) },
    }));
    return { query, hits, nbHits, exhaustive, page, nbPages, hitsPerPage };
  }
}
