/**
 * /mcp over HTTP: what it accepts (any origin, JSON answers for `application/json` or `*\/*`),
 * what it refuses (batches, empty batches, wrong media types, large bodies, other methods), how
 * much it answers (at most 100 times the request and 1 MB; 429 with Retry-After past the
 * isolate's bytes in flight), the log line of a tool call, the server card and catalog, and the
 * site.yaml switch.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kvKeys } from "../../common/page";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { BASE, manifest, MCP, post, seedMcp } from "./mcp-seed";

beforeAll(seedMcp);
afterEach(() => {
  vi.restoreAllMocks();
});

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const callTool = (name: string, args: Record<string, unknown>, id = 1, pad?: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args, ...(pad ? { _meta: { pad } } : {}) },
  });

/** The request as the worker receives it, straight into the app (no headers added on the way). */
async function direct(body: string, headers: Record<string, string> = {}, bindings: Partial<Env> = {}) {
  const request = new Request(MCP, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body,
  });
  let size = new TextEncoder().encode(body).length;
  request.headers.forEach((value, name) => (size += name.length + value.length + 4));
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { res, text, requestBytes: size, responseBytes: new TextEncoder().encode(text).length };
}

describe("what /mcp accepts", () => {
  it("answers JSON to Accept: application/json, */* or none; 406 to a client that takes no JSON; 415 to a body that is not JSON", async () => {
    for (const accept of [
      "application/json",
      "*/*",
      "application/json, text/event-stream",
      "text/event-stream;q=1, application/*",
    ]) {
      const res = await post(initialize, { Accept: accept });
      expect([accept, res.status]).toEqual([accept, 200]);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
    const noAccept = await SELF.fetch(MCP, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: initialize,
    });
    expect(noAccept.status).toBe(200);
    for (const accept of ["text/html", "text/event-stream"]) {
      const res = await post(initialize, { Accept: accept });
      expect(res.status).toBe(406);
      expect(await res.json()).toMatchObject({
        jsonrpc: "2.0",
        error: { message: expect.stringContaining("application/json") },
      });
    }
    const plain = await post(initialize, { "Content-Type": "text/plain" });
    expect(plain.status).toBe(415);
  });

  it("admits a browser client on any origin, its own included, with a CORS preflight", async () => {
    for (const origin of [BASE, "https://elsewhere.example", "http://localhost:6274"]) {
      const res = await post(initialize, { Origin: origin });
      expect([origin, res.status]).toEqual([origin, 200]);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      const preflight = await SELF.fetch(MCP, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, mcp-protocol-version, mcp-method, mcp-name",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("POST");
      const allowed = preflight.headers.get("Access-Control-Allow-Headers")!.toLowerCase();
      for (const h of ["mcp-protocol-version", "mcp-method", "mcp-name"]) expect(allowed).toContain(h);
    }
  });

  it("refuses batches, empty batches, non-JSON and messages that are not JSON-RPC with 400 and a JSON-RPC error", async () => {
    const batch = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => JSON.parse(callTool("get_page", { path: "/big" }, i))),
    );
    const cases: [string, number, string][] = [
      [batch, -32600, "JSON-RPC batches are not accepted: send one message per request"],
      ["[]", -32600, "JSON-RPC batches are not accepted: send one message per request"],
      ["{not json", -32700, "Parse error: the body is not JSON"],
      [JSON.stringify({ id: 1, method: "tools/list" }), -32600, "The body is not a JSON-RPC 2.0 message"],
      [
        JSON.stringify({ jsonrpc: "2.0", id: {}, method: "tools/list" }),
        -32600,
        "A request id must be a string or a number",
      ],
    ];
    for (const [body, code, message] of cases) {
      const { res, text, requestBytes, responseBytes } = await direct(body);
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({ jsonrpc: "2.0", id: null, error: { code, message } });
      if (body === batch) expect(responseBytes / requestBytes).toBeLessThan(0.02);
    }
    // A response to a request the server never sent is accepted and dropped.
    expect((await direct(JSON.stringify({ jsonrpc: "2.0", id: 3, result: {} }))).res.status).toBe(202);
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

describe("how much /mcp answers", () => {
  it("answers at most 100 times the request, cutting a long result with a marker", async () => {
    const calls = [
      initialize,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: `${BASE}/big` } }),
      callTool("get_page", { path: "/big" }),
      callTool("search_docs", { query: "alpha", limit: 10 }),
      callTool("list_api_operations", {}),
      callTool("get_api_operation", { operationId: "get_account", format: "openapi" }),
    ];
    for (const body of calls) {
      const { res, requestBytes, responseBytes } = await direct(body);
      expect(res.status).toBe(200);
      expect(responseBytes, body.slice(0, 80)).toBeLessThanOrEqual(100 * requestBytes);
    }
    const small = await direct(callTool("get_page", { path: "/big" }));
    expect(small.text).toContain("[Cut: this is characters 0-");
    // A larger request may receive more, up to the same ratio.
    const padded = await direct(callTool("get_page", { path: "/big" }, 1, "x".repeat(300)));
    expect(padded.responseBytes).toBeGreaterThan(small.responseBytes);
    expect(padded.responseBytes).toBeLessThanOrEqual(100 * padded.requestBytes);
  });

  it("never answers more than 1 MB, and holds under 30 parallel requests (no 5xx)", async () => {
    const huge = await direct(callTool("get_page", { path: "/big" }, 1, "x".repeat(60_000)));
    expect(huge.res.status).toBe(200);
    expect(huge.responseBytes).toBeLessThanOrEqual(1024 * 1024);
    const parallel = await Promise.all(
      Array.from({ length: 30 }, (_, i) => direct(callTool("get_page", { path: "/big" }, i))),
    );
    for (const { res, requestBytes, responseBytes } of parallel) {
      expect(res.status).toBe(200);
      expect(responseBytes).toBeLessThanOrEqual(100 * requestBytes);
    }
  });

  it("answers 429 with Retry-After when the answers in flight would pass the isolate's budget", async () => {
    // A store that answers slowly, so that the requests are all in flight at once.
    const slow = {
      get: (key: string, options?: unknown) =>
        new Promise((r) => setTimeout(r, 100)).then(() => env.CONTENT.get(key, options as never)),
    } as unknown as KVNamespace;
    // Each padded request may receive 1 MB: 30 of them at once ask for more than the isolate holds.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        direct(callTool("get_page", { path: "/big" }, i, "x".repeat(20_000)), {}, { CONTENT: slow }),
      ),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refused = results.find((r) => r.res.status === 429)!;
    expect(refused.res.headers.get("Retry-After")).toBe("1");
    expect(JSON.parse(refused.text)).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
    // Once they are answered, the budget is free again.
    expect((await direct(callTool("get_network_info", { network: "testnet" }))).res.status).toBe(200);
  });

  it("logs one line per tool call: the tool, the answer's size and the time taken, nothing of the caller", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    await direct(callTool("get_network_info", { network: "testnet" }), {
      "User-Agent": "secret-agent",
      "CF-Connecting-IP": "203.0.113.9",
    });
    await direct(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual({
      level: "info",
      event: "mcp_tool_call",
      tool: "get_network_info",
      docsVersion: "current",
      protocol: "2025",
      bytes: expect.any(Number),
      ms: expect.any(Number),
      isError: false,
    });
    expect(lines[0]).not.toMatch(/secret-agent|203\.0\.113\.9|raw/);
  });
});

