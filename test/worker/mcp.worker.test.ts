/**
 * /mcp, driven by the official MCP client (Client + StreamableHTTPClientTransport) over the worker's
 * fetch: the handshake, tools with good and bad arguments, resources and their pages, the HTTP
 * rules (Origin, CORS preflight, body size, methods) and KV failing (never a 5xx).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTEXTUAL_FACET_FILTERS } from "../../client/contracts/search";
import { NETWORKS_FILE } from "../../client/contracts/networks";
import { kvKeys } from "../../client/contracts/page";
import type { ManifestRoot } from "../../client/contracts/stored-manifest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { build, putBlob, putVariant, seedFixture } from "./seed";

const BASE = "https://docs.example.test";
const MCP = `${BASE}/mcp`;

/** A small API document in the shape the build stores (/api/node/openapi.json). */
const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "Node API", version: "1.0.0" },
  servers: [{ url: "https://node.example.test/v1" }],
  paths: {
    "/accounts/{address}": {
      get: {
        operationId: "get_account",
        summary: "Get account",
        parameters: [{ name: "address", in: "path", required: true, schema: { $ref: "#/components/schemas/Address" } }],
        responses: {
          "200": {
            description: "The account",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/AccountData" },
                example: { sequence_number: "7", authentication_key: "0x01" },
              },
            },
          },
        },
      },
    },
    "/": {
      get: { operationId: "get_ledger_info", summary: "Get ledger info", responses: { "200": { description: "ok" } } },
    },
  },
  components: {
    schemas: {
      Address: { type: "string", description: "An account address" },
      AccountData: {
        type: "object",
        properties: { sequence_number: { type: "string" }, authentication_key: { $ref: "#/components/schemas/Hex" } },
      },
      Hex: { type: "string", pattern: "^0x" },
      Unused: { type: "string" },
    },
  },
};
const NETWORKS = {
  networks: [
    { id: "mainnet", name: "Example Mainnet", chainId: 126, rpc: "https://rpc.example.test/v1" },
    {
      id: "testnet",
      name: "Example Testnet (Bardock)",
      chainId: 250,
      rpc: "https://testnet.example.test/v1",
      faucet: "https://faucet.example.test/",
      indexer: "https://indexer.example.test/v1/graphql",
      explorer: "https://explorer.example.test/?network=testnet",
    },
  ],
};
const ACCOUNT_TWIN = "# Get account\n\nReturns the account's sequence number and authentication key.\n";
/** Longer than one tool answer (50,000 characters). */
const BIG_TWIN = `# Big page\n\n${Array.from({ length: 3000 }, (_, i) => `Line ${i} of the big page.`).join("\n")}\n`;
/** Enough extra pages that resources/list needs more than one call. */
const EXTRA_ROUTES = Array.from({ length: 60 }, (_, i) => `/learn/extra/page-${String(i).padStart(2, "0")}`);

let manifest: ManifestRoot;

