/**
 * Algolia's search endpoints, answered from the live build's embedded index: multi-query
 * (`POST /1/indexes/*\/queries`) and single-index (`POST …/{indexName}/query`, `GET …/{indexName}`).
 * Only the configured index name exists (others get Algolia's 404). Bad input gets a 4xx with a
 * JSON `{ message, status }` (what Algolia clients read), never a 5xx.
 */
import type { Context } from "hono";
import { ContentUnavailable } from "../content-store";
import type { Env, StoreVars } from "../env";
import { log } from "../log";
import type { SiteConfig } from "../../common/site-config";
import { deferOf, recorderFor } from "../signals/recording";
import { recordSearches, recordsApiQueries, type AnsweredSearch } from "../signals/searches";
import { PieceUnavailable } from "./pieces";
import { VersionedSearch } from "./versions";
import {
  BadRequest,
  formatResult,
  paramsFromUrl,
  parseQueriesBody,
  parseSingleQuery,
  type ParsedQuery,
} from "./protocol";

/** Bodies above this are refused (by hono/body-limit, where the routes are mounted); DocSearch's requests are about 1 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

export function jsonError(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message, status }), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...extra,
    },
  });
}

/** The search routes' context: the content store set by the app's middleware. */
export type SearchEnv = { Bindings: Env; Variables: StoreVars };

/** Algolia's answer for an index it does not have. */
const noSuchIndex = () => jsonError(404, "Index does not exist");

interface LiveIndex {
  /** The live build's search over its docs versions' indexes (search/versions.ts). */
  engine: VersionedSearch;
  indexName: string;
  config: SiteConfig;
}

/** The live build's search and index name, or the error response to send. */
async function liveIndex(c: Context<SearchEnv>): Promise<LiveIndex | Response> {
  try {
    const store = c.var.store;
    const buildId = await store.liveBuildId();
    const manifest = await store.manifest(buildId);
    const engine = new VersionedSearch(store, buildId, manifest);
    return { engine, indexName: manifest.config.search.indexName, config: manifest.config };
  } catch (e) {
    return failure(e);
  }
}

function failure(e: unknown): Response {
  log.error("search_failed", { error: e });
  if (e instanceof ContentUnavailable || e instanceof PieceUnavailable)
    return jsonError(503, "search is not available right now", { "Retry-After": "10" });
  return jsonError(500, "search failed");
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/** The body as JSON, or the 4xx response to send. */
async function jsonBody(c: Context<SearchEnv>): Promise<{ body: unknown } | Response> {
  const text = await c.req.text().catch(() => "");
  try {
    return { body: text.trim() === "" ? {} : (JSON.parse(text) as unknown) };
  } catch {
    return jsonError(400, "the body is not valid JSON");
  }
}

/** An API client's queries, as signals (worker/signals/searches.ts); a query asking for no hits is a warm-up, not a search. */
function record(c: Context<SearchEnv>, live: LiveIndex, answered: (AnsweredSearch & { hitsPerPage: number })[]): void {
  if (!recordsApiQueries(c.req.raw.headers)) return;
  const recorder = recorderFor(c.env, deferOf(c), c.req.raw.headers, live.config);
  recordSearches(
    recorder,
    "api",
    answered.filter((a) => a.hitsPerPage > 0),
  );
}

async function run(engine: VersionedSearch, q: ParsedQuery) {
  const t = Date.now();
  const result = await engine.search(q);
  return formatResult(q, result, Date.now() - t);
}

/** `POST /1/indexes/*\/queries`: several queries, each naming its index, with an optional strategy. */
export async function handleQueries(c: Context<SearchEnv>): Promise<Response> {
  const started = Date.now();
  const read = await jsonBody(c);
  if (read instanceof Response) return read;
  let parsed;
  try {
    parsed = parseQueriesBody(read.body);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(400, e.message);
    throw e;
  }
  const live = await liveIndex(c);
  if (live instanceof Response) return live;
  if (parsed.queries.some((q) => q.indexName !== live.indexName)) return noSuchIndex();
  try {
    let enough = false;
    const results = [];
    const answered = [];
    for (const q of parsed.queries) {
      // stopIfEnoughMatches: once a query fills a page, the later ones are not run (answered empty).
      if (enough) {
        results.push(formatResult(q, { ...emptyResult(q), query: q.query }, 0));
        continue;
      }
      const r = await run(live.engine, q);
      if (parsed.strategy === "stopIfEnoughMatches" && r.nbHits >= q.hitsPerPage) enough = true;
      results.push(r);
      answered.push({ ...q, nbHits: r.nbHits });
    }
    record(c, live, answered);
    return json({ results, processingTimeMS: Date.now() - started });
  } catch (e) {
    return failure(e);
  }
}

function emptyResult(q: ParsedQuery) {
  return {
    query: q.query,
    hits: [],
    nbHits: 0,
    exhaustive: true,
    page: q.page,
    nbPages: 0,
    hitsPerPage: q.hitsPerPage,
  };
}

/** `POST /1/indexes/{indexName}/query` (JSON body) and `GET /1/indexes/{indexName}?query=…`: one query, one result. */
export async function handleSingleQuery(c: Context<SearchEnv>): Promise<Response> {
  const indexName = c.req.param("indexName") ?? "";
  let raw: unknown;
  if (c.req.method === "POST") {
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    raw = read.body;
  }
  let q: ParsedQuery;
  try {
    // A GET's parameters are parsed here, inside the try: a value such as `[u8]` is read as JSON and may be refused.
    q = parseSingleQuery(raw ?? paramsFromUrl(new URL(c.req.url)), indexName);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(400, e.message);
    throw e;
  }
  const live = await liveIndex(c);
  if (live instanceof Response) return live;
  if (indexName !== live.indexName) return noSuchIndex();
  try {
    const result = await run(live.engine, q);
    record(c, live, [{ ...q, nbHits: result.nbHits }]);
    return json(result);
  } catch (e) {
    return failure(e);
  }
}

/** Any other method on a search route. */
export const methodNotAllowed = (allow: string) => () => jsonError(405, "Method Not Allowed", { Allow: allow });
