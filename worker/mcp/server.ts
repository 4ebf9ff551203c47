/**
 * The answer to one classified MCP request (index.ts has refused what the wire rules refuse): the
 * SDK's `Server` with the tool registry (tools/) and a resource per page of the live build,
 * reached through a one-exchange transport, and the 2026-07-28 revision's stamps on the way out.
 * Loaded by index.ts with import() so only /mcp requests evaluate the SDK.
 *
 * Failures never become a 5xx: bad tool arguments and content that cannot be read are tool
 * results with `isError: true`; an unknown tool, bad params, a bad cursor or an unknown resource is
 * a JSON-RPC error.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import * as z from "zod";
import { MCP_SERVER_NAME } from "../../common/mcp";
import { ContentUnavailable, type ContentStore } from "../content-store";
import { log } from "../log";
import type { SignalsRecorder } from "../signals/recorder";
import { utf8Length } from "./budget";
import { SERVER_VERSION } from "./card";
import { exchange, type RpcResponse } from "./exchange";
import { LiveDocs, ToolFailure } from "./live-docs";
import { discoverResult, MODERN_METHODS, modernErrorCode, stampResult } from "./modern";
import { jsonResponse, UNAVAILABLE } from "./rpc-error";
import { resourceHandlers } from "./resources";
import { toolDefinitions, toolNamed } from "./tools";
import type { ToolContext } from "./tools/define";
import { PROTOCOL_VERSION_KEY, RpcCode, type JsonRpcRequest } from "./wire";

export const SERVER_IDENTITY = { name: MCP_SERVER_NAME, version: SERVER_VERSION };

const CAPABILITIES = { tools: {}, resources: {} };

export const INSTRUCTIONS =
  "Documentation of Movement, a proof-of-stake Layer 1 (Movement L1) with its own validator set running BFT consensus; public full nodes join a network from the genesis and waypoint files Movement publishes for it. Search the docs (search_docs), read a page or one section as Markdown (get_page), browse the node REST API (list_api_operations, get_api_operation) and look up a network's chain ID and endpoints (get_network_info). When the docs do not answer a question, tell the maintainers with report_docs_gap; every other tool is read-only.";

/** Bytes of an answer that are not the tool's text: the JSON-RPC envelope and the era's stamps. */
const ENVELOPE_BYTES = 1024;

export interface Exchange {
  message: JsonRpcRequest;
  era: "legacy" | "modern";
  store: ContentStore;
  /** The most bytes this answer may have (budget.ts). */
  budget: number;
  /** Where this request's signals go (an agent's searches and reports), or null. */
  signals: SignalsRecorder | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** What is wrong with a request's params that the SDK would answer with a raw validation dump, or null. */
function paramsProblem({ method, params = {} }: JsonRpcRequest): string | null {
  if (method === "tools/call") {
    if (typeof params.name !== "string") return "tools/call needs params.name, the tool's name";
    if (!toolNamed(params.name))
      return `Unknown tool "${params.name.slice(0, 100)}". The tools are: ${toolDefinitions()
        .map((t) => t.name)
        .join(", ")}`;
    if (params.arguments !== undefined && !isObject(params.arguments))
      return `The arguments of ${params.name} must be an object of named arguments`;
  }
  if (method === "resources/read" && typeof params.uri !== "string") return "resources/read needs params.uri, a string";
  if (method.endsWith("/list") && params.cursor !== undefined && typeof params.cursor !== "string")
    return "params.cursor must be a string";
  return null;
}

async function callTool(name: string, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  const tool = toolNamed(name)!;
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return toolError(`Invalid arguments for ${name}:\n${z.prettifyError(parsed.error)}`);
  try {
    const answer = await tool.run(parsed.data, ctx);
    return {
      content: [{ type: "text", text: answer.text }],
      ...(answer.structured === undefined ? {} : { structuredContent: answer.structured }),
    };
  } catch (e) {
    if (e instanceof ToolFailure) return toolError(e.message);
    log.error("mcp_tool_failed", { tool: name, error: e });
    return toolError(e instanceof ContentUnavailable ? UNAVAILABLE : `${name} failed; try again later.`);
  }
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

function createServer(ctx: ToolContext): Server {
  const server = new Server(SERVER_IDENTITY, {
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    // The SDK would otherwise build its ajv validator, which the bundle leaves out (wrangler.toml).
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolDefinitions() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(request.params.name, request.params.arguments, ctx),
  );
  const resources = resourceHandlers(ctx);
  server.setRequestHandler(ListResourcesRequestSchema, (request) => resources.list(request.params?.cursor));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => resources.templates());
  server.setRequestHandler(ReadResourceRequestSchema, (request) => resources.read(request.params.uri));
  return server;
}

/** An answer larger than the budget: a tool result first loses its structuredContent (the text says the same). */
function withinBudget(response: RpcResponse, budget: number, method: string): RpcResponse {
  if (utf8Length(JSON.stringify(response)) <= budget) return response;
  if (response.result && "structuredContent" in response.result) {
    const { structuredContent: _, ...rest } = response.result;
    const smaller = { ...response, result: rest };
    if (utf8Length(JSON.stringify(smaller)) <= budget) return smaller;
  }
  log.error("mcp_answer_over_budget", { method, budget });
  return {
    jsonrpc: "2.0",
    id: response.id,
    error: {
      code: RpcCode.InternalError,
      message: "The answer is larger than this request allows; ask for less (a section, an offset).",
    },
  };
}

/** Answers one request of either era. */
export async function answer({ message, era, store, budget, signals }: Exchange): Promise<Response> {
  const started = Date.now();
  const problem = paramsProblem(message);
  if (era === "modern" && !MODERN_METHODS.has(message.method))
    return jsonResponse(404, {
      jsonrpc: "2.0",
      id: message.id,
      error: { code: RpcCode.MethodNotFound, message: `Method not found: ${message.method.slice(0, 100)}` },
    });
  if (problem)
    return jsonResponse(200, {
      jsonrpc: "2.0",
      id: message.id,
      error: { code: RpcCode.InvalidParams, message: problem },
    });
  const ctx: ToolContext = { docs: new LiveDocs(store), maxTextBytes: budget - ENVELOPE_BYTES, signals };
  let response: RpcResponse =
    era === "modern" && message.method === "server/discover"
      ? { jsonrpc: "2.0", id: message.id, result: discoverResult(CAPABILITIES, INSTRUCTIONS) }
      : await exchange(createServer(ctx), message);
  if (era === "modern") {
    response = response.result
      ? { ...response, result: stampResult(message.method, response.result, SERVER_IDENTITY) }
      : { ...response, error: { ...response.error!, code: modernErrorCode(response.error!.code) } };
  }
  response = withinBudget(response, budget, message.method);
  const body = JSON.stringify(response);
  if (message.method === "tools/call") {
    const meta = message.params?._meta;
    const args = message.params?.arguments;
    log.info("mcp_tool_call", {
      tool: message.params?.name,
      docsVersion: isObject(args) && typeof args.version === "string" ? args.version.slice(0, 64) : "current",
      protocol: era === "modern" && isObject(meta) ? meta[PROTOCOL_VERSION_KEY] : "2025",
      bytes: utf8Length(body),
      ms: Date.now() - started,
      isError: response.error !== undefined || response.result?.isError === true,
    });
  }
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