beforeAll(async () => {
  await seedFixture();
  const [openapi, networks, account, big, extra] = await Promise.all([
    putBlob(JSON.stringify(OPENAPI)),
    putBlob(JSON.stringify(NETWORKS)),
    putBlob(ACCOUNT_TWIN),
    putBlob(BIG_TWIN),
    putBlob("# Extra\n\nAn extra page.\n"),
  ]);
  // Pages without a record of their own: only their Markdown twins are read.
  const page = (title: string, twin: string) => ({ title, description: "", sidebar: null, page: "mcp-none", twin });
  manifest = await putVariant("mcp000000001", {
    routes: {
      "/api/node/get-account": page("Get account", account),
      "/big": page("Big page", big),
      ...Object.fromEntries(EXTRA_ROUTES.map((r) => [r, page(`Extra ${r}`, extra)])),
    },
    files: { "/api/node/openapi.json": openapi, [NETWORKS_FILE]: networks },
  });
  await env.CONTENT.put(kvKeys.searchIndex(manifest.buildId), JSON.stringify(build.searchIndex));
  await env.CONTENT.put(kvKeys.channel("production"), manifest.buildId);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The worker with `overrides` on its bindings. */
async function workerFetch(request: Request, overrides: Partial<Env> = {}): Promise<Response> {
  if (!Object.keys(overrides).length) return SELF.fetch(request);
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** An MCP client connected to the worker; `statuses` collects every HTTP status it saw. */
async function connect(overrides: Partial<Env> = {}) {
  const statuses: number[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(MCP), {
    fetch: async (url, init) => {
      const res = await workerFetch(new Request(url, init), overrides);
      statuses.push(res.status);
      return res;
    },
  });
  const client = new Client(
    { name: "test", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  await client.connect(transport);
  return { client, statuses };
}

const textOf = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { text: textOf(r), isError: r.isError === true };
}

const twin = async (path: string) => (await SELF.fetch(`${BASE}${path}`)).text();

/** A raw JSON-RPC POST, as a client without the SDK sends it. */
const post = (body: string, headers: Record<string, string> = {}) =>
  SELF.fetch(MCP, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });

describe("the MCP handshake", () => {
  it("initializes and names the server, its tools and instructions", async () => {
    const { client } = await connect();
    expect(client.getServerVersion()?.name).toBe("movement-docs");
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toContain("search_docs");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_docs",
      "get_page",
      "list_api_operations",
      "get_api_operation",
      "get_network_info",
    ]);
    const search = tools.find((t) => t.name === "search_docs")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(search.annotations?.readOnlyHint).toBe(true);
  });
});

describe("tools", () => {
  it("search_docs finds pages with absolute URLs and snippets, by section too", async () => {
    const { client } = await connect();
    const found = await call(client, "search_docs", { query: "alpha" });
    expect(found.isError).toBe(false);
    expect(found.text).toMatch(/^\d+ results for "alpha"/);
    expect(found.text).toContain(`${BASE}/learn/Basics/alpha`);
    // The same hits in the same order as the site's own search endpoint.
    const { indexName } = manifest.config.search;
    const site = await SELF.fetch(`${BASE}/1/indexes/${indexName}/query`, {
      method: "POST",
      body: JSON.stringify({ query: "alpha", hitsPerPage: 10, facetFilters: CONTEXTUAL_FACET_FILTERS }),
    });
    const hits = ((await site.json()) as { hits: { url: string }[] }).hits.map((h) => h.url);
    expect(hits.length).toBeGreaterThan(0);
    expect(
      found.text
        .split("\n")
        .filter((l) => l.startsWith("   https://"))
        .map((l) => l.trim()),
    ).toEqual(hits);
    const build = await call(client, "search_docs", { query: "alpha", section: "Build" });
    expect(build.text).not.toContain("/learn/");
    const none = await call(client, "search_docs", { query: "zzzqqqxxx" });
    expect(none).toEqual({ text: 'No results for "zzzqqqxxx".', isError: false });
  });

  it("search_docs refuses bad arguments with a readable tool error", async () => {
    const { client } = await connect();
    const noQuery = await call(client, "search_docs", {});
    expect(noQuery.isError).toBe(true);
    expect(noQuery.text).toContain("Invalid arguments for search_docs");
    expect(noQuery.text).toContain("query");
    expect((await call(client, "search_docs", { query: 5 })).isError).toBe(true);
    expect((await call(client, "search_docs", { query: "a", limit: 500 })).isError).toBe(true);
    const section = await call(client, "search_docs", { query: "alpha", section: "Nowhere" });
    expect(section).toEqual({
      text: expect.stringContaining('Unknown section "Nowhere". The sections are: Learn, Build'),
      isError: true,
    });
  });

  it("get_page returns the page's Markdown twin by path or URL", async () => {
    const { client } = await connect();
    const md = await twin("/learn/Basics/alpha.md");
    expect(md).toMatch(/^# Alpha Page/);
    expect(await call(client, "get_page", { path: "/learn/Basics/alpha" })).toEqual({ text: md, isError: false });
    expect((await call(client, "get_page", { path: `${BASE}/learn/Basics/alpha.md` })).text).toBe(md);
    expect((await call(client, "get_page", { path: "learn/Basics/alpha#heading" })).text).toBe(md);
    const missing = await call(client, "get_page", { path: "/learn/nope" });
    expect(missing).toEqual({ text: expect.stringContaining('No page at "/learn/nope"'), isError: true });
    const elsewhere = await call(client, "get_page", { path: "https://other.example/learn/Basics/alpha" });
    expect(elsewhere.isError).toBe(true);
    expect((await call(client, "get_page", { path: "" })).isError).toBe(true);
  });

  it("cuts a long answer at 50,000 characters and says how to get the rest", async () => {
    const { client } = await connect();
    const first = await call(client, "get_page", { path: "/big" });
    const [head, note] = first.text.split("\n\n[Cut at 50000 characters");
    expect(head).toHaveLength(50_000);
    expect(note).toContain(`of ${BIG_TWIN.length}. For the rest, call get_page with path "/big" and offset 50000.]`);
    const second = await call(client, "get_page", { path: "/big", offset: 50_000 });
    expect(second.isError).toBe(false);
    expect(head! + second.text).toBe(BIG_TWIN);
    const past = await call(client, "get_page", { path: "/big", offset: 10_000_000 });
    expect(past.isError).toBe(true);
  });

  it("lists the API's operations and describes one as Markdown plus its OpenAPI JSON", async () => {
    const { client } = await connect();
    const list = await call(client, "list_api_operations", {});
    expect(list.text).toContain("2 operations; base URL https://node.example.test/v1");
    expect(list.text).toContain("- `get_account`: GET /accounts/{address} (Get account)");
    const op = await call(client, "get_api_operation", { operationId: "get_account" });
    expect(op.isError).toBe(false);
    expect(op.text).toContain(`Page: ${BASE}/api/node/get-account`);
    expect(op.text).toContain(ACCOUNT_TWIN.trimEnd());
    const json = JSON.parse(/```json\n([\s\S]*)\n```$/.exec(op.text)![1]!);
    expect(json).toMatchObject({ operationId: "get_account", method: "GET", path: "/accounts/{address}" });
    expect(json.operation.responses["200"].content["application/json"].example).toEqual({
      sequence_number: "7",
      authentication_key: "0x01",
    });
    expect(Object.keys(json.components.schemas).sort()).toEqual(["AccountData", "Address", "Hex"]);
    const unknown = await call(client, "get_api_operation", { operationId: "nope" });
    expect(unknown).toEqual({ text: expect.stringContaining('Unknown operationId "nope"'), isError: true });
    expect((await call(client, "get_api_operation", {})).isError).toBe(true);
  });

  it("get_network_info gives a network's chain ID and endpoints", async () => {
    const { client } = await connect();
    const testnet = await call(client, "get_network_info", { network: "testnet" });
    expect(testnet.text).toContain("# Example Testnet (Bardock) (testnet)");
    expect(testnet.text).toContain("- Chain ID: 250");
    expect(testnet.text).toContain("- REST/RPC: https://testnet.example.test/v1");
    expect(testnet.text).toContain("- Faucet endpoint (API and CLI): https://faucet.example.test/");
    expect(testnet.text).toContain("- Indexer (GraphQL): https://indexer.example.test/v1/graphql");
    expect((await call(client, "get_network_info", { network: "Bardock" })).text).toBe(testnet.text);
    const mainnet = await call(client, "get_network_info", { network: "mainnet" });
    expect(mainnet.text).not.toContain("Faucet");
    const unknown = await call(client, "get_network_info", { network: "moonnet" });
    expect(unknown).toEqual({
      text: 'Unknown network "moonnet". The networks are: mainnet (Example Mainnet), testnet (Example Testnet (Bardock))',
      isError: true,
    });
  });

  it("answers an unknown tool and an unknown method with JSON-RPC errors", async () => {
    const { client } = await connect();
    const unknownTool = await client.callTool({ name: "delete_everything", arguments: {} }).catch((e: unknown) => e);
    expect(unknownTool).toBeInstanceOf(McpError);
    expect((unknownTool as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((unknownTool as McpError).message).toContain('Unknown tool "delete_everything"');
    const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method", params: {} }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: ErrorCode.MethodNotFound } });
  });
});

describe("resources", () => {
  it("lists every page in pages joined by cursors, and reads one by URL or docs:// URI", async () => {
    const { client } = await connect();
    const first = await client.listResources();
    expect(first.resources).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    const uris = first.resources.map((r) => r.uri);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await client.listResources({ cursor });
      uris.push(...next.resources.map((r) => r.uri));
      cursor = next.nextCursor;
    }
    expect(uris.sort()).toEqual(
      [...Object.keys(build.manifest.routes), "/api/node/get-account", "/big", ...EXTRA_ROUTES]
        .map((r) => `${BASE}${r}`)
        .sort(),
    );
    const alpha = first.resources.find((r) => r.uri === `${BASE}/learn/Basics/alpha`)!;
    expect(alpha).toMatchObject({ title: "Alpha Page", mimeType: "text/markdown" });

    const md = await twin("/learn/Basics/alpha.md");
    const read = await client.readResource({ uri: alpha.uri });
    expect(read.contents).toEqual([{ uri: alpha.uri, mimeType: "text/markdown", text: md }]);
    const byRoute = await client.readResource({ uri: "docs:///learn/Basics/alpha" });
    expect((byRoute.contents[0] as { text: string }).text).toBe(md);
    const missing = await client.readResource({ uri: `${BASE}/nope` }).catch((e: unknown) => e);
    expect((missing as McpError).code).toBe(-32002);
    const badCursor = await client.listResources({ cursor: "not a cursor" }).catch((e: unknown) => e);
    expect((badCursor as McpError).code).toBe(ErrorCode.InvalidParams);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe("docs://{+route}");
  });
});

describe("HTTP rules", () => {
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });

  it("accepts no Origin and the site's own, refuses others with 403", async () => {
    expect((await post(initialize)).status).toBe(200);
    const own = await post(initialize, { Origin: BASE });
    expect(own.status).toBe(200);
    expect(own.headers.get("Access-Control-Allow-Origin")).toBe(BASE);
    const other = await post(initialize, { Origin: "https://evil.example" });
    expect(other.status).toBe(403);
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await other.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { message: expect.stringContaining("not allowed") },
    });
  });

  it("answers a CORS preflight from the site's origin only", async () => {
    const preflight = (origin: string) =>
      SELF.fetch(MCP, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, mcp-protocol-version",
        },
      });
    const ok = await preflight(BASE);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe(BASE);
    expect(ok.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(ok.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("mcp-protocol-version");
    expect((await preflight("https://evil.example")).status).toBe(403);
  });

  it("refuses a body over 64 KB with 413, and GET or DELETE with 405", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(70_000) } });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { message: "the body is larger than 65536 bytes" } });
    for (const method of ["GET", "DELETE"]) {
      const r = await SELF.fetch(MCP, { method, headers: { Accept: "text/event-stream" } });
      expect(r.status).toBe(405);
      expect(r.headers.get("Allow")).toBe("POST, OPTIONS");
    }
  });
});

