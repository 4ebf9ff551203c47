/**
 * Runs the real worker bundle (dist/worker) on local workerd through Miniflare, with KV persisted
 * on disk and the client assets served as Workers Static Assets. No Cloudflare account, no network.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { Miniflare, Log, LogLevel } from "miniflare";
import { kvTargetFrom, LOCAL_KV_ID } from "../publish/local-kv";
import type { KvTarget } from "../publish/kv-target";
import { POINTER_RECHECK_MS } from "../../common/page";
import { LOCAL_SIGNALS_ID, migrationsDir, SIGNALS_BINDING } from "../signals/local-d1";
import { applyMigrations } from "../signals/migrations";

/** The time for KV each request of the local server has (the worker's KV_BUDGET_MS). */
const LOCAL_KV_BUDGET_MS = 30_000;

/** The worker's named entrypoint the direct socket is bound to (worker/index.ts exports it). */
const DIRECT_ENTRYPOINT = "direct";

export interface LocalServerOptions {
  root: string;
  port: number;
  host?: string;
  channel?: string;
  /** Folder for on-disk KV; tests pass a temporary one. */
  kvPersist: string;
  /**
   * Folder for the on-disk signals database (D1, migrations/ applied at start); by default a
   * folder inside kvPersist, so a temporary KV folder takes its database with it.
   */
  d1Persist?: string;
  verbose?: boolean;
  /**
   * Extra worker vars, e.g. DISABLE_PAGE_CACHE for the benchmark's uncached runs. The local server
   * sets POINTER_RECHECK_MS to 0 (a local publish is served at the next request) and KV_BUDGET_MS
   * to LOCAL_KV_BUDGET_MS; the benchmarks set the deployed defaults (productionVars).
   */
  vars?: Record<string, string>;
  /**
   * Also listen on a socket straight into the worker (`LocalServer.direct`), past Miniflare's entry
   * worker and the static-assets router, as Cloudflare's edge hands a request to the worker: what
   * bench:scale measures the worker's CPU through. Static assets are not served there. The socket
   * is bound to the worker's `direct` entrypoint (worker/index.ts): Miniflare binds a socket on the
   * default entrypoint of a worker with assets to its assets router, which costs workerd about a
   * millisecond of CPU per request.
   */
  direct?: boolean;
  /** Receives each line workerd writes (the worker's console.error lines among them), instead of the terminal. */
  onRuntimeLine?: (line: string) => void;
}

export interface LocalServer {
  url: URL;
  /** The direct socket's URL, when `direct` was asked for. */
  direct?: URL;
  kv: KvTarget;
  /** The worker's signals database (D1), for tests and benchmarks to read. */
  signals: Awaited<ReturnType<Miniflare["getD1Database"]>>;
  /** Sends a request straight to the worker (no socket), for tests. */
  dispatch: Miniflare["dispatchFetch"];
  dispose(): Promise<void>;
}

/**
 * Vars that make the local worker behave as a deployment does: an isolate reads the channel pointer
 * again once a second, not on every request, and a request's KV reads have the worker's default time.
 */
export const productionVars: Readonly<Record<string, string>> = {
  POINTER_RECHECK_MS: String(POINTER_RECHECK_MS),
  KV_BUDGET_MS: "",
};

export async function compatibilityDate(root: string): Promise<string> {
  const toml = await readFile(path.join(root, "wrangler.toml"), "utf8");
  const m = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml);
  if (!m) throw new Error("wrangler.toml has no compatibility_date");
  return m[1]!;
}

/**
 * The rate limiters of wrangler.toml (`[[ratelimits]]`: name and `simple = { limit, period }`),
 * so the local worker limits as a deployment does.
 */
export async function rateLimitsOf(
  root: string,
): Promise<Record<string, { simple: { limit: number; period: 10 | 60 } }>> {
  const toml = await readFile(path.join(root, "wrangler.toml"), "utf8");
  const out: Record<string, { simple: { limit: number; period: 10 | 60 } }> = {};
  for (const part of toml.split(/^\[\[ratelimits\]\]\s*$/m).slice(1)) {
    const block = part.split(/^\[/m)[0]!;
    const name = /^name\s*=\s*"([A-Za-z0-9_]+)"/m.exec(block)?.[1];
    const simple = /^simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(10|60)\s*\}/m.exec(block);
    if (!name || !simple)
      throw new Error("wrangler.toml: a [[ratelimits]] block lacks name or simple = { limit, period }");
    out[name] = { simple: { limit: Number(simple[1]), period: Number(simple[2]) as 10 | 60 } };
  }
  return out;
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const mf = new Miniflare({
    // The bundle is one module (wrangler inlines every import), named here so Miniflare does not
    // parse its 600 KB to look for others, as `modules: true` does on every start.
    modules: [{ type: "ESModule", path: path.join(options.root, "dist/worker/index.js") }],
    compatibilityDate: await compatibilityDate(options.root),
    kvNamespaces: { CONTENT: LOCAL_KV_ID },
    kvPersist: options.kvPersist,
    d1Databases: { [SIGNALS_BINDING]: LOCAL_SIGNALS_ID },
    d1Persist: options.d1Persist ?? path.join(options.kvPersist, "signals-d1"),
    ratelimits: await rateLimitsOf(options.root),
    bindings: {
      CONTENT_CHANNEL: options.channel ?? "production",
      POINTER_RECHECK_MS: "0",
      // Local KV is a simulator on this machine, which a busy machine makes far slower than KV at
      // the edge: a 503 after the edge's budget would tell an author nothing about the site.
      KV_BUDGET_MS: String(LOCAL_KV_BUDGET_MS),
      ...options.vars,
    },
    assets: {
      directory: path.join(options.root, "dist/client"),
      binding: "ASSETS",
      routerConfig: { has_user_worker: true },
    },
    cf: false,
    ...(options.direct
      ? { unsafeDirectSockets: [{ host: options.host ?? "127.0.0.1", port: 0, entrypoint: DIRECT_ENTRYPOINT }] }
      : {}),
    host: options.host ?? "127.0.0.1",
    port: options.port,
    log: new Log(options.verbose ? LogLevel.INFO : LogLevel.WARN),
    ...(options.onRuntimeLine ? { handleRuntimeStdio: lineReader(options.onRuntimeLine) } : {}),
  });
  const url = await mf.ready;
  const kv = kvTargetFrom(await mf.getKVNamespace("CONTENT"));
  const signals = await mf.getD1Database(SIGNALS_BINDING);
  await applyMigrations(signals, migrationsDir(options.root));
  const direct = options.direct ? await mf.unsafeGetDirectURL(undefined, DIRECT_ENTRYPOINT) : undefined;
  return { url, direct, kv, signals, dispatch: mf.dispatchFetch.bind(mf), dispose: () => mf.dispose() };
}

/** Hands each line of workerd's stdout and stderr to `onLine`. */
function lineReader(onLine: (line: string) => void) {
  return (stdout: Readable, stderr: Readable) => {
    for (const stream of [stdout, stderr]) createInterface({ input: stream }).on("line", onLine);
  };
}
