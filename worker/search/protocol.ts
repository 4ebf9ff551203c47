/**
 * The subset of Algolia's search protocol that DocSearch, the algoliasearch client and the search
 * page use (multi-query with strategy, single-index query in a body or the URL): a hand-written
 * validator (zod stays out of the worker bundle) and the response shape, with `_highlightResult`
 * and `_snippetResult` on every hit.
 */
import { HIERARCHY_LEVELS, HITS_PER_PAGE, capQuery, type SearchRecord } from "../../client/contracts/search";
import { MAX_DISTINCT } from "./distinct";
import type { EngineResult, FacetFilters } from "./engine";
import { highlight, snippet, toTagged, type Highlighted } from "./highlight";

/** One query of the body, validated and with defaults applied. */
export interface ParsedQuery {
  indexName: string;
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilters;
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  /** attribute → words, e.g. content:10. */
  attributesToSnippet: { attribute: string; words: number }[];
  /** null: every attribute. */
  attributesToRetrieve: string[] | null;
  /** Hits kept per URL (Algolia's `distinct`: true is 1); 0: every hit. */
  distinct: number;
}

export class BadRequest extends Error {}

const MAX_REQUESTS = 10;
/**
 * Hits one call may ask for in all (the sum of its queries' hitsPerPage): ten DocSearch queries of
 * twenty. What one request can make the worker send grows with it, so it is bounded.
 */
export const MAX_HITS_PER_CALL = 200;
const MAX_TAG = 100;
const DEFAULT_SNIPPET_WORDS = 10;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Parameters whose value is text, never JSON: a search for `[u8]` or `{address}` is a search. */
const TEXT_PARAMS = new Set(["query", "indexName", "highlightPreTag", "highlightPostTag", "snippetEllipsisText"]);

/** Algolia's legacy form: every parameter in one URL-encoded `params` string, arrays as JSON. */
function paramsString(params: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, raw] of new URLSearchParams(params)) {
    if (!TEXT_PARAMS.has(key) && /^[[{]/.test(raw)) {
      try {
        out[key] = JSON.parse(raw) as Json;
        continue;
      } catch {
        throw new BadRequest(`params: ${key} is not valid JSON`);
      }
    }
    out[key] = raw;
  }
  return out;
}

function integer(value: Json | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min)
    throw new BadRequest(`${name} must be an integer of at least ${min}`);
  return Math.min(n, max);
}

function text(value: Json | undefined, name: string, fallback: string, max = Infinity): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string") throw new BadRequest(`${name} must be a string`);
  if (value.length > max) throw new BadRequest(`${name} is longer than ${max} characters`);
  return value;
}

/** Algolia's `distinct`: a boolean, or how many hits of one URL to keep (0 to MAX_DISTINCT). */
function distinctOf(value: Json | undefined, name: string): number {
  if (value === true || value === "true") return 1;
  if (value === undefined || value === null || value === false || value === "false") return 0;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_DISTINCT)
    throw new BadRequest(`${name} must be a boolean or an integer from 0 to ${MAX_DISTINCT}`);
  return n;
}

function stringList(value: Json | undefined, name: string): string[] | null {
  if (value === undefined || value === null) return null;
  const list = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(list) || !list.every((v) => typeof v === "string"))
    throw new BadRequest(`${name} must be an array of strings`);
  return (list as string[]).map((s) => s.trim()).filter(Boolean);
}

/** `"a:b"`, `["a:b", ["c:d", "c:e"]]` or a JSON string of either → AND of ORs. */
export function parseFacetFilters(value: Json | undefined): FacetFilters {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") {
    if (value.trim().startsWith("[")) {
      try {
        return parseFacetFilters(JSON.parse(value) as Json);
      } catch (e) {
        if (e instanceof BadRequest) throw e;
        throw new BadRequest("facetFilters is not valid JSON");
      }
    }
    return [[value]];
  }
  if (!Array.isArray(value)) throw new BadRequest("facetFilters must be a string or an array");
  return value.map((entry) => {
    if (typeof entry === "string") return [entry];
    if (Array.isArray(entry) && entry.every((v) => typeof v === "string")) return entry as string[];
    throw new BadRequest("facetFilters entries must be strings or arrays of strings");
  });
}

