/**
 * Both protocol eras on the one endpoint: the official v1 client speaking each 2025 revision
 * (2025-03-26, 2025-06-18, 2025-11-25), the official v2 client pinned to 2026-07-28 and
 * negotiating, and each rule of 2026-07-28 the server checks, by a raw request that breaks it.
 */
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, connectLegacy, connectModern, ENVELOPE, modernPost, post, seedMcp, twin } from "./mcp-seed";

beforeAll(seedMcp);

const SERVER_INFO = { "io.modelcontextprotocol/serverInfo": { name: "movement-docs", version: expect.any(String) } };

describe("the 2025 revisions", () => {
  for (const version of ["2025-03-26", "2025-06-18", "2025-11-25"]) {
    it(`serve the official v1 client speaking ${version}: handshake, tools, resources`, async () => {
      const { client, statuses, transport } = await connectLegacy({ version });
      expect(transport.protocolVersion).toBe(version);
      expect(client.getServerVersion()?.name).toBe("movement-docs");
      expect((await client.listTools()).tools).toHaveLength(6);
      const testnet = await call(client, "get_network_info", { network: "testnet" });
      expect(testnet.text).toContain("- Chain ID: 250");
      const page = await call(client, "get_page", { path: "/learn/Basics/alpha" });
      expect(page.text).toBe(`${BASE}/learn/Basics/alpha\n\n${await twin("/learn/Basics/alpha.md")}`);
      expect((await client.listResources()).resources.length).toBeGreaterThan(0);
      // 405 is the answer to the client's GET for a stream of server messages: there is none.
      expect(new Set(statuses)).toEqual(new Set([200, 202, 405]));
    });
  }

  it("serve the v2 client in its default (2025) mode, and the v1 client asks for the newest 2025 revision", async () => {
    expect(LATEST_PROTOCOL_VERSION).toBe("2025-11-25");
    const { client } = await connectModern("legacy");
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect((await call(client, "get_network_info", { network: "mainnet" })).text).toContain("- Chain ID: 126");
  });

  it("refuse a request naming a revision the server does not speak in MCP-Protocol-Version", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      "MCP-Protocol-Version": "1999-01-01",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      id: 1,
      error: { code: -32600, message: expect.stringContaining("unsupported MCP-Protocol-Version 1999-01-01") },
    });
  });
});

