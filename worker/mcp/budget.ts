/**
 * How much one MCP request may cost: its answer is at most 1 MB and at most 100 times the request
 * as the worker received it (body and headers), so no request multiplies traffic more than that;
 * and the bytes of answers an isolate holds at once are bounded, a request past that bound being
 * refused with 429 and `Retry-After` before any work. Free of the SDK: the route uses it before
 * the server is loaded.
 */

/** No answer is larger than this, whatever the request. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** An answer is at most this many times its request. */
export const AMPLIFICATION = 100;
/** The budgets of the answers an isolate is working on, summed, stay under this. */
export const MAX_BYTES_IN_FLIGHT = 16 * 1024 * 1024;
/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 1;

const encoder = new TextEncoder();
export const utf8Length = (s: string) => encoder.encode(s).length;

/** The request's size as received: the body plus each header line (`name: value` and its line end). */
export function requestBytes(headers: Headers, bodyBytes: number): number {
  let n = bodyBytes;
  headers.forEach((value, name) => {
    n += name.length + value.length + 4;
  });
  return n;
}

/** The most bytes the answer to a request of this size may have. */
export const responseBudget = (requestSize: number) => Math.min(MAX_RESPONSE_BYTES, AMPLIFICATION * requestSize);

let inFlight = 0;

/**
 * Reserves `bytes` of the isolate's in-flight budget; returns the release function, or null when
 * the reservation would pass MAX_BYTES_IN_FLIGHT (the caller answers 429).
 */
export function reserve(bytes: number): (() => void) | null {
  if (inFlight > 0 && inFlight + bytes > MAX_BYTES_IN_FLIGHT) return null;
  inFlight += bytes;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight -= bytes;
  };
}

/**
 * The longest part of `text` from `offset` whose JSON string form fits in `maxBytes` of UTF-8,
 * ending at a line break when one is near the end (so a cut does not split a line of a table),
 * never inside a surrogate pair. Returns the end offset (exclusive).
 */
export function fitEnd(text: string, offset: number, maxBytes: number): number {
  let end = Math.min(text.length, offset + Math.max(0, maxBytes));
  for (let i = 0; i < 8; i++) {
    const bytes = utf8Length(JSON.stringify(text.slice(offset, end)));
    if (bytes <= maxBytes) break;
    end = offset + Math.floor(((end - offset) * maxBytes) / bytes) - 2;
  }
  end = Math.max(offset, end);
  if (end < text.length) {
    const line = text.lastIndexOf("\n", end);
    if (line > offset + (end - offset) * 0.8) end = line + 1;
    const c = text.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  }
  return end;
}