/** One query: `at` names it in messages ("requests[0]."); a single-index call passes the path's index name. */
function parseQuery(raw: Json, at: string, pathIndex?: string): ParsedQuery {
  if (!isObject(raw)) throw new BadRequest(`${at ? at.slice(0, -1) : "the body"} must be an object`);
  const { params, ...rest } = raw;
  if (params !== undefined && typeof params !== "string" && !isObject(params))
    throw new BadRequest(`${at}params must be a string`);
  const p: Record<string, Json> = { ...(typeof params === "string" ? paramsString(params) : (params ?? {})), ...rest };
  if (p.type !== undefined && p.type !== "default")
    throw new BadRequest(`${at}type: only "default" (hits) queries are supported`);
  const indexName = pathIndex ?? text(p.indexName, `${at}indexName`, "");
  if (!indexName) throw new BadRequest(`${at}indexName is required`);
  const snippetList = stringList(p.attributesToSnippet, `${at}attributesToSnippet`) ?? [];
  return {
    indexName,
    query: capQuery(text(p.query, `${at}query`, "")),
    page: integer(p.page, `${at}page`, 0, 0, 1000),
    hitsPerPage: integer(p.hitsPerPage, `${at}hitsPerPage`, HITS_PER_PAGE, 0, 100),
    facetFilters: parseFacetFilters(p.facetFilters),
    highlightPreTag: text(p.highlightPreTag, `${at}highlightPreTag`, "<em>", MAX_TAG),
    highlightPostTag: text(p.highlightPostTag, `${at}highlightPostTag`, "</em>", MAX_TAG),
    snippetEllipsisText: text(p.snippetEllipsisText, `${at}snippetEllipsisText`, "…", MAX_TAG),
    attributesToSnippet: snippetList.map((s) => {
      const [attribute, words] = s.split(":");
      const n = words === undefined ? DEFAULT_SNIPPET_WORDS : Number(words);
      if (!Number.isInteger(n) || n < 1) throw new BadRequest(`${at}attributesToSnippet: bad word count in "${s}"`);
      return { attribute: attribute!, words: Math.min(n, 100) };
    }),
    attributesToRetrieve: stringList(p.attributesToRetrieve, `${at}attributesToRetrieve`),
    distinct: distinctOf(p.distinct, `${at}distinct`),
  };
}

/** How a multi-query call runs its queries: all, or in order until one has a page of hits. */
export type Strategy = "none" | "stopIfEnoughMatches";

/** Validates a parsed multi-query JSON body; throws BadRequest with a message naming the field. */
export function parseQueriesBody(body: unknown): { queries: ParsedQuery[]; strategy: Strategy } {
  if (!isObject(body)) throw new BadRequest("the body must be a JSON object with a requests array");
  const { requests, strategy = "none" } = body;
  if (!Array.isArray(requests)) throw new BadRequest("requests must be an array");
  if (requests.length === 0) throw new BadRequest("requests is empty");
  if (requests.length > MAX_REQUESTS) throw new BadRequest(`at most ${MAX_REQUESTS} requests per call`);
  if (strategy !== "none" && strategy !== "stopIfEnoughMatches")
    throw new BadRequest('strategy must be "none" or "stopIfEnoughMatches"');
  const queries = requests.map((r, i) => parseQuery(r, `requests[${i}].`));
  const hits = queries.reduce((sum, q) => sum + q.hitsPerPage, 0);
  if (hits > MAX_HITS_PER_CALL)
    throw new BadRequest(
      `at most ${MAX_HITS_PER_CALL} hits per call: these requests ask for ${hits} (the sum of their hitsPerPage)`,
    );
  return { queries, strategy };
}

/** A single-index query: a JSON body (parameters, or a `params` string) or, for GET, the URL's query string. */
export function parseSingleQuery(body: unknown, indexName: string): ParsedQuery {
  if (!isObject(body)) throw new BadRequest("the body must be a JSON object of search parameters");
  return parseQuery(body, "", indexName);
}

/** The search parameters of a GET's query string, in Algolia's params form. */
export function paramsFromUrl(url: URL): Record<string, Json> {
  return paramsString(url.search.slice(1));
}

