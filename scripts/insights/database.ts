/**
 * The signals database `npm run insights` reads and maintains: the local one (.wrangler/state,
 * what `npm start` records into) or, with `--remote`, the account's, through the official
 * `cloudflare` SDK's D1 query API (one request per batch of statements). Both are a `SignalsDb`:
 * statements in, each one's rows out.
 */
import path from "node:path";
import type Cloudflare from "cloudflare";
import type { RunQueries, Statement } from "../../common/insights";
import type { LocalD1 } from "../signals/local-d1";

export interface SignalsDb {
  run: RunQueries;
  /** Where it is, for messages: a folder, or the account's database id. */
  where: string;
  close(): Promise<void>;
}

export class DatabaseError extends Error {}

/** Statements on a local D1 binding, in one batch. */
export function localRunner(db: LocalD1): RunQueries {
  return async (statements) => {
    if (statements.length === 0) return [];
    const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
    return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
  };
}

/** The local database of `site` (a site folder; this repository by default), migrations/ applied. */
export async function openLocal(root: string, site = root): Promise<SignalsDb> {
  // Miniflare (local) and the Cloudflare SDK (remote) each take a second or more to import: each
  // is loaded only by the database that uses it.
  const { localD1PersistDir, openLocalSignals } = await import("../signals/local-d1");
  const persist = localD1PersistDir(site);
  const { db, dispose } = await openLocalSignals(root, persist);
  const shown = persist.startsWith(root + path.sep) ? path.relative(root, persist) : persist;
  return { run: localRunner(db), where: `local D1 (${shown})`, close: dispose };
}

/** Statements on the account's database, as one batch of the D1 query API. */
export function remoteRunner(client: Cloudflare, accountId: string, databaseId: string): RunQueries {
  return async (statements: Statement[]) => {
    if (statements.length === 0) return [];
    const out: Record<string, unknown>[][] = [];
    const page = client.d1.database.query(databaseId, {
      account_id: accountId,
      batch: statements.map((s) => ({ sql: s.sql, params: s.params })),
    });
    for await (const result of page) {
      if (result.success === false) throw new DatabaseError(`D1 refused statement ${out.length + 1}`);
      out.push((result.results ?? []) as Record<string, unknown>[]);
    }
    if (out.length !== statements.length)
      throw new DatabaseError(`D1 answered ${out.length} results for ${statements.length} statements`);
    return out;
  };
}

/** The account's database from the environment (D1_DATABASE_ID, CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID). */
export function openRemote(env: NodeJS.ProcessEnv, fetchImpl?: typeof fetch): SignalsDb {
  const missing = ["D1_DATABASE_ID", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((k) => !env[k]);
  if (missing.length) throw new DatabaseError(`--remote needs ${missing.join(", ")} in the environment`);
  let runner: Promise<RunQueries> | undefined;
  const connect = async (): Promise<RunQueries> => {
    const { cloudflareClient } = await import("../publish/cloudflare-kv");
    const client = cloudflareClient({
      apiToken: env.CLOUDFLARE_API_TOKEN!,
      baseURL: env.CLOUDFLARE_API_BASE_URL,
      fetch: fetchImpl,
    });
    return remoteRunner(client, env.CLOUDFLARE_ACCOUNT_ID!, env.D1_DATABASE_ID!);
  };
  return {
    run: async (statements) => (await (runner ??= connect()))(statements),
    where: `D1 database ${env.D1_DATABASE_ID}`,
    close: async () => {},
  };
}
