/**
 * Cloudflare's rate-limiting binding in front of a route, keyed by the connecting address
 * (`CF-Connecting-IP`, set by Cloudflare's edge), which is used as the key and never stored or
 * logged. Past the limit the route answers `limited(c)` (a 429). Without the binding, or when it
 * fails, requests pass: a limiter that cannot answer must not take the route down with it (logged
 * once per isolate). Local workerd (Miniflare) sets the header to the client's address too.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Env } from "../env";
import { log } from "../log";

/** Seconds a limited client is told to wait: the limiters count per minute (wrangler.toml). */
export const RATE_LIMIT_RETRY_SECONDS = 60;

const reported = new Set<string>();

function once(event: string, fields: Record<string, unknown>): void {
  if (reported.has(event)) return;
  reported.add(event);
  log.error(event, fields);
}

export function rateLimit<E extends { Bindings: Env }>(
  binding: "SIGNALS_RATE_LIMIT" | "MCP_RATE_LIMIT",
  scope: string,
  limited: (c: Context<E>) => Response | Promise<Response>,
) {
  return createMiddleware<E>(async (c, next) => {
    const limiter = c.env[binding];
    if (!limiter) {
      once(`rate_limit_unbound_${binding}`, { binding, reason: "no binding: requests are not limited" });
      return next();
    }
    // Cloudflare's edge sets it on every request; without it (a test calling the app) there is no one to limit.
    const address = c.req.header("CF-Connecting-IP");
    if (!address) return next();
    let success = true;
    try {
      ({ success } = await limiter.limit({ key: `${scope}:${address}` }));
    } catch (error) {
      once(`rate_limit_failed_${binding}`, { binding, error });
    }
    if (!success) return limited(c);
    return next();
  });
}