interface AttributeResult {
  value: string;
  matchLevel: Highlighted["matchLevel"];
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

type Nested = { [key: string]: AttributeResult | Nested };

/** The text of a (possibly nested) attribute such as `hierarchy.lvl2`, or null. */
function attributeText(record: SearchRecord, attribute: string): string | null {
  if (attribute === "content") return record.content;
  const m = /^hierarchy\.(lvl[0-6])$/.exec(attribute);
  return m ? record.hierarchy[m[1] as keyof SearchRecord["hierarchy"]] : null;
}

function setPath(target: Nested, path: string, value: AttributeResult): void {
  const parts = path.split(".");
  let at = target;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Nested;
  at[parts[parts.length - 1]!] = value;
}

/** A record's fields a hit shows: all but the ranking data and the keywords. */
type ShownFields = Omit<SearchRecord, "weight" | "keywords">;

/**
 * A record as a hit shows it: its fields but the ranking data and keywords, in the order
 * unpackRecord gives them (what a spread of the record gave), then its highlight and snippet results.
 * Typed as every such field, so that a field added to SearchRecord fails to compile here, not goes missing.
 */
function shownHit(
  record: SearchRecord,
  _highlightResult: Nested,
  _snippetResult: Nested,
): Required<ShownFields> & { _highlightResult: Nested; _snippetResult: Nested } {
  return {
    objectID: record.objectID,
    type: record.type,
    hierarchy: record.hierarchy,
    content: record.content,
    url: record.url,
    url_without_anchor: record.url_without_anchor,
    anchor: record.anchor,
    language: record.language,
    docusaurus_tag: record.docusaurus_tag,
    _highlightResult,
    _snippetResult,
  };
}

/** The attributes asked for (attributesToRetrieve without "*"), and the objectID. */
function retrieve(record: SearchRecord, attributes: string[]): Record<string, unknown> {
  const { weight: _weight, keywords: _keywords, ...shown } = record;
  const out: Record<string, unknown> = { objectID: record.objectID };
  for (const a of attributes) {
    const [head, sub] = a.split(".") as [keyof typeof shown, string | undefined];
    if (!(head in shown)) continue;
    if (sub && head === "hierarchy") {
      const h = (out.hierarchy ??= {}) as Record<string, string | null>;
      h[sub] = record.hierarchy[sub as keyof SearchRecord["hierarchy"]] ?? null;
    } else out[head] = shown[head];
  }
  return out;
}

/** One result of the multi-query response, Algolia's shape. */
export function formatResult(q: ParsedQuery, result: EngineResult, processingTimeMS: number) {
  const tagged = (h: Highlighted): AttributeResult => {
    const value = toTagged(h.segments, q.highlightPreTag, q.highlightPostTag);
    return h.fullyHighlighted
      ? { value, matchLevel: h.matchLevel, matchedWords: h.matchedWords, fullyHighlighted: true }
      : { value, matchLevel: h.matchLevel, matchedWords: h.matchedWords };
  };
  const everyAttribute = !q.attributesToRetrieve || q.attributesToRetrieve.includes("*");
  const hits = result.hits.map(({ record, highlight: hq }) => {
    const _highlightResult: Nested = {};
    for (const level of HIERARCHY_LEVELS) {
      const value = record.hierarchy[level];
      if (value !== null) ((_highlightResult.hierarchy ??= {}) as Nested)[level] = tagged(highlight(value, hq));
    }
    if (record.content !== null) _highlightResult.content = tagged(highlight(record.content, hq));
    const _snippetResult: Nested = {};
    for (const { attribute, words } of q.attributesToSnippet) {
      const value = attributeText(record, attribute);
      if (value === null) continue;
      const { value: v, matchLevel } = tagged(snippet(value, hq, words, q.snippetEllipsisText));
      setPath(_snippetResult, attribute, { value: v, matchLevel } as AttributeResult);
    }
    return everyAttribute
      ? shownHit(record, _highlightResult, _snippetResult)
      : { ...retrieve(record, q.attributesToRetrieve!), _highlightResult, _snippetResult };
  });
  return {
    hits,
    nbHits: result.nbHits,
    page: result.page,
    nbPages: result.nbPages,
    hitsPerPage: result.hitsPerPage,
    exhaustiveNbHits: result.exhaustive,
    exhaustive: { nbHits: result.exhaustive },
    query: result.query,
    params: new URLSearchParams({
      query: result.query,
      page: String(result.page),
      hitsPerPage: String(result.hitsPerPage),
    }).toString(),
    index: q.indexName,
    processingTimeMS,
  };
}
