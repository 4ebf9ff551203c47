/**
 * The content of this deployment's channel, as typed variables: `store` (the KV reader, no read
 * yet) for every route that needs content, and `liveBuild` adding `buildId` and `manifest` (the
 * channel pointer and the build's manifest, in the request's docs version) for the page routes. A failed read throws
 * ContentUnavailable, which worker/middleware/errors.ts answers with 503.
 */
import { createMiddleware } from "hono/factory";
import { ContentCorrupt, ContentStore, kvBudgetMs, pointerRecheckMs } from "../content-store";
import type { BuildVars, Env, StoreVars } from "../env";

/** Stores handed from worker/base-url.ts to the site with the request it forwards (one read of the pointer per request). */
const forwarded = new WeakMap<Request, ContentStore>();

export function forwardStore(request: Request, store: ContentStore): Request {
  forwarded.set(request, store);
  return request;
}

/** The legacy docs version of a request worker/versions.ts forwards to the site (none: the current version). */
const versions = new WeakMap<Request, string>();

export function forwardVersion(request: Request, version: string): Request {
  versions.set(request, version);
  return request;
}

/** The name of the legacy docs version a request of the site is in, or null for the current version. */
export const versionOfRequest = (request: Request): string | null => versions.get(request) ?? null;

export const contentStore = createMiddleware<{ Bindings: Env; Variables: StoreVars }>(async (c, next) => {
  c.set(
    "store",
    forwarded.get(c.req.raw) ??
      new ContentStore(c.env.CONTENT, c.env.CONTENT_CHANNEL || "production", {
        recheckMs: pointerRecheckMs(c.env.POINTER_RECHECK_MS),
        budgetMs: kvBudgetMs(c.env.KV_BUDGET_MS),
      }),
  );
  await next();
});

/**
 * The live build, seen in the docs version of the request (worker/versions.ts): `manifest` is
 * that version's (its routes, sidebars and files), the current one's for most requests.
 */
export const liveBuild = createMiddleware<{ Bindings: Env; Variables: StoreVars & BuildVars }>(async (c, next) => {
  const buildId = await c.var.store.liveBuildId();
  c.set("buildId", buildId);
  const manifest = await c.var.store.manifest(buildId);
  const version = versionOfRequest(c.req.raw);
  const shown = version ? await manifest.inVersion(version) : manifest;
  if (!shown) throw new ContentCorrupt(`build ${buildId} declares docs version ${version} but does not hold it`);
  c.set("manifest", shown);
  await next();
});
