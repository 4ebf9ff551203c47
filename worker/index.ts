/** Worker entry: the Hono app handles every request that is not a static asset. */
import { app } from "./app";
import type { Env } from "./env";

export default app;

/**
 * The same handler as a named entrypoint, which Cloudflare never calls: the local server binds its
 * `direct` socket to it (scripts/local/server.ts), so that a request reaches the worker as
 * Cloudflare's edge hands it over, past Miniflare's static-assets router (bench:scale measures the
 * worker's CPU through it). The default entrypoint of a worker with assets is that router.
 */
export const direct: ExportedHandler<Env> = { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
