/**
 * `POST /1/indexes/*\/queries`: Algolia's multi-query endpoint, answered from the live build's
 * embedded index. Bad input gets a 4xx with a JSON `{ message, status }` (what Algolia clients
 * read), never a 5xx.
 */
import type { Context } from "hono";
import { ContentUnavailable } from "../content-store";
import type { Env, StoreVars } from "../env";
import { log } from "../log";
import { BadRequest, formatResult, parseQueriesBody } from "./protocol";

/** Bodies above this are refused (by hono/body-limit, where the route is mounted); DocSearch's requests are about 1 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

export function jsonError(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message, status }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...extra },
  });
}

export async function handleQueries(c: Context<{ Bindings: Env; Variables: StoreVars }>): Promise<Response> {
  const started = Date.now();
  const text = await c.req.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError(400, "the body is not valid JSON");
  }
  let queries;
  try {
    queries = parseQueriesBody(body);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(400, e.message);
    throw e;
  }
  try {
    const store = c.var.store;
    const engine = await store.searchIndex(await store.liveBuildId());
    const results = queries.map((q) => {
      const t = Date.now();
      const result = engine.search(q);
      return formatResult(q, result, Date.now() - t);
    });
    return new Response(JSON.stringify({ results, processingTimeMS: Date.now() - started }), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (e) {
    log.error("search_failed", { error: e });
    if (e instanceof ContentUnavailable)
      return jsonError(503, "search is not available right now", { "Retry-After": "10" });
    return jsonError(500, "search failed");
  }
}
