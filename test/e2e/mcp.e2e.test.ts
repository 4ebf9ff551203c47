/**
 * /mcp in the real worker bundle (dist/worker) on local workerd with the real content, through the
 * official clients of both protocol eras over HTTP: the network table, the node API and search
 * answer from the site's own build; a batch is refused; 30 parallel requests for the largest API
 * operation are each answered within 100 times their size, never with a 5xx.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

let site: RunningSite;
let client: Client;
before(async () => {
  site = await serveSite(REPO_ROOT);
  client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${site.origin}/mcp`)));
});
after(async () => {
  await client?.close();
  await site?.stop();
});

/** Either era's client: both take `callTool({ name, arguments })`. */
type Caller = { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown> };

async function text(name: string, args: Record<string, unknown>, c: Caller = client as Caller): Promise<string> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError, undefined, JSON.stringify(result));
  return (result.content[0] as { text: string }).text;
}

/**
 * A raw POST to /mcp. Its size counts the body and the headers set here, plus at most 256 bytes
 * of those Node's fetch adds (host, connection, user agent, encodings), which the worker counts too.
 */
async function raw(body: string) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const res = await fetch(`${site.origin}/mcp`, { method: "POST", headers, body });
  const answer = await res.text();
  const sent = body.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0) + 256;
  return { status: res.status, answer, sent, received: Buffer.byteLength(answer) };
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("the MCP server of the production bundle", () => {
  it("gives the testnet's chain ID and endpoints from content/networks.yaml", async () => {
    const info = await text("get_network_info", { network: "testnet" });
    assert.match(info, /- Chain ID: 250\n/);
    assert.match(info, /- REST\/RPC: https:\/\/testnet\.movementnetwork\.xyz\/v1\n/);
    assert.match(info, /- Faucet endpoint \(API and CLI\): https:\/\/faucet\.testnet\.movementnetwork\.xyz\//);
  });

  it("lists the node API's operations and describes one with its page's Markdown", async () => {
    const list = await text("list_api_operations", {});
    assert.match(list, /- get_account: GET \/accounts\/\{address\}/);
    const op = await text("get_api_operation", { operationId: "get_account" });
    const url = site.build.manifest.config.url;
    const twin = await (await fetch(`${site.origin}/api/node/get-account.md`)).text();
    // The page's Markdown, after its URL, and the docs version it belongs to.
    assert.equal(
      op,
      `${url}/api/node/get-account\n\n${twin}\n\nDocs version: Movement L1 (current) (version "current").`,
    );
    const json = await text("get_api_operation", { operationId: "get_account", format: "openapi" });
    assert.match(json, /"\$ref":"#\/components\/schemas\/Address"/);
  });

  it("searches with public URLs, one result per page", async () => {
    const found = await text("search_docs", { query: "faucet", limit: 5 });
    assert.match(found, /^5 pages for "faucet":/);
    const pages = found
      .split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => l.split(" ")[1]);
    assert.equal(new Set(pages).size, pages.length);
    assert.ok(
      pages.every((p) => p!.startsWith(`${site.build.manifest.config.url}/`)),
      found,
    );
    assert.ok(!found.includes(site.origin), "no local host in results");
  });

  it("serves the official v2 client pinned to 2026-07-28", async () => {
    const modern = new ModernClient(
      { name: "e2e", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await modern.connect(new ModernTransport(new URL(`${site.origin}/mcp`)));
    try {
      assert.equal(modern.getNegotiatedProtocolVersion(), "2026-07-28");
      const info = await text("get_network_info", { network: "mainnet" }, modern as Caller);
      assert.match(info, /- Chain ID: 126\n/);
    } finally {
      await modern.close();
    }
  });

  it("refuses a batch of 100 calls with one small error", async () => {
    const batch = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => call(i, "get_api_operation", { operationId: "submit_transaction" })),
    );
    const { status, answer, sent, received } = await raw(batch);
    assert.equal(status, 400);
    assert.equal(JSON.parse(answer).error.code, -32600);
    assert.ok(received < sent / 50, `${received} bytes out for ${sent} in`);
  });

  it("answers 30 parallel requests for the largest operation, each within 100 times its request, none with a 5xx", async () => {
    const body = JSON.stringify(call(1, "get_api_operation", { operationId: "submit_transaction" }));
    const answers = await Promise.all(Array.from({ length: 30 }, () => raw(body)));
    for (const a of answers) {
      assert.ok(a.status === 200 || a.status === 429, String(a.status));
      assert.ok(a.received <= 100 * a.sent, `${a.received} bytes for a request of ${a.sent}`);
    }
    assert.ok(answers.filter((a) => a.status === 200).length >= 25);
  });
});