describe("2026-07-28", () => {
  it("serves the official v2 client pinned to 2026-07-28: discover, tools, resources, with cache hints", async () => {
    const { client, statuses } = await connectModern();
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getInstructions()).toContain("search_docs");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_docs",
      "get_page",
      "list_api_operations",
      "get_api_operation",
      "get_network_info",
      "report_docs_gap",
    ]);
    const testnet = await call(client, "get_network_info", { network: "testnet" });
    expect(testnet).toMatchObject({ isError: false, structured: { chainId: 250 } });
    const page = await call(client, "get_page", { path: "/api/node/get-account#responses" });
    expect(page.text).toContain("## Responses");
    const { resources } = await client.listResources();
    const read = await client.readResource({ uri: resources.find((r) => r.uri.endsWith("/learn/Basics/alpha"))!.uri });
    expect((read.contents[0] as { text: string }).text).toBe(await twin("/learn/Basics/alpha.md"));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("is chosen by a v2 client that negotiates", async () => {
    const { client } = await connectModern("auto");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect((await call(client, "search_docs", { query: "alpha" })).isError).toBe(false);
  });

  it("answers server/discover and stamps every result: resultType, the server, and how long lists may be kept", async () => {
    const discover = await modernPost("server/discover");
    expect(discover.status).toBe(200);
    expect(await discover.json()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        supportedVersions: ["2026-07-28"],
        capabilities: { tools: {}, resources: {} },
        instructions: expect.stringContaining("Movement"),
        resultType: "complete",
        ttlMs: 3_600_000,
        cacheScope: "public",
        _meta: SERVER_INFO,
      },
    });
    const tools = (await (await modernPost("tools/list")).json()) as { result: Record<string, unknown> };
    expect(tools.result).toMatchObject({
      resultType: "complete",
      ttlMs: 3_600_000,
      cacheScope: "public",
      _meta: SERVER_INFO,
    });
    const pages = (await (await modernPost("resources/list")).json()) as { result: Record<string, unknown> };
    expect(pages.result).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    const called = (await (
      await modernPost(
        "tools/call",
        { name: "get_network_info", arguments: { network: "mainnet" } },
        { name: "get_network_info" },
      )
    ).json()) as {
      result: Record<string, unknown>;
    };
    expect(called.result).toMatchObject({ resultType: "complete", _meta: SERVER_INFO });
    expect(called.result).not.toHaveProperty("ttlMs");
  });

  it("checks the envelope and the standard headers against the body (400, -32602 / -32022 / -32020)", async () => {
    const cases: [Promise<Response>, number, number, RegExp][] = [
      // A modern header without the envelope, and an envelope without the client's capabilities.
      [
        post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
          "MCP-Protocol-Version": "2026-07-28",
          "Mcp-Method": "tools/list",
        }),
        400,
        -32602,
        /lacks io\.modelcontextprotocol\/protocolVersion/,
      ],
      [
        modernPost("tools/list", {}, { meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } }),
        400,
        -32602,
        /clientCapabilities is missing/,
      ],
      [
        modernPost("tools/list", {}, { meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": 7 } }),
        400,
        -32602,
        /protocolVersion must be a string/,
      ],
      [
        modernPost("tools/list", {}, { meta: { ...ENVELOPE, "io.modelcontextprotocol/clientInfo": "me" } }),
        400,
        -32602,
        /clientInfo must be an object/,
      ],
      // A revision the server does not speak.
      [
        modernPost(
          "tools/list",
          {},
          { meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
        ),
        400,
        -32022,
        /Unsupported protocol version: 2099-01-01/,
      ],
      // Headers missing or disagreeing with the body.
      [
        modernPost("tools/list", {}, { headers: { "MCP-Protocol-Version": null } }),
        400,
        -32020,
        /MCP-Protocol-Version header is missing/,
      ],
      [
        modernPost("tools/list", {}, { headers: { "MCP-Protocol-Version": "2025-11-25" } }),
        400,
        -32020,
        /MCP-Protocol-Version names 2025-11-25/,
      ],
      [modernPost("tools/list", {}, { headers: { "Mcp-Method": null } }), 400, -32020, /Mcp-Method header is missing/],
      [
        modernPost("tools/list", {}, { headers: { "Mcp-Method": "tools/call" } }),
        400,
        -32020,
        /Mcp-Method names tools\/call/,
      ],
      [
        modernPost("tools/call", { name: "get_page", arguments: { path: "/big" } }),
        400,
        -32020,
        /Mcp-Name header is missing/,
      ],
      [
        modernPost("tools/call", { name: "get_page", arguments: { path: "/big" } }, { name: "search_docs" }),
        400,
        -32020,
        /Mcp-Name names "search_docs"/,
      ],
      [
        modernPost("resources/read", { uri: `${BASE}/big` }, { name: "=?base64?not base64?=" }),
        400,
        -32020,
        /not valid =\?base64/,
      ],
      // initialize is the 2025 handshake.
      [
        post(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
          }),
          { "MCP-Protocol-Version": "2026-07-28" },
        ),
        400,
        -32020,
        /initialize belongs to the 2025 revisions/,
      ],
    ];
    for (const [pending, status, code, message] of cases) {
      const res = await pending;
      const body = (await res.json()) as { error: { code: number; message: string; data?: unknown } };
      expect([res.status, body.error.code], body.error.message).toEqual([status, code]);
      expect(body.error.message).toMatch(message);
    }
    const unsupported = (await (
      await modernPost(
        "tools/list",
        {},
        { meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      )
    ).json()) as { error: { data: unknown } };
    expect(unsupported.error.data).toEqual({
      supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"],
      requested: "2099-01-01",
    });
  });

  it("accepts Mcp-Name as =?base64?…?= text, answers methods it does not define with 404 -32601, a missing page with -32602", async () => {
    const uri = `${BASE}/learn/Basics/alpha`;
    const read = await modernPost("resources/read", { uri }, { name: `=?base64?${btoa(uri)}?=` });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      result: { contents: [{ uri, text: await twin("/learn/Basics/alpha.md") }] },
    });
    for (const method of ["initialize", "ping", "logging/setLevel", "prompts/list"]) {
      const res = await modernPost(method);
      expect([method, res.status]).toEqual([method, 404]);
      expect(await res.json()).toMatchObject({ id: 1, error: { code: -32601 } });
    }
    const missing = await modernPost("resources/read", { uri: `${BASE}/nope` }, { name: `${BASE}/nope` });
    expect(missing.status).toBe(200);
    expect(await missing.json()).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('No page at "https://docs.example.test/nope"') },
    });
  });

  it("accepts notifications with 202 and no body, in either era", async () => {
    const eras: Record<string, string>[] = [
      {},
      { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "notifications/cancelled" },
    ];
    for (const headers of eras) {
      const res = await post(
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
        headers,
      );
      expect(res.status).toBe(202);
      expect(await res.text()).toBe("");
    }
  });
});
