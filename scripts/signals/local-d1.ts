/**
 * The local signals database: D1 on disk under .wrangler/state (where `wrangler d1 … --local`
 * keeps it too, under the same id), with migrations/ applied. `npm start` serves with it and
 * `npm run insights` reads it.
 */
import path from "node:path";
import { Miniflare } from "miniflare";
import { applyMigrations } from "./migrations";

/** The binding and the database id wrangler.toml gives local development. */
export const SIGNALS_BINDING = "SIGNALS";
export const LOCAL_SIGNALS_ID = "movement-docs-signals";

export function localD1PersistDir(root: string): string {
  return path.join(root, ".wrangler/state/v3/d1");
}

export const migrationsDir = (root: string) => path.join(root, "migrations");

export type LocalD1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;

/** Opens the local database (migrations applied) without serving anything; call dispose() when done. */
export async function openLocalSignals(
  root: string,
  persist = localD1PersistDir(root),
): Promise<{ db: LocalD1; dispose: () => Promise<void> }> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 204 }); } }",
    d1Databases: { [SIGNALS_BINDING]: LOCAL_SIGNALS_ID },
    d1Persist: persist,
    cf: false,
  });
  try {
    const db = await mf.getD1Database(SIGNALS_BINDING);
    await applyMigrations(db, migrationsDir(root));
    return { db, dispose: () => mf.dispose() };
  } catch (e) {
    await mf.dispose();
    throw e;
  }
}
