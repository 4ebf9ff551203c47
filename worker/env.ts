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
// `cloudflare:test`'s `env` is typed by merging into the global Cloudflare.Env; merging needs both forms.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends WorkerEnv {}
  }
}

export type AppEnv = { Bindings: Env };
