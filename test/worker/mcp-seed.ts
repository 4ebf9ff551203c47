/**
 * What the MCP worker tests share: a build variant with an API document, a network table and a
 * few pages of their own (seeded once per test file), the worker's fetch with bindings
 * overridden, and the official clients of both protocol eras connected to it.
 */
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { NETWORKS_FILE } from "../../common/networks";
import { kvKeys, type PageRecord } from "../../common/page";
import type { ManifestRoot } from "../../common/stored-manifest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { build, putBlob, putVariant, seedFixture } from "./seed";

export const BASE = "https://docs.example.test";
export const MCP = `${BASE}/mcp`;

/** A small API document in the shape the build stores (/api/node/openapi.json). */
export const OPENAPI = {
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
export const NETWORKS = {
  networks: [
    {
      id: "mainnet",
      name: "Example Mainnet",
      chainId: 126,
      rpc: "https://rpc.example.test/v1",
      daSequencer: "https://da.example.test",
    },
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
/** An operation page: its headings carry ids of their own (as the API generator sets them), listed in its record's toc. */
export const ACCOUNT_TWIN = [
  "# Get account",
  "",
  "Returns the account's sequence number and authentication key.",
  "",
  "## Request",
  "",
  "GET `/accounts/{address}`",
  "",
  "## Responses",
  "",
  "### 200 OK",
  "",
  "The account, with `sequence_number`.",
  "",
  "```bash",
  "# not a heading: a comment in a code block",
  "curl https://node.example.test/v1/accounts/0x1",
  "```",
  "",
].join("\n");
const ACCOUNT_TOC = [
  { depth: 2, id: "request", text: "Request" },
  { depth: 2, id: "responses", text: "Responses" },
  { depth: 3, id: "response-200", text: "200 OK" },
] as const;
/** Longer than one tool answer (50,000 characters). */
export const BIG_TWIN = `# Big page\n\n${Array.from({ length: 3000 }, (_, i) => `Line ${i} of the big page.`).join("\n")}\n`;
/** Enough extra pages that resources/list needs more than one call. */
export const EXTRA_ROUTES = Array.from({ length: 60 }, (_, i) => `/learn/extra/page-${String(i).padStart(2, "0")}`);

const record = (
  route: string,
  title: string,
  toc: readonly { depth: 2 | 3; id: string; text: string }[] = [],
): PageRecord => ({
  route,
  title,
  description: "",
  sidebar: null,
  breadcrumbs: [],
  prev: null,
  next: null,
  toc: [...toc],
  hasTitleHeading: true,
  editUrl: null,
  tree: [],
});

export let manifest: ManifestRoot;

/** Seeds the fixture build and the MCP variant, and makes the variant live. */
export async function seedMcp(): Promise<void> {
  await seedFixture();
  // Stored under their real digests: the worker checks a file against its digest before serving it.
  const openapi = await putBlob(JSON.stringify(OPENAPI));
  const networks = await putBlob(JSON.stringify(NETWORKS));
  const account = await putBlob(ACCOUNT_TWIN);
  const accountRecord = await putBlob(JSON.stringify(record("/api/node/get-account", "Get account", ACCOUNT_TOC)));
  const big = await putBlob(BIG_TWIN);
  const bigRecord = await putBlob(JSON.stringify(record("/big", "Big page")));
  const extra = await putBlob("# Extra\n\nAn extra page.\n");
  const extraRecord = await putBlob(JSON.stringify(record("/learn/extra", "Extra")));
  const page = (title: string, twin: string, pageRecord: string) => ({
    title,
    description: `About ${title}`,
    sidebar: null,
    page: pageRecord,
    twin,
  });
  manifest = await putVariant("mcp000000001", {
    routes: {
      "/api/node/get-account": page("Get account", account, accountRecord),
      "/big": page("Big page", big, bigRecord),
      ...Object.fromEntries(EXTRA_ROUTES.map((r) => [r, page(`Extra ${r}`, extra, extraRecord)])),
    },
    files: { "/api/node/openapi.json": openapi, [NETWORKS_FILE]: networks },
  });
  await env.CONTENT.put(kvKeys.searchIndex(manifest.buildId), JSON.stringify(build.searchIndex));
  await env.CONTENT.put(kvKeys.channel("production"), manifest.buildId);
}

/** The worker with `overrides` on its bindings. */
export async function workerFetch(request: Request, overrides: Partial<Env> = {}): Promise<Response> {
  if (!Object.keys(overrides).length) return SELF.fetch(request);
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A fetch into the worker that records every HTTP status it saw. */
export function recordingFetch(overrides: Partial<Env> = {}, rewrite?: (init: RequestInit) => RequestInit) {
  const statuses: number[] = [];
  const fetch = async (url: string | URL, init?: RequestInit) => {
    const res = await workerFetch(new Request(url, rewrite && init ? rewrite(init) : init), overrides);
    statuses.push(res.status);
    return res;
  };
  return { fetch, statuses };
}

/**
 * The v1 SDK's client (2025 revisions). It asks for 2025-11-25; `version` rewrites its initialize
 * request to ask for an older revision, which it then speaks (it supports them all).
 */
export async function connectLegacy(options: { overrides?: Partial<Env>; version?: string } = {}) {
  const { version } = options;
  const rewrite = version
    ? (init: RequestInit) => {
        const body =
          typeof init.body === "string"
            ? (JSON.parse(init.body) as { method?: string; params?: Record<string, unknown> })
            : null;
        if (body?.method !== "initialize") return init;
        return { ...init, body: JSON.stringify({ ...body, params: { ...body.params, protocolVersion: version } }) };
      }
    : undefined;
  const { fetch, statuses } = recordingFetch(options.overrides, rewrite);
  const transport = new LegacyTransport(new URL(MCP), { fetch });
  const client = new LegacyClient(
    { name: "test", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  await client.connect(transport);
  return { client, statuses, transport };
}

/** The v2 SDK's client pinned to 2026-07-28 (`mode: "auto"` negotiates instead). */
export async function connectModern(
  mode: "auto" | "legacy" | { pin: string } = { pin: "2026-07-28" },
  overrides: Partial<Env> = {},
) {
  const { fetch, statuses } = recordingFetch(overrides);
  const client = new ModernClient({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode } });
  await client.connect(new ModernTransport(new URL(MCP), { fetch }));
  return { client, statuses };
}

export const textOf = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

export async function call(
  client: { callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown> },
  name: string,
  args: Record<string, unknown>,
) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { text: textOf(r), isError: r.isError === true, structured: r.structuredContent };
}

export const twin = async (path: string) => (await SELF.fetch(`${BASE}${path}`)).text();

/** A raw JSON-RPC POST, as a client without an SDK sends it. */
export const post = (body: string, headers: Record<string, string> = {}) =>
  SELF.fetch(MCP, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });

export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
};

/** A 2026-07-28 request as the revision has it: the envelope in `_meta` and the three headers. */
export function modernPost(
  method: string,
  params: Record<string, unknown> = {},
  {
    headers = {},
    meta = ENVELOPE,
    name,
  }: { headers?: Record<string, string | null>; meta?: Record<string, unknown>; name?: string } = {},
) {
  const all: Record<string, string | null> = {
    "MCP-Protocol-Version": "2026-07-28",
    "Mcp-Method": method,
    ...(name === undefined ? {} : { "Mcp-Name": name }),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
  return post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }), sent);
}