describe("discovery", () => {
  it("serves the server card at /mcp/server-card and the catalog at /.well-known/mcp/catalog.json", async () => {
    const card = await SELF.fetch(`${MCP}/server-card`, { headers: { Accept: "application/mcp-server-card+json" } });
    expect(card.status).toBe(200);
    expect(card.headers.get("Content-Type")).toBe("application/mcp-server-card+json");
    expect(card.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await card.json()).toEqual({
      $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
      name: "test.example.docs/movement-docs",
      version: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      websiteUrl: `${BASE}/`,
      remotes: [
        {
          type: "streamable-http",
          url: MCP,
          supportedProtocolVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"],
        },
      ],
    });
    const catalog = await SELF.fetch(`${BASE}/.well-known/mcp/catalog.json`);
    expect(catalog.status).toBe(200);
    expect(await catalog.json()).toMatchObject({
      specVersion: "draft",
      entries: [
        {
          type: "application/mcp-server-card+json",
          url: `${MCP}/server-card`,
          identifier: "urn:air:docs.example.test:movement-docs",
        },
      ],
    });
  });

  it("is switched off by site.yaml's mcp.enabled: /mcp, its card and catalog answer 404", async () => {
    const off = { ...manifest, buildId: "mcpoff000001", config: { ...manifest.config, mcp: { enabled: false } } };
    await env.CONTENT.put(kvKeys.manifest(off.buildId), JSON.stringify(off));
    await env.CONTENT.put(kvKeys.channel("production"), off.buildId);
    try {
      expect((await post(initialize)).status).toBe(404);
      expect((await SELF.fetch(`${MCP}/server-card`)).status).toBe(404);
      expect((await SELF.fetch(`${BASE}/.well-known/mcp/catalog.json`)).status).toBe(404);
    } finally {
      await env.CONTENT.put(kvKeys.channel("production"), manifest.buildId);
    }
    expect((await post(initialize)).status).toBe(200);
  });

  it("shows the page actions, with Connect an assistant while the server is on; site.yaml switches each off", async () => {
    const page = async (config: Record<string, unknown>, id: string) => {
      const variant = { ...manifest, buildId: id, config: { ...manifest.config, ...config } };
      await env.CONTENT.put(kvKeys.manifest(id), JSON.stringify(variant));
      await env.CONTENT.put(kvKeys.channel("production"), id);
      return (await SELF.fetch(`${BASE}/learn/Basics/alpha`)).text();
    };
    try {
      const on = await page({}, "actions00001");
      expect(on).toContain('aria-label="Page actions"');
      expect(on).toContain("Connect an assistant");
      expect(on).toContain(`data-copy-text="${MCP}"`);
      const noServer = await page({ mcp: { enabled: false } }, "actions00002");
      expect(noServer).toContain('aria-label="Page actions"');
      expect(noServer).not.toContain("Connect an assistant");
      const none = await page({ pageActions: { enabled: false } }, "actions00003");
      expect(none).not.toContain('aria-label="Page actions"');
      expect(none).toContain("Alpha Page");
    } finally {
      await env.CONTENT.put(kvKeys.channel("production"), manifest.buildId);
    }
  });
});
