/**
 * The worker of the D1 + FTS5 comparison (run.ts transpiles it and runs it on local workerd through
 * Miniflare, with a D1 database): the site's search records in a `records` table and an FTS5 table
 * over the same four fields the embedded index scores (title, parents, content, keywords), the
 * texts already cut into the embedded index's tokens, so both engines see the same vocabulary.
 *
 * - `POST /load`: rows to insert (one batch);
 * - `POST /replace`: one page's rows replaced (what a one-page publish does), answering D1's rows written;
 * - `GET /search?match=…`: the 20 best records by BM25 (the embedded index's field weights) times
 *   the record type's boost, with a snippet of the content and the number of matches: what an
 *   Algolia answer needs.
 *
 * It imports nothing: run.ts gives workerd this one file, transpiled.
 */

interface D1Result {
  results?: Record<string, unknown>[];
  meta: { rows_written?: number; rows_read?: number };
}
interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  all(): Promise<D1Result>;
  first(): Promise<Record<string, unknown> | null>;
}
interface D1Database {
  exec(sql: string): Promise<unknown>;
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<D1Result[]>;
}

export interface Row {
  id: number;
  page: string;
  boost: number;
  /** The record as the embedded index stores it (JSON). */
  data: string;
  title: string;
  parents: string;
  content: string;
  keywords: string;
}

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY, page TEXT NOT NULL, boost REAL NOT NULL, data TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS records_page ON records (page)",
  "CREATE VIRTUAL TABLE IF NOT EXISTS terms USING fts5 (title, parents, content, keywords, tokenize = 'unicode61')",
];

/** FIELD_BOOST of common/search-index.ts, in the FTS5 column order. */
const WEIGHTS = "4.0, 1.5, 1.0, 4.0";

function inserts(db: D1Database, rows: Row[]): D1Statement[] {
  return rows.flatMap((r) => [
    db.prepare("INSERT INTO records (id, page, boost, data) VALUES (?, ?, ?, ?)").bind(r.id, r.page, r.boost, r.data),
    db
      .prepare("INSERT INTO terms (rowid, title, parents, content, keywords) VALUES (?, ?, ?, ?, ?)")
      .bind(r.id, r.title, r.parents, r.content, r.keywords),
  ]);
}

const written = (results: D1Result[]) => results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);

export default {
  async fetch(request: Request, env: { DB: D1Database }): Promise<Response> {
    const url = new URL(request.url);
    const db = env.DB;
    if (request.method === "POST" && url.pathname === "/load") {
      for (const sql of SCHEMA) await db.prepare(sql).all();
      const rows = (await request.json()) as Row[];
      return Response.json({ rowsWritten: written(await db.batch(inserts(db, rows))) });
    }
    if (request.method === "POST" && url.pathname === "/replace") {
      const { page, rows } = (await request.json()) as { page: string; rows: Row[] };
      const results = await db.batch([
        db.prepare("DELETE FROM terms WHERE rowid IN (SELECT id FROM records WHERE page = ?)").bind(page),
        db.prepare("DELETE FROM records WHERE page = ?").bind(page),
        ...inserts(db, rows),
      ]);
      return Response.json({ rowsWritten: written(results) });
    }
    if (url.pathname === "/search") {
      const match = url.searchParams.get("match") ?? "";
      const [hits, count] = await db.batch([
        db
          .prepare(
            `SELECT records.data AS data, snippet(terms, 2, '<em>', '</em>', '…', 12) AS snippet,
               bm25(terms, ${WEIGHTS}) * records.boost AS score
             FROM terms JOIN records ON records.id = terms.rowid
             WHERE terms MATCH ? ORDER BY score LIMIT 20`,
          )
          .bind(match),
        db.prepare("SELECT count(*) AS n FROM terms WHERE terms MATCH ?").bind(match),
      ]);
      const records = (hits!.results ?? []).map((r) => ({
        ...(JSON.parse(r.data as string) as object),
        _snippetResult: { content: { value: r.snippet } },
      }));
      return Response.json({ hits: records, nbHits: count!.results?.[0]?.n ?? 0 });
    }
    return new Response("not found", { status: 404 });
  },
};
