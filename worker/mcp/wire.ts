/**
 * One POST to /mcp, read as MCP's wire rules have it, before any SDK code runs: a single JSON-RPC
 * message (batches are refused), its protocol era and, for the 2026-07-28 era, the checks that
 * revision makes at the HTTP edge (the `_meta` envelope, the `MCP-Protocol-Version`, `Mcp-Method`
 * and `Mcp-Name` headers against the body). Pure: no SDK, no I/O.
 *
 * Classification follows the body, as the 2026-07-28 revision does: a request whose
 * `params._meta` holds `io.modelcontextprotocol/protocolVersion` claims the per-request envelope
 * (the modern era); a request without it is 2025-era traffic, where `initialize` opens it and
 * the `MCP-Protocol-Version` header, when present, names one of the 2025 revisions.
 */

export const MODERN_VERSION = "2026-07-28";
/** The 2025 revisions served (initialize negotiates one; the header then names it). */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
/** Every revision this server speaks, newest first (the server card lists them). */
export const SUPPORTED_VERSIONS = [MODERN_VERSION, "2025-11-25", "2025-06-18", "2025-03-26"] as const;

export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
export const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
export const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/** JSON-RPC and MCP error codes this module answers with. */
export const RpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2025 revisions: the resource does not exist. */
  ResourceNotFound: -32002,
  /** 2026-07-28: a header disagrees with the body, or a required header is missing. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request names a protocol version this server does not speak. */
  UnsupportedProtocolVersion: -32022,
} as const;

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

/** An HTTP answer decided at the edge: a JSON-RPC error with its status, or 202 with no body. */
export interface EdgeReply {
  status: number;
  error?: { code: number; message: string; data?: unknown };
  id: RequestId | null;
}

export type Classified =
  | { kind: "reply"; reply: EdgeReply }
  | { kind: "legacy"; message: JsonRpcRequest }
  | { kind: "modern"; message: JsonRpcRequest };

