/**
 * Reads (or cancels) a request body the handler did not use, before the response goes out. An
 * unread body left the local server's connection in a state where the client's next request on it
 * failed ("socket hang up" after a 405 to a POST).
 */
import type { MiddlewareHandler } from "hono";

/** Bodies up to this size are drained so the connection stays usable; larger ones are cancelled. */
const DRAIN_LIMIT = 1024 * 1024;

export const drainBody: MiddlewareHandler = async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (!body || c.req.raw.bodyUsed || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing to keep usable.
  }
};
