/**
 * Worker entry: the Hono app handles every request that is not a static asset; the daily
 * scheduled run applies the signals' retention (worker/signals/retention.ts).
 */
import { app } from "./app";
import type { Env } from "./env";
import { log } from "./log";
import { warmUpSearch } from "./search/warm-up";
import { scheduled } from "./signals/retention";

/*
 * The search code runs as the isolate starts (worker/search/warm-up.ts), so that a reader's first
 * search does not pay for compiling it: about 19 ms more workerd CPU before the isolate serves
 * (median of 15 starts of each build, interleaved: 136 → 155 ms, Miniflare's own services included)
 * for about 5 ms less in its first search and 2 to 3 ms less in the next few. Its promises settle
 * without I/O, as workerd requires of a module's top-level await; a failure is logged and the
 * isolate starts all the same.
 */
await warmUpSearch().catch((error: unknown) => log.error("search_warm_up_failed", { error }));

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;

/**
 * The same handler as a named entrypoint, which Cloudflare never calls: the local server binds its
 * `direct` socket to it (scripts/local/server.ts), so that a request reaches the worker as
 * Cloudflare's edge hands it over, past Miniflare's static-assets router (bench:scale measures the
 * worker's CPU through it). The default entrypoint of a worker with assets is that router.
 */
export const direct: ExportedHandler<Env> = { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