export interface WireHeaders {
  protocolVersion: string | null;
  method: string | null;
  name: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const refuse = (status: number, code: number, message: string, id: RequestId | null = null, data?: unknown) =>
  ({
    kind: "reply",
    reply: { status, id, error: { code, message, ...(data === undefined ? {} : { data }) } },
  }) as const;

/** Only headers the request carried: RFC 9110 optional whitespace around a value is not part of it. */
export function wireHeaders(headers: Headers): WireHeaders {
  const get = (name: string) => headers.get(name)?.replace(/^[ \t]+|[ \t]+$/g, "") ?? null;
  return { protocolVersion: get("MCP-Protocol-Version"), method: get("Mcp-Method"), name: get("Mcp-Name") };
}

/** Whether a revision belongs to the 2026-07-28 era or later (revisions are dates, so they sort as text). */
const isModernVersion = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= MODERN_VERSION;

/** Classifies one parsed POST body (`undefined` when it was not JSON). */
export function classify(body: unknown, headers: WireHeaders): Classified {
  if (body === undefined) return refuse(400, RpcCode.ParseError, "Parse error: the body is not JSON");
  if (Array.isArray(body))
    return refuse(400, RpcCode.InvalidRequest, "JSON-RPC batches are not accepted: send one message per request");
  if (!isObject(body) || body.jsonrpc !== "2.0")
    return refuse(400, RpcCode.InvalidRequest, "The body is not a JSON-RPC 2.0 message");
  const id = body.id;
  const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
  if (typeof body.method !== "string") {
    // A response to a request this server never sends: accepted and dropped, as the 2025 transport says.
    if (validId && ("result" in body || "error" in body)) return { kind: "reply", reply: { status: 202, id: null } };
    return refuse(400, RpcCode.InvalidRequest, "The message has no method");
  }
  if (body.params !== undefined && !isObject(body.params))
    return refuse(400, RpcCode.InvalidRequest, "params must be an object", validId ? id : null);
  // Notifications need no answer in either era (the server keeps no state they could change).
  if (!("id" in body)) return { kind: "reply", reply: { status: 202, id: null } };
  if (!validId) return refuse(400, RpcCode.InvalidRequest, "A request id must be a string or a number");
  const message = body as unknown as JsonRpcRequest;
  return classifyRequest(message, headers);
}

function classifyRequest(message: JsonRpcRequest, headers: WireHeaders): Classified {
  const meta = isObject(message.params?._meta) ? message.params._meta : undefined;
  const headerVersion = headers.protocolVersion;
  if (meta && PROTOCOL_VERSION_KEY in meta) {
    const claimed = meta[PROTOCOL_VERSION_KEY];
    const problem = envelopeProblem(meta);
    if (problem) return refuse(400, RpcCode.InvalidParams, `Invalid _meta envelope: ${problem}`, message.id);
    const version = claimed as string;
    if ((LEGACY_VERSIONS as readonly string[]).includes(version)) return legacy(message, headerVersion);
    if (version !== MODERN_VERSION)
      return refuse(
        400,
        RpcCode.UnsupportedProtocolVersion,
        `Unsupported protocol version: ${version.slice(0, 40)}`,
        message.id,
        {
          supported: [...SUPPORTED_VERSIONS],
          requested: version.slice(0, 40),
        },
      );
    const mismatch = headerProblem(message, headers);
    if (mismatch) return refuse(400, RpcCode.HeaderMismatch, `Bad Request: ${mismatch}`, message.id);
    return { kind: "modern", message };
  }
  if (headerVersion !== null && isModernVersion(headerVersion)) {
    if (message.method === "initialize")
      return refuse(
        400,
        RpcCode.HeaderMismatch,
        `Bad Request: initialize belongs to the 2025 revisions, but MCP-Protocol-Version names ${headerVersion.slice(0, 40)}`,
        message.id,
      );
    return refuse(
      400,
      RpcCode.InvalidParams,
      `Invalid params: MCP-Protocol-Version names ${headerVersion.slice(0, 40)}, but params._meta lacks ${PROTOCOL_VERSION_KEY} and ${CLIENT_CAPABILITIES_KEY}`,
      message.id,
    );
  }
  return legacy(message, headerVersion);
}

function legacy(message: JsonRpcRequest, headerVersion: string | null): Classified {
  // initialize negotiates the revision itself; afterwards the client names it in the header.
  if (
    message.method !== "initialize" &&
    headerVersion !== null &&
    !(LEGACY_VERSIONS as readonly string[]).includes(headerVersion)
  )
    return refuse(
      400,
      RpcCode.InvalidRequest,
      `Bad Request: unsupported MCP-Protocol-Version ${headerVersion.slice(0, 40)} (supported: ${SUPPORTED_VERSIONS.join(", ")})`,
      message.id,
    );
  return { kind: "legacy", message };
}

/** What is wrong with a 2026-07-28 `_meta` envelope, or null. */
function envelopeProblem(meta: Record<string, unknown>): string | null {
  if (typeof meta[PROTOCOL_VERSION_KEY] !== "string") return `${PROTOCOL_VERSION_KEY} must be a string`;
  if (!(CLIENT_CAPABILITIES_KEY in meta)) return `${CLIENT_CAPABILITIES_KEY} is missing`;
  if (!isObject(meta[CLIENT_CAPABILITIES_KEY])) return `${CLIENT_CAPABILITIES_KEY} must be an object`;
  const info = meta[CLIENT_INFO_KEY];
  if (info !== undefined && !(isObject(info) && typeof info.name === "string" && typeof info.version === "string"))
    return `${CLIENT_INFO_KEY} must be an object with a name and a version`;
  return null;
}

/** The body field `Mcp-Name` repeats, per method. */
const NAME_SOURCE: Record<string, string> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

/** The 2026-07-28 standard headers against the body: what disagrees or is missing, or null. */
function headerProblem(message: JsonRpcRequest, headers: WireHeaders): string | null {
  if (headers.protocolVersion === null) return "the MCP-Protocol-Version header is missing";
  if (headers.protocolVersion !== MODERN_VERSION)
    return `the body names protocol version ${MODERN_VERSION} but MCP-Protocol-Version names ${headers.protocolVersion.slice(0, 40)}`;
  if (headers.method === null) return "the Mcp-Method header is missing";
  if (headers.method !== message.method)
    return `the body names method ${message.method.slice(0, 100)} but Mcp-Method names ${headers.method.slice(0, 100)}`;
  const field = Object.hasOwn(NAME_SOURCE, message.method) ? NAME_SOURCE[message.method]! : undefined;
  const value = field === undefined ? undefined : message.params?.[field];
  if (typeof value !== "string") return null;
  if (headers.name === null) return `the Mcp-Name header is missing (params.${field} is "${value.slice(0, 100)}")`;
  const named = decodeSentinel(headers.name);
  if (named === undefined) return "the Mcp-Name header is not valid =?base64?…?= text";
  if (named !== value) return `params.${field} is "${value.slice(0, 100)}" but Mcp-Name names "${named.slice(0, 100)}"`;
  return null;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header value, or the UTF-8 text a `=?base64?…?=` value carries (undefined when it is not valid). */
function decodeSentinel(value: string): string | undefined {
  if (!(value.startsWith("=?base64?") && value.endsWith("?="))) return value;
  const b64 = value.slice("=?base64?".length, -2);
  if (!BASE64.test(b64)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}
