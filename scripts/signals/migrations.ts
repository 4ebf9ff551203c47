/**
 * Applies migrations/ to a local D1 database as `wrangler d1 migrations apply --local` does: the
 * same bookkeeping table (`d1_migrations`), the same statement splitter (wrangler's), one batch
 * per file with its bookkeeping row, so a file is applied whole or not at all. The local server,
 * `npm run insights` and the tests call it; the deploy workflow runs wrangler's own against the
 * account's database.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { statementsOf } from "./statements";

/** What the applier needs of a D1 database (a binding, or Miniflare's proxy of one). */
export interface D1Like {
  prepare(sql: string): {
    bind(...values: unknown[]): unknown;
    all<T>(): Promise<{ results: T[] }>;
    run(): Promise<unknown>;
  };
  batch(statements: unknown[]): Promise<unknown>;
}

export const MIGRATIONS_TABLE = "d1_migrations";

/** Applies the files of `dir` not yet applied, in name order; returns their names. */
export async function applyMigrations(db: D1Like, dir: string): Promise<string[]> {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`,
    )
    .run();
  const applied = new Set(
    (await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map((r) => r.name),
  );
  const pending = (await readdir(dir)).filter((f) => f.endsWith(".sql") && !applied.has(f)).sort();
  if (pending.length === 0) return [];
  for (const name of pending) {
    const statements = await statementsOf(await readFile(path.join(dir, name), "utf8"));
    await db.batch([
      ...statements.map((q) => db.prepare(q)),
      db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?1)`).bind(name),
    ]);
  }
  return pending;
}
