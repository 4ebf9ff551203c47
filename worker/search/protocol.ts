/**
 * The subset of Algolia's search protocol that DocSearch, the algoliasearch client and the search
 * page use (multi-query with strategy, single-index query in a body or the URL): its parameters
 * checked by zod schemas (zod is in the worker for MCP already), and the response shape, with
 * `_highlightResult` and `_snippetResult` on every hit.
 */
import * as z from "zod";
import { HIERARCHY_LEVELS, HITS_PER_PAGE, capQuery, type SearchRecord } from "../../common/search";
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

/** The first problem zod found, as one message naming the field ("requests[0].page must be …"). */
function badRequest(error: z.ZodError, at: string): BadRequest {
  const issue = error.issues[0]!;
  const path = issue.path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${String(k)}`)).join("");
  return new BadRequest(`${at}${path} ${issue.message}`);
}

/** An integer of at least `min` (a string of digits too, from a URL), capped at `max`; `fallback` when absent. */
const integer = (fallback: number, min: number, max: number) => {
  const error = `must be an integer of at least ${min}`;
  return z
    .preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
      z.number({ error }).int({ error }).min(min, { error }).nullish(),
    )
    .transform((n) => (n == null ? fallback : Math.min(n, max)));
};

const text = (fallback: string, max?: number) => {
  const string = z.string({ error: "must be a string" });
  return (max === undefined ? string : string.max(max, { error: `is longer than ${max} characters` }))
    .nullish()
    .transform((v) => v ?? fallback);
};

/** A list of strings, or one comma-separated string; null when absent. */
const stringList = z
  .union([z.string().transform((v) => v.split(",")), z.array(z.string())], { error: "must be an array of strings" })
  .nullish()
  .transform((list) => (list == null ? null : list.map((v) => v.trim()).filter(Boolean)));

/** Algolia's `distinct`: a boolean, or how many hits of one URL to keep (0 to MAX_DISTINCT); true is 1. */
const distinctError = `must be a boolean or an integer from 0 to ${MAX_DISTINCT}`;
const distinct = z.preprocess(
  (v) =>
    v === true || v === "true"
      ? 1
      : v == null || v === false || v === "false"
        ? 0
        : typeof v === "string" && /^\d+$/.test(v)
          ? Number(v)
          : v,
  z
    .number({ error: distinctError })
    .int({ error: distinctError })
    .min(0, { error: distinctError })
    .max(MAX_DISTINCT, { error: distinctError }),
);

/** `"a:b"`, `["a:b", ["c:d", "c:e"]]` or a JSON string of either → AND of ORs. */
const facetFiltersSchema = z
  .preprocess(
    (v, ctx) => {
      if (typeof v !== "string" || !v.trim().startsWith("[")) return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.issues.push({ code: "custom", message: "is not valid JSON", input: v });
        return z.NEVER;
      }
    },
    z
      .union(
        [z.string().transform((v) => [[v]]), z.array(z.union([z.string().transform((v) => [v]), z.array(z.string())]))],
        { error: "must be a string, or an array of strings and arrays of strings" },
      )
      .nullish(),
  )
  .transform((filters): FacetFilters => filters ?? []);

export function parseFacetFilters(value: unknown): FacetFilters {
  const parsed = facetFiltersSchema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error, "facetFilters");
  return parsed.data;
}

/** "content:10" → the attribute and its word count (DEFAULT_SNIPPET_WORDS without one, at most 100). */
const snippetSpec = (v: string, ctx: z.RefinementCtx) => {
  const [attribute, words] = v.split(":");
  const n = words === undefined ? DEFAULT_SNIPPET_WORDS : Number(words);
  if (Number.isInteger(n) && n >= 1) return { attribute: attribute!, words: Math.min(n, 100) };
  ctx.issues.push({ code: "custom", message: `has a bad word count in "${v}"`, input: v });
  return z.NEVER;
};

/** One query's parameters (its `params` already merged in), with Algolia's defaults. */
const querySchema = z.object({
  type: z.literal("default", { error: 'must be "default": only "default" (hits) queries are supported' }).optional(),
  indexName: text(""),
  query: text("").transform(capQuery),
  page: integer(0, 0, 1000),
  hitsPerPage: integer(HITS_PER_PAGE, 0, 100),
  facetFilters: facetFiltersSchema,
  highlightPreTag: text("<em>", MAX_TAG),
  highlightPostTag: text("</em>", MAX_TAG),
  snippetEllipsisText: text("…", MAX_TAG),
  attributesToSnippet: stringList.transform((list, ctx) => (list ?? []).map((v) => snippetSpec(v, ctx))),
  attributesToRetrieve: stringList,
  distinct,
});

/** One query: `at` names it in messages ("requests[0]."); a single-index call passes the path's index name. */
function parseQuery(raw: Json, at: string, pathIndex?: string): ParsedQuery {
  if (!isObject(raw)) throw new BadRequest(`${at ? at.slice(0, -1) : "the body"} must be an object`);
  const { params, ...rest } = raw;
  if (params !== undefined && typeof params !== "string" && !isObject(params))
    throw new BadRequest(`${at}params must be a string`);
  const p: Record<string, Json> = { ...(typeof params === "string" ? paramsString(params) : (params ?? {})), ...rest };
  const parsed = querySchema.safeParse(p);
  if (!parsed.success) throw badRequest(parsed.error, at);
  const { type: _, ...q } = parsed.data;
  const indexName = pathIndex ?? q.indexName;
  if (!indexName) throw new BadRequest(`${at}indexName is required`);
  return { ...q, indexName };
}

/** How a multi-query call runs its queries: all, or in order until one has a page of hits. */
export type Strategy = "none" | "stopIfEnoughMatches";

const bodySchema = z.object({
  requests: z
    .array(z.unknown(), { error: "must be an array" })
    .min(1, { error: "is empty" })
    .max(MAX_REQUESTS, { error: `holds more than ${MAX_REQUESTS}: at most ${MAX_REQUESTS} requests per call` }),
  strategy: z
    .enum(["none", "stopIfEnoughMatches"], { error: 'must be "none" or "stopIfEnoughMatches"' })
    .default("none"),
});

/** Validates a parsed multi-query JSON body; throws BadRequest with a message naming the field. */
export function parseQueriesBody(body: unknown): { queries: ParsedQuery[]; strategy: Strategy } {
  if (!isObject(body)) throw new BadRequest("the body must be a JSON object with a requests array");
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error, "");
  const { requests, strategy } = parsed.data;
  const queries = requests.map((r, i) => parseQuery(r as Json, `requests[${i}].`));
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
