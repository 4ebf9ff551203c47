/** Bindings of the worker (see wrangler.toml) and the typed Hono context built on them. */
export interface Env {
  /** Builds and channel pointers written by scripts/publish. */
  CONTENT: KVNamespace;
  /** Hashed client assets and public files (dist/client). */
  ASSETS: Fetcher;
  /** The channel this deployment serves: "production" or "preview-<branch>". */
  CONTENT_CHANNEL: string;
  /** "1" turns the rendered-page cache off (the benchmark measures uncached renders with it). */
  DISABLE_PAGE_CACHE?: string;
}

type WorkerEnv = Env;
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}

export type AppEnv = { Bindings: Env };
