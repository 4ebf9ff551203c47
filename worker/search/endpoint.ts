/**
 * `POST /1/indexes/*\/queries`: Algolia's multi-query endpoint, answered from the live build's
 * embedded index. Bad input gets a 4xx with a JSON `{ message, status }` (what Algolia clients
 * read), never a 5xx.
 */
import type { Context } from "hono";
import { ContentStore, ContentUnavailable } from "../content-store";
import type { AppEnv } from "../env";
import { BadRequest, formatResult, parseQueriesBody } from "./protocol";

/** Bodies above this are refused before parsing; DocSearch's requests are about 1 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

function jsonError(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message, status }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...extra },
  });
}

/** The body as text, or null when it is larger than `limit` bytes (read no further than that). */
async function readCapped(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

export async function handleQueries(c: Context<AppEnv>): Promise<Response> {
  const started = Date.now();
  const text = await readCapped(c.req.raw, MAX_BODY_BYTES).catch(() => "");
  if (text === null) return jsonError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
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
    const store = new ContentStore(c.env.CONTENT, c.env.CONTENT_CHANNEL || "production");
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
    console.error("search failed:", e);
    if (e instanceof ContentUnavailable)
      return jsonError(503, "search is not available right now", { "Retry-After": "10" });
    return jsonError(500, "search failed");
  }
}
