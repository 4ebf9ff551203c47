/** The responses the routes share: an HTML document (no body for HEAD) and a permanent redirect. */
import type { Context } from "hono";

export const HTML = "text/html; charset=utf-8";

export function html(
  c: Context,
  body: ReadableStream<Uint8Array> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  return new Response(c.req.method === "HEAD" ? null : body, {
    status,
    headers: { "Content-Type": HTML, ...headers },
  });
}

export function redirect(to: string): Response {
  return new Response(null, { status: 301, headers: { Location: to, "Cache-Control": "public, max-age=3600" } });
}

/** The path as a reader typed it, for messages (React escapes it when rendering). */
export function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
