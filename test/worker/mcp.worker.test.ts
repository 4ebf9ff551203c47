/**
 * /mcp's tools and resources, driven by the official v1 client (2025-11-25) over the worker's
 * fetch: search folded by page, pages and their sections, the node API, the network table, page
 * resources, and failures (bad arguments, unknown tools, KV down: never a 5xx).
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTEXTUAL_FACET_FILTERS } from "../../common/search";
import {
  ACCOUNT_TWIN,
  BASE,
  BIG_TWIN,
  call,
  connectLegacy,
  EXTRA_ROUTES,
  manifest,
  post,
  seedMcp,
  twin,
} from "./mcp-seed";
import { build } from "./seed";

beforeAll(seedMcp);
afterEach(() => {
  vi.restoreAllMocks();
});

describe("tools", () => {
  it("lists the tools with their input schemas, read-only but for the report of a question the docs did not answer", async () => {
    const { client } = await connectLegacy();
    expect(client.getServerVersion()?.name).toBe("movement-docs");
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toContain("proof-of-stake");
    expect(client.getInstructions()).not.toMatch(/DA.?Sequencer/i);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_docs",
      "get_page",
      "list_api_operations",
      "get_api_operation",
      "get_network_info",
      "report_docs_gap",
    ]);
    const search = tools.find((t) => t.name === "search_docs")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(search.annotations?.readOnlyHint).toBe(true);
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
    expect(readOnly).toHaveLength(5);
    expect(tools.find((t) => t.name === "report_docs_gap")!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(JSON.stringify(tools)).not.toMatch(/DA.?Sequencer/i);
  });

  it("search_docs answers one result per page, with its sections folded in, each with a URL and a snippet", async () => {
    const { client } = await connectLegacy();
    const found = await call(client, "search_docs", { query: "alpha" });
    expect(found.isError).toBe(false);
    expect(found.text).toMatch(/^\d+ pages? for "alpha":/);
    // The site's own search endpoint, for the same query: the pages of its hits, in order.
    const { indexName } = manifest.config.search;
    const site = await SELF.fetch(`${BASE}/1/indexes/${indexName}/query`, {
      method: "POST",
      body: JSON.stringify({ query: "alpha", hitsPerPage: 40, facetFilters: CONTEXTUAL_FACET_FILTERS }),
    });
    const hits = ((await site.json()) as { hits: { url: string }[] }).hits.map((h) => new URL(h.url, BASE).pathname);
    const pages = [...new Set(hits)].slice(0, 5).map((p) => `${BASE}${p}`);
    const results = (
      found.structured as {
        results: { url: string; snippet?: string; sections: { url: string; snippet?: string }[] }[];
      }
    ).results;
    expect(results.map((r) => r.url)).toEqual(pages);
    // Each page once; every result line starts with its URL; every section carries a snippet.
    const pageLines = found.text.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(pageLines.map((l) => l.replace(/^\d+\. (\S+).*/, "$1"))).toEqual(pages);
    for (const r of results) {
      for (const s of r.sections) {
        expect(s.url.startsWith(`${r.url}#`)).toBe(true);
        expect(s.snippet, s.url).toBeTruthy();
        expect(found.text).toContain(`   - ${s.url} `);
      }
    }
    const build_ = await call(client, "search_docs", { query: "alpha", section: "Build" });
    expect(build_.text).not.toContain("/learn/");
    const none = await call(client, "search_docs", { query: "zzzqqqxxx" });
    expect(none).toMatchObject({ text: 'No results for "zzzqqqxxx".', isError: false });
  });

  it("refuses bad arguments with a readable tool error, naming the argument", async () => {
    const { client } = await connectLegacy();
    const noQuery = await call(client, "search_docs", {});
    expect(noQuery.isError).toBe(true);
    expect(noQuery.text).toMatch(/^Invalid arguments for search_docs:\n.*query/s);
    expect(noQuery.text).not.toContain("MCP error");
    expect((await call(client, "search_docs", { query: 5 })).isError).toBe(true);
    expect((await call(client, "search_docs", { query: "a", limit: 500 })).isError).toBe(true);
    expect((await call(client, "get_page", { path: "/big", extra: 1 })).text).toContain("extra");
    const section = await call(client, "search_docs", { query: "alpha", section: "Nowhere" });
    expect(section).toMatchObject({
      text: expect.stringContaining('Unknown section "Nowhere". The sections are: Learn, Build'),
      isError: true,
    });
  });

  it("get_page returns the page's twin after its URL, by path, URL or twin URL", async () => {
    const { client } = await connectLegacy();
    const md = await twin("/learn/Basics/alpha.md");
    expect(md).toMatch(/^> Markdown version of <[^>]+\/learn\/Basics\/alpha>\. .*\n\n# Alpha Page/);
    const page = await call(client, "get_page", { path: "/learn/Basics/alpha" });
    expect(page).toMatchObject({ text: `${BASE}/learn/Basics/alpha\n\n${md}`, isError: false });
    expect((await call(client, "get_page", { path: `${BASE}/learn/Basics/alpha.md` })).text).toBe(page.text);
    expect((await call(client, "get_page", { path: "learn/Basics/alpha?x=1" })).text).toBe(page.text);
    const missing = await call(client, "get_page", { path: "/learn/nope" });
    expect(missing).toMatchObject({ text: expect.stringContaining('No page at "/learn/nope"'), isError: true });
    expect((await call(client, "get_page", { path: "https://other.example/learn/Basics/alpha" })).isError).toBe(true);
    expect((await call(client, "get_page", { path: "" })).isError).toBe(true);
  });

  it("get_page returns one section for a #anchor or a section argument, and lists the sections", async () => {
    const { client } = await connectLegacy();
    // Ids from the page record's table of contents (API pages set their own), not slugs of the headings.
    const ok = await call(client, "get_page", { path: `${BASE}/api/node/get-account#response-200` });
    expect(ok.text).toBe(
      `${BASE}/api/node/get-account#response-200\n\n${ACCOUNT_TWIN.slice(ACCOUNT_TWIN.indexOf("### 200 OK"))}`,
    );
    const responses = await call(client, "get_page", { path: "/api/node/get-account", section: "Responses" });
    expect(responses.text).toMatch(
      /^https:\/\/docs\.example\.test\/api\/node\/get-account#responses\n\n## Responses\n/,
    );
    expect(responses.text).toContain("### 200 OK");
    expect(responses.text).not.toContain("## Request");
    // The section argument wins over the path's anchor.
    expect(
      (await call(client, "get_page", { path: "/api/node/get-account#responses", section: "request" })).text,
    ).toContain("GET `/accounts/{address}`");
    const outline = await call(client, "get_page", { path: "/api/node/get-account", outline: true });
    expect(outline.text).toContain("- #request Request (");
    expect(outline.text).toContain("  - #response-200 200 OK (");
    expect(outline.text).not.toContain("not a heading");
    expect(outline.structured).toMatchObject({
      url: `${BASE}/api/node/get-account`,
      sections: [{ anchor: "request" }, { anchor: "responses" }, { anchor: "response-200", depth: 3 }],
    });
    const nope = await call(client, "get_page", { path: "/api/node/get-account#nowhere" });
    expect(nope).toMatchObject({
      isError: true,
      text: expect.stringContaining("Its sections: request, responses, response-200"),
    });
    // A page without a table of contents of its own: its headings' slugs.
    const md = await twin("/learn/Basics/alpha.md");
    const heading = /^## (.+)$/m.exec(md)![1]!;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} -]/gu, "")
      .replace(/ /g, "-");
    expect((await call(client, "get_page", { path: `/learn/Basics/alpha#${slug}` })).text).toContain(`## ${heading}`);
  });

  it("cuts a long page where the request's budget ends and says how to get the rest", async () => {
    const { client } = await connectLegacy();
    const first = await call(client, "get_page", { path: "/big" });
    const [head, note] = first.text.split("\n\n[Cut: ");
    expect(note).toMatch(
      /^this is characters 0-(\d+) of (\d+)\. For the rest, call get_page with path "\/big" and offset \1/,
    );
    const end = Number(/characters 0-(\d+)/.exec(note!)![1]);
    expect(head).toBe(`${BASE}/big\n\n${BIG_TWIN.slice(0, end)}`);
    const parts = [BIG_TWIN.slice(0, end)];
    let offset = end;
    while (offset < BIG_TWIN.length) {
      const next = await call(client, "get_page", { path: "/big", offset });
      expect(next.isError).toBe(false);
      const body = next.text.slice(`${BASE}/big\n\n`.length).split("\n\n[Cut: ")[0]!;
      parts.push(body);
      offset += body.length;
    }
    expect(parts.join("")).toBe(BIG_TWIN);
    expect((await call(client, "get_page", { path: "/big", offset: 10_000_000 })).isError).toBe(true);
  });

  it("describes an operation by its page's Markdown, and by compact OpenAPI JSON on request", async () => {
    const { client } = await connectLegacy();
    const list = await call(client, "list_api_operations", {});
    expect(list.text).toContain("2 operations; base URL https://node.example.test/v1");
    expect(list.text).toContain("- get_account: GET /accounts/{address} (Get account)");
    expect(list.structured).toMatchObject({
      servers: ["https://node.example.test/v1"],
      operations: [{ operationId: "get_account" }, { operationId: "get_ledger_info" }],
    });
    const op = await call(client, "get_api_operation", { operationId: "get_account" });
    expect(op).toMatchObject({ isError: false, text: `${BASE}/api/node/get-account\n\n${ACCOUNT_TWIN}` });
    const json = await call(client, "get_api_operation", { operationId: "get_account", format: "openapi" });
    const [url, body] = json.text.split("\n\n");
    expect(url).toBe(`${BASE}/api/node/get-account`);
    expect(body).not.toContain("\n");
    const doc = JSON.parse(body!);
    expect(doc).toMatchObject({ operationId: "get_account", method: "GET", path: "/accounts/{address}" });
    expect(doc.operation.responses["200"].content["application/json"].example).toEqual({
      sequence_number: "7",
      authentication_key: "0x01",
    });
    expect(Object.keys(doc.components.schemas).sort()).toEqual(["AccountData", "Address", "Hex"]);
    const unknown = await call(client, "get_api_operation", { operationId: "nope" });
    expect(unknown).toMatchObject({ text: expect.stringContaining('Unknown operationId "nope"'), isError: true });
    expect((await call(client, "get_api_operation", {})).isError).toBe(true);
    expect((await call(client, "get_api_operation", { operationId: "get_account", format: "yaml" })).isError).toBe(
      true,
    );
  });

  it("get_network_info gives one network's facts, and names the networks when a word names none or several", async () => {
    const { client } = await connectLegacy();
    const testnet = await call(client, "get_network_info", { network: "testnet" });
    expect(testnet.text).toBe(
      [
        `${BASE}/networks.json`,
        "",
        "# Example Testnet (Bardock) (testnet)",
        "- Chain ID: 250",
        "- REST/RPC: https://testnet.example.test/v1",
        "- Faucet endpoint (API and CLI): https://faucet.example.test/",
        "- Indexer (GraphQL): https://indexer.example.test/v1/graphql",
        "- Explorer: https://explorer.example.test/?network=testnet",
      ].join("\n"),
    );
    expect(testnet.structured).toMatchObject({ id: "testnet", chainId: 250, faucet: "https://faucet.example.test/" });
    expect((await call(client, "get_network_info", { network: "Bardock" })).text).toBe(testnet.text);
    const mainnet = await call(client, "get_network_info", { network: "mainnet" });
    expect(mainnet.text).not.toContain("Faucet");
    // The earlier design's DA-Sequencer is not offered as a current endpoint.
    expect(JSON.stringify(mainnet)).not.toContain("da.example.test");
    // "example" is in every network's name: it names none of them, and nothing is returned silently.
    for (const network of ["example", "moonnet"])
      expect(await call(client, "get_network_info", { network })).toMatchObject({
        text: `No single network is called "${network}". The networks are: mainnet (Example Mainnet), testnet (Example Testnet (Bardock))`,
        isError: true,
      });
  });

  it("answers an unknown tool and bad tools/call params with -32602, the message not prefixed twice", async () => {
    const { client } = await connectLegacy();
    const unknownTool = await client.callTool({ name: "delete_everything", arguments: {} }).catch((e: unknown) => e);
    expect(unknownTool).toBeInstanceOf(McpError);
    expect((unknownTool as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((unknownTool as McpError).message).toBe(
      'MCP error -32602: Unknown tool "delete_everything". The tools are: search_docs, get_page, list_api_operations, get_api_operation, get_network_info, report_docs_gap',
    );
    for (const args of [[1, 2], null, "x"]) {
      const res = await post(
        JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "get_page", arguments: args } }),
        { "MCP-Protocol-Version": "2025-11-25" },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32602, message: "The arguments of get_page must be an object of named arguments" },
      });
    }
    const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method", params: {} }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: ErrorCode.MethodNotFound } });
  });
});

