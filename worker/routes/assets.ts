/**
 * Content images published with a build (/_assets/<hash>.<ext>). Names are content hashes, so
 * responses are immutable. Anything that is not a well-formed name is a 404 without a KV read.
 */
import { Hono } from "hono";
import { IMAGE_TYPES } from "../../common/image-types";
import type { Env, StoreVars } from "../env";

const NAME = /^[0-9a-f]{16}\.(svg|png|gif|jpe?g|webp|avif)$/;

export const assets = new Hono<{ Bindings: Env; Variables: StoreVars }>();

assets.on(["GET", "HEAD"], "/:name", async (c) => {
  const m = NAME.exec(c.req.param("name"));
  if (!m) return c.text("Not Found", 404);
  const body = await c.var.store.asset(c.req.param("name"));
  if (!body) return c.text("Not Found", 404);
  return new Response(c.req.method === "HEAD" ? null : body, {
    headers: {
      "Content-Type": IMAGE_TYPES[m[1]!]!,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // An SVG opened directly must not run scripts.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
});