describe("KV failing", () => {
  /** The real KV, except that reads of keys matching `failing` reject. */
  const kvFailingOn = (failing: RegExp) =>
    ({
      get: (key: string, options?: unknown) =>
        failing.test(key) ? Promise.reject(new Error("KV is down")) : env.CONTENT.get(key, options as never),
    }) as unknown as KVNamespace;

  it("turns a failed read into a tool error or a JSON-RPC error, never a 5xx", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, statuses } = await connect({ CONTENT: kvFailingOn(/^channel\//) });
    const searched = await call(client, "search_docs", { query: "alpha" });
    expect(searched).toEqual({
      text: "The documentation cannot be read right now; try again in a few seconds.",
      isError: true,
    });
    expect((await call(client, "get_page", { path: "/learn/Basics/alpha" })).isError).toBe(true);
    const listed = await client.listResources().catch((e: unknown) => e);
    expect((listed as McpError).code).toBe(ErrorCode.InternalError);
    expect(statuses.every((s) => s < 500)).toBe(true);

    const blobs = await connect({ CONTENT: kvFailingOn(/^blob\//) });
    const page = await call(blobs.client, "get_page", { path: "/learn/Basics/alpha" });
    expect(page.isError).toBe(true);
    expect(blobs.statuses.every((s) => s < 500)).toBe(true);
  });
});
