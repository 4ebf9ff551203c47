/**
 * `/mcp`: the docs as a read-only MCP server (Streamable HTTP, stateless). This module checks the
 * request (Origin, CORS preflight, body size, method) and loads the MCP SDK only when a POST gets
 * this far (`import("./server")`), so page requests never evaluate it.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { Env, StoreVars } from "../env";
import { log } from "../log";
import { siteOrigin } from "./live-docs";
import { jsonRpcError } from "./rpc-error";

/** MCP requests are small JSON-RPC messages; a larger body is refused with 413. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

type McpEnv = { Bindings: Env; Variables: StoreVars };

/**
 * Browsers send Origin; a page on another site must not drive the server (DNS rebinding). No
 * Origin (MCP clients that are not browsers) and the site's own public origin are allowed.
 */
const checkOrigin = createMiddleware<McpEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin === undefined) return next();
  const own = await siteOrigin(c.var.store).catch((e: unknown) => {
    log.error("mcp_origin_unchecked", { error: e });
    return null;
  });
  if (origin !== own) return jsonRpcError(403, `Origin ${JSON.stringify(origin.slice(0, 200))} is not allowed`);
  await next();
});

export const mcp = new Hono<McpEnv>();
mcp.use(
  "/",
  checkOrigin,
  cors({
    origin: (origin) => origin,
    allowMethods: ["POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "Accept", "Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID"],
    exposeHeaders: ["Mcp-Protocol-Version", "Mcp-Session-Id"],
    maxAge: 86400,
  }),
);
mcp.post(
  "/",
  bodyLimit({
    maxSize: MAX_MCP_BODY_BYTES,
    onError: () => jsonRpcError(413, `the body is larger than ${MAX_MCP_BODY_BYTES} bytes`),
  }),
  async (c) => {
    const { handleMcpRequest } = await import("./server");
    return handleMcpRequest(c.req.raw, c.var.store);
  },
);
// Stateless: no SSE stream to open (GET) and no session to end (DELETE); the spec allows 405.
mcp.all("/", () =>
  jsonRpcError(405, "Method Not Allowed: send JSON-RPC messages with POST", { Allow: "POST, OPTIONS" }),
);
