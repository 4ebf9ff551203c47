/** Bindings of the worker (see wrangler.toml) and the typed Hono context built on them. */
import type { BuildManifest, ContentStore } from "./content-store";

export interface Env {
  /** Builds and channel pointers written by scripts/publish. */
  CONTENT: KVNamespace;
  /** Hashed client assets and public files (dist/client). */
  ASSETS: Fetcher;
  /** The channel this deployment serves: "production" or "preview-<branch>". */
  CONTENT_CHANNEL: string;
  /**
   * Milliseconds an isolate serves the channel pointer it read before reading it again (default
   * POINTER_RECHECK_MS in worker/content-store; "0" reads it on every request, as the local server does).
   */
  POINTER_RECHECK_MS?: string;
  /**
   * Milliseconds a request's KV reads may take in all before it answers 503 (default
   * REQUEST_KV_BUDGET_MS in worker/content-store). The local server gives its KV simulator longer.
   */
  KV_BUDGET_MS?: string;
  /** "1" turns the rendered-page cache off (the benchmark measures uncached renders with it). */
  DISABLE_PAGE_CACHE?: string;
  /** Reader and agent signals (worker/signals); when absent, nothing is recorded. */
  SIGNALS?: D1Database;
  /**
   * Milliseconds an isolate holds the signals its requests make before one D1 batch writes them
   * (default SIGNALS_FLUSH_MS in common/signals.ts; "0" writes each signal at once).
   */
  SIGNALS_FLUSH_MS?: string;
  /** Votes and search signals per connecting address. */
  SIGNALS_RATE_LIMIT?: RateLimit;
  /** /mcp requests per connecting address. */
  MCP_RATE_LIMIT?: RateLimit;
  /** The secret that opens /_insights (`wrangler secret put INSIGHTS_TOKEN`); without it the page does not exist. */
  INSIGHTS_TOKEN?: string;
}

type WorkerEnv = Env;
// `cloudflare:test`'s `env` is typed by merging into the global Cloudflare.Env; merging needs both forms.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends WorkerEnv {}
  }
}

/** Set by worker/middleware/clean-url.ts: the request's path, already clean (as typed, not decoded). */
export type PathVars = { path: string };
/** Set by worker/middleware/content.ts: the reader of KV for this deployment's channel. */
export type StoreVars = { store: ContentStore };
/** Set by worker/middleware/live-build.ts: the build the channel serves now. */
export type BuildVars = { buildId: string; manifest: BuildManifest };
/** Set by worker/middleware/page-cache.ts: the rendered-page cache, or null when it is turned off. */
export type CacheVars = { cache: Cache | null };

type PageVars = PathVars & StoreVars & BuildVars & CacheVars;
/** The app as a whole: any variable may still be unset (the error handler runs whatever failed). */
export type AppEnv = { Bindings: Env; Variables: Partial<PageVars> };
/** What the page routes see, mounted after the middleware: every variable set. */
export type PageEnv = { Bindings: Env; Variables: PageVars };
