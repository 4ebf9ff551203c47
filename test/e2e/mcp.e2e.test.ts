/**
 * /mcp in the real worker bundle (dist/worker) on local workerd with the real content, through the
 * official MCP client over HTTP: the network table, the node API and search answer from the
 * site's own build.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
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

async function text(name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError, undefined, JSON.stringify(result));
  return (result.content[0] as { text: string }).text;
}

describe("the MCP server of the production bundle", () => {
  it("gives the testnet's chain ID and endpoints from content/networks.yaml", async () => {
    const info = await text("get_network_info", { network: "testnet" });
    assert.match(info, /- Chain ID: 250\n/);
    assert.match(info, /- REST\/RPC: https:\/\/testnet\.movementnetwork\.xyz\/v1\n/);
    assert.match(info, /- Faucet endpoint \(API and CLI\): https:\/\/faucet\.testnet\.movementnetwork\.xyz\//);
  });

  it("lists the node API's operations and describes one with its page's Markdown", async () => {
    const list = await text("list_api_operations", {});
    assert.match(list, /- `get_account`: GET \/accounts\/\{address\}/);
    const op = await text("get_api_operation", { operationId: "get_account" });
    const url = site.build.manifest.config.url;
    assert.ok(op.startsWith(`Page: ${url}/api/node/get-account\n`), op.slice(0, 200));
    const twin = await (await fetch(`${site.origin}/api/node/get-account.md`)).text();
    assert.ok(op.includes(twin.trimEnd()), "the operation page's Markdown twin is in the answer");
    assert.match(op, /"\$ref": "#\/components\/schemas\/Address"/);
  });

  it("searches with public URLs", async () => {
    const found = await text("search_docs", { query: "faucet", limit: 5 });
    assert.match(found, /results for "faucet"/);
    assert.ok(found.includes(`${site.build.manifest.config.url}/`), found);
    assert.ok(!found.includes(site.origin), "no local host in results");
  });
});
