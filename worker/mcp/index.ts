/**
 * `/mcp`: the docs as a read-only MCP server (Streamable HTTP, stateless, JSON answers, both
 * protocol eras). This module refuses what the wire rules refuse (wire.ts) and what the budget
 * refuses (budget.ts), answers the server card, and loads the MCP SDK only for a request that gets
 * past all that (`import("./server")`), so page requests never evaluate it.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { publicSiteUrl } from "../../common/base-url";
import type { SiteConfig } from "../../common/site-config";
import type { Env, StoreVars } from "../env";
import { RATE_LIMIT_RETRY_SECONDS, rateLimit } from "../middleware/rate-limit";
import { deferOf, recorderFor } from "../signals/recording";
import { requestBytes, reserve, responseBudget, RETRY_AFTER_SECONDS } from "./budget";
import { catalog, SERVER_CARD_MEDIA_TYPE, serverCard } from "./card";
import { jsonResponse, jsonRpcError } from "./rpc-error";
import { classify, wireHeaders } from "./wire";

/** MCP requests are small JSON-RPC messages; a larger body is refused with 413. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
const JSON_TYPE = "application/json; charset=utf-8";

type McpEnv = { Bindings: Env; Variables: StoreVars & { config: SiteConfig | null } };

/**
 * The live build's site configuration, or null when the store cannot be read (calls then go on
 * and answer the store's failure in-band: never a 5xx). The server is not there (404) when the
 * configuration turns it off (`mcp.enabled: false`).
 */
const enabled = createMiddleware<McpEnv>(async (c, next) => {
  const { store } = c.var;
  const config = await store
    .liveBuildId()
    .then(async (id) => (await store.manifest(id)).config)
    .catch(() => null);
  // A build made before site.yaml had the switch has no `mcp`: the server is on there.
  if ((config as Partial<SiteConfig> | null)?.mcp?.enabled === false)
    return jsonRpcError(404, "This site has no MCP server", {}, { code: -32601 });
  c.set("config", config);
  await next();
});

/** A discovery document of the live build's site; 503 when the store cannot be read (a GET, not a call). */
function discovery(c: Context<McpEnv>, document: (siteUrl: string, title: string) => unknown, type: string): Response {
  const { config } = c.var;
  if (!config)
    return jsonRpcError(503, "The site cannot be read right now; try again in a few seconds.", { "Retry-After": "10" });
  return jsonResponse(200, document(publicSiteUrl(config), config.title), {
    "Content-Type": type,
    "Cache-Control": "public, max-age=3600",
  });
}

/** Whether an Accept header admits a JSON answer (absent, application/json, application/* or a wildcard). */
function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept
    .split(",")
    .map((range) => range.split(";")[0]!.trim().toLowerCase())
    .some((type) => type === "application/json" || type === "application/*" || type === "*/*");
}

async function post(c: Context<McpEnv>): Promise<Response> {
  const type = c.req.header("Content-Type")?.split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return jsonRpcError(415, "Unsupported Media Type: send application/json");
  if (!acceptsJson(c.req.header("Accept")))
    return jsonRpcError(406, "Not Acceptable: this server answers application/json (it never streams)");
  const text = await c.req.text();
  const budget = responseBudget(requestBytes(c.req.raw.headers, new TextEncoder().encode(text).length));
  const release = reserve(budget);
  if (!release)
    return jsonRpcError(429, "Too many requests at once; try again shortly", {
      "Retry-After": String(RETRY_AFTER_SECONDS),
    });
  try {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const classified = classify(body, wireHeaders(c.req.raw.headers));
    if (classified.kind === "reply") {
      const { status, error, id } = classified.reply;
      return error ? jsonResponse(status, { jsonrpc: "2.0", id, error }) : new Response(null, { status });
    }
    const { answer } = await import("./server");
    const signals = recorderFor(c.env, deferOf(c), c.req.raw.headers, c.var.config);
    return await answer({ message: classified.message, era: classified.kind, store: c.var.store, budget, signals });
  } finally {
    release();
  }
}

export const mcp = new Hono<McpEnv>();
/*
 * Any origin may call: the server is public and read-only, takes no credentials and keeps no
 * state, so a page on another origin can read through it only what anyone can read directly
 * (README: "Origins").
 */
mcp.use(
  "*",
  cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: [
      "Content-Type",
      "Accept",
      "MCP-Protocol-Version",
      "Mcp-Method",
      "Mcp-Name",
      "Mcp-Session-Id",
      "Last-Event-ID",
      "traceparent",
      "tracestate",
    ],
    exposeHeaders: ["MCP-Protocol-Version", "Retry-After"],
    maxAge: 86400,
  }),
  enabled,
);
// The card's own media type when the client asks for it (as SEP-2127 says), JSON otherwise.
mcp.get("/server-card", (c) =>
  discovery(
    c,
    serverCard,
    c.req.header("Accept")?.includes(SERVER_CARD_MEDIA_TYPE) ? SERVER_CARD_MEDIA_TYPE : JSON_TYPE,
  ),
);
mcp.post(
  "/",
  bodyLimit({
    maxSize: MAX_MCP_BODY_BYTES,
    onError: () => jsonRpcError(413, `the body is larger than ${MAX_MCP_BODY_BYTES} bytes`),
  }),
  // Per connecting address (never stored): an agent asking in a loop is slowed, others are not.
  rateLimit<McpEnv>("MCP_RATE_LIMIT", "mcp", () =>
    jsonRpcError(429, "Too many requests from your address; try again in a minute", {
      "Retry-After": String(RATE_LIMIT_RETRY_SECONDS),
    }),
  ),
  post,
);
// Stateless: no SSE stream to open (GET) and no session to end (DELETE); the spec allows 405.
mcp.all("/", () =>
  jsonRpcError(405, "Method Not Allowed: send JSON-RPC messages with POST", { Allow: "POST, OPTIONS" }),
);

/** `/.well-known/mcp/catalog.json`: the site's MCP catalog, naming this server's card. */
export const mcpCatalog = new Hono<McpEnv>();
mcpCatalog.use("*", cors({ origin: "*", allowMethods: ["GET"] }), enabled);
mcpCatalog.get("/catalog.json", (c) => discovery(c, catalog, JSON_TYPE));
