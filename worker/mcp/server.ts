/**
 * The MCP server of one request (stateless: a server and transport per POST, JSON responses, no
 * session): tools (tools/) and a resource per page of the live build. Loaded by index.ts with
 * import() so only /mcp evaluates the SDK.
 *
 * Failures never become a 5xx: bad tool arguments and content that cannot be read are tool results
 * with `isError: true`; an unknown tool, a bad cursor or an unknown resource is a JSON-RPC error.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import * as z from "zod";
import { MCP_SERVER_NAME } from "../../client/contracts/mcp";
import { ContentUnavailable, type ContentStore } from "../content-store";
import { log } from "../log";
import { LiveDocs, ToolFailure } from "./live-docs";
import { TOOLS } from "./tools";

/** resources/list returns this many pages per call; `nextCursor` leads to the next ones. */
export const RESOURCES_PER_PAGE = 50;
/** MCP's "resource not found" error code. */
const RESOURCE_NOT_FOUND = -32002;

const UNAVAILABLE = "The documentation cannot be read right now; try again in a few seconds.";

const INSTRUCTIONS =
  "Read-only access to this documentation site: search it (search_docs), read any page as Markdown (get_page, or the resources), browse the node REST API (list_api_operations, get_api_operation) and look up a network's chain ID and endpoints (get_network_info).";

const toolList = () =>
  TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object" },
    annotations: { title: t.title, readOnlyHint: true, openWorldHint: false },
  }));

async function callTool(docs: LiveDocs, name: string, args: unknown): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown tool "${name}". The tools are: ${TOOLS.map((t) => t.name).join(", ")}`,
    );
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return toolError(`Invalid arguments for ${name}:\n${z.prettifyError(parsed.error)}`);
  try {
    return { content: [{ type: "text", text: await tool.run(parsed.data, docs) }] };
  } catch (e) {
    if (e instanceof ToolFailure) return toolError(e.message);
    log.error("mcp_tool_failed", { tool: name, error: e });
    return toolError(e instanceof ContentUnavailable ? UNAVAILABLE : `${name} failed; try again later.`);
  }
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

/** Content errors of resources/list and resources/read as JSON-RPC errors. */
async function asRpc<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof McpError) throw e;
    if (e instanceof ToolFailure) throw new McpError(RESOURCE_NOT_FOUND, e.message);
    log.error("mcp_resources_failed", { what, error: e });
    throw new McpError(ErrorCode.InternalError, e instanceof ContentUnavailable ? UNAVAILABLE : `${what} failed`);
  }
}

function cursorOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,7}$/.test(cursor)) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor "${cursor.slice(0, 50)}"`);
  return Number(cursor);
}

function createServer(docs: LiveDocs): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: "1.0.0" },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(docs, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    asRpc("resources/list", async () => {
      const start = cursorOffset(request.params?.cursor);
      const { manifest } = await docs.build();
      const site = await docs.siteUrl();
      const routes = await manifest.allRoutes();
      const end = start + RESOURCES_PER_PAGE;
      return {
        resources: routes.slice(start, end).map(([route, entry]) => ({
          uri: `${site}${route}`,
          name: route,
          title: entry.title,
          ...(entry.description ? { description: entry.description } : {}),
          mimeType: "text/markdown",
        })),
        ...(end < routes.length ? { nextCursor: String(end) } : {}),
      };
    }),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: "docs://{+route}",
        name: "page",
        title: "A docs page by route",
        description: "Any page of the site as Markdown, by its route, e.g. docs:///devs/faq",
        mimeType: "text/markdown",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    asRpc("resources/read", async () => {
      const uri = request.params.uri;
      const route = await docs.routeOf(uri);
      return { contents: [{ uri, mimeType: "text/markdown", text: await docs.markdown(route) }] };
    }),
  );
  return server;
}

/** Answers one POST to /mcp. */
export async function handleMcpRequest(request: Request, store: ContentStore): Promise<Response> {
  const server = createServer(new LiveDocs(store));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}
