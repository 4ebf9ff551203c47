/**
 * Conditional requests. Cloudflare's compression turns a strong ETag into a weak one (`W/"…"`), and
 * a browser may hold several, so If-None-Match is compared weakly, as RFC 9110 says for GET.
 */

/** Whether an If-None-Match header names `etag` (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || ifNoneMatch.length > 4096) return false;
  const want = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || opaque(t) === want;
  });
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** The 304 for a matched validator: the headers a cache needs to keep serving what it has. */
export function notModified(headers: Record<string, string>): Response {
  return new Response(null, { status: 304, headers });
}
