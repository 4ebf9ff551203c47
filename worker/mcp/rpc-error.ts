/** JSON-RPC errors: as HTTP answers of the route, and as errors a handler raises. No SDK. */

/** An answer with a JSON body; MCP answers are never cached by the HTTP layer. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** An HTTP-level refusal of an MCP request, with a JSON-RPC error body MCP clients can show. */
export function jsonRpcError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  { code = -32600, id = null, data }: { code?: number; id?: string | number | null; data?: unknown } = {},
): Response {
  return jsonResponse(
    status,
    { jsonrpc: "2.0", error: { code, message, ...(data === undefined ? {} : { data }) }, id },
    headers,
  );
}

/** A JSON-RPC error raised by a handler; its message goes out as written (the SDK's McpError would prefix it). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const UNAVAILABLE = "The documentation cannot be read right now; try again in a few seconds.";
