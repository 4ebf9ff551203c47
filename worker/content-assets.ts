/**
 * Serves content images published with a build (/_assets/<hash>.<ext>). Names are content hashes,
 * so responses are immutable. Anything that is not a well-formed name is a 404 without a KV read.
 */
import type { Context } from "hono";
import { IMAGE_TYPES } from "../client/contracts/image-types";
import { kvKeys } from "../client/contracts/page";
import type { AppEnv } from "./env";

const NAME = /^[0-9a-f]{16}\.(svg|png|gif|jpe?g|webp|avif)$/;

export async function serveContentAsset(c: Context<AppEnv>, name: string): Promise<Response> {
  const m = NAME.exec(name);
  if (!m) return c.text("Not Found", 404);
  const body = await c.env.CONTENT.get(kvKeys.asset(name), { type: "arrayBuffer", cacheTtl: 86400 });
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
}
