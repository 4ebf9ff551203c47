/**
 * The content of this deployment's channel, as typed variables: `store` (the KV reader, no read
 * yet) for every route that needs content, and `liveBuild` adding `buildId` and `manifest` (the
 * channel pointer and the build's manifest) for the page routes. A failed read throws
 * ContentUnavailable, which worker/middleware/errors.ts answers with 503.
 */
import { createMiddleware } from "hono/factory";
import { ContentStore, pointerRecheckMs } from "../content-store";
import type { BuildVars, Env, StoreVars } from "../env";

/** Stores handed from worker/base-url.ts to the site with the request it forwards (one read of the pointer per request). */
const forwarded = new WeakMap<Request, ContentStore>();

export function forwardStore(request: Request, store: ContentStore): Request {
  forwarded.set(request, store);
  return request;
}

export const contentStore = createMiddleware<{ Bindings: Env; Variables: StoreVars }>(async (c, next) => {
  c.set(
    "store",
    forwarded.get(c.req.raw) ??
      new ContentStore(c.env.CONTENT, c.env.CONTENT_CHANNEL || "production", {
        recheckMs: pointerRecheckMs(c.env.POINTER_RECHECK_MS),
      }),
  );
  await next();
});

export const liveBuild = createMiddleware<{ Bindings: Env; Variables: StoreVars & BuildVars }>(async (c, next) => {
  const buildId = await c.var.store.liveBuildId();
  c.set("buildId", buildId);
  c.set("manifest", await c.var.store.manifest(buildId));
  await next();
});