describe("resources", () => {
  it("lists every page in pages joined by cursors, and reads one by URL or docs:// URI", async () => {
    const { client } = await connectLegacy();
    const first = await client.listResources();
    expect(first.resources.length).toBeGreaterThan(0);
    expect(first.resources.length).toBeLessThanOrEqual(50);
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
    const alpha = (await client.listResources()).resources.find((r) => r.uri === `${BASE}/learn/Basics/alpha`)!;
    expect(alpha).toMatchObject({ title: "Alpha Page", mimeType: "text/markdown" });

    const md = await twin("/learn/Basics/alpha.md");
    const read = await client.readResource({ uri: alpha.uri });
    expect(read.contents).toEqual([{ uri: alpha.uri, mimeType: "text/markdown", text: md }]);
    const byRoute = await client.readResource({ uri: "docs:///learn/Basics/alpha" });
    expect((byRoute.contents[0] as { text: string }).text).toBe(md);
    const big = await client.readResource({ uri: `${BASE}/big` });
    expect((big.contents[0] as { text: string }).text).toMatch(
      /\[Cut: this is characters 0-\d+ of \d+\. For the rest, call the tool get_page with path "\/big" and offset \d+\.\]$/,
    );
    const missing = await client.readResource({ uri: `${BASE}/nope` }).catch((e: unknown) => e);
    expect((missing as McpError).code).toBe(-32002);
    const badCursor = await client.listResources({ cursor: "not a cursor" }).catch((e: unknown) => e);
    expect((badCursor as McpError).code).toBe(ErrorCode.InvalidParams);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe("docs://{+route}");
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
    const { client, statuses } = await connectLegacy({ overrides: { CONTENT: kvFailingOn(/^channel\//) } });
    const searched = await call(client, "search_docs", { query: "alpha" });
    expect(searched).toMatchObject({
      text: "The documentation cannot be read right now; try again in a few seconds.",
      isError: true,
    });
    expect((await call(client, "get_page", { path: "/learn/Basics/alpha" })).isError).toBe(true);
    const listed = await client.listResources().catch((e: unknown) => e);
    expect((listed as McpError).code).toBe(ErrorCode.InternalError);
    expect(statuses.every((s) => s < 500)).toBe(true);

    const blobs = await connectLegacy({ overrides: { CONTENT: kvFailingOn(/^blob\//) } });
    const page = await call(blobs.client, "get_page", { path: "/learn/Basics/alpha" });
    expect(page.isError).toBe(true);
    expect(blobs.statuses.every((s) => s < 500)).toBe(true);
  });
});
