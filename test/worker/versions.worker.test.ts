/**
 * Docs versions in workerd: the versioned fixture (test/fixtures/versioned: the current docs and
 * "v1" under /v1/), published as scripts/publish publishes it, served on its own channel. Routing
 * and 404s inside the prefix, the version menu, banner and canonical link, twins and llms files
 * per version, search by version facet, and the MCP tools' `version`.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import fixture from "../../dist/test-fixture/versioned.json";
import { app } from "../../worker/app";
import { clearSignals, rows } from "./signals-helpers";

const BASE = "https://docs.example.test";
const CHANNEL = "versioned";
const versioned = fixture as { buildId: string; values: { key: string; text?: string; base64?: string }[] };

beforeAll(async () => {
  for (const { key, text, base64 } of versioned.values)
    await env.CONTENT.put(key, text ?? Uint8Array.from(atob(base64!), (c) => c.charCodeAt(0)));
});

async function get(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${BASE}${path}`, { redirect: "manual", ...init }),
    { ...env, CONTENT_CHANNEL: CHANNEL },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
const html = async (path: string) => (await get(path)).text();

/** The hrefs of the version menu in the navbar, by version name. */
function menu(page: string): Record<string, string> {
  const nav = /<details class="navbar-dropdown navbar-versions"[^]*?<\/details>/.exec(page)?.[0] ?? "";
  return Object.fromEntries([...nav.matchAll(/href="([^"]+)" data-version="([^"]+)"/g)].map((m) => [m[2]!, m[1]!]));
}

describe("routing inside a version's prefix", () => {
  it("serves a legacy page under its prefix, with its own sidebar, breadcrumbs and pagination under the prefix", async () => {
    const res = await get("/v1/learn/changed");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("pelicanfrost");
    expect(page).not.toContain("marmotwave");
    expect(page).toContain('href="/v1/learn/old-only"');
    expect(page).toMatch(/class="sidebar-link[^"]*" href="\/v1\/learn\/same"/);
    expect(page).toMatch(/rel="prev" data-pagination="prev"[^>]*>|href="\/v1\/learn\/same" rel="prev"/);
    expect(page).not.toMatch(/href="\/learn\/(?:same|old-only)"(?! data-version)/);
    expect(page).toContain('<html lang="en" dir="ltr"');
    expect(page).toContain('data-docs-version="v1"');
  });

  it("redirects the bare prefix, .html and the trailing-slash form inside the prefix", async () => {
    expect((await get("/v1")).headers.get("Location")).toBe("/v1/");
    expect((await get("/v1/learn/same.html?x=1")).headers.get("Location")).toBe("/v1/learn/same?x=1");
    expect((await get("/v1/learn/same/")).headers.get("Location")).toBe("/v1/learn/same");
    expect((await get("/v1/")).status).toBe(200);
  });

  it("answers a page missing from one version with that version's 404, linking the version that has it", async () => {
    const missingHere = await get("/v1/learn/only-current");
    expect(missingHere.status).toBe(404);
    const body = await missingHere.text();
    expect(body).toContain("The Version 1 docs have no page <code>/v1/learn/only-current</code>");
    expect(body).toContain('<a href="/learn/only-current" data-version="current">read it there</a>');
    expect(body).toMatch(/class="navbar-link[^"]*" href="\/v1\//);
    const missingNow = await get("/learn/old-only");
    expect(missingNow.status).toBe(404);
    expect(await missingNow.text()).toContain('<a href="/v1/learn/old-only" data-version="v1">read it there</a>');
    const nowhere = await get("/v1/no/such/page");
    expect(nowhere.status).toBe(404);
    expect(await nowhere.text()).toContain("We could not find <code>/v1/no/such/page</code>");
  });

  it("keeps the configured redirects to the current version", async () => {
    expect((await get("/old-guide")).headers.get("Location")).toBe("/build/guide");
    expect((await get("/v1/old-guide")).status).toBe(404);
  });

  it("caches each version's rendering of a route apart", async () => {
    const now = await html("/learn/same");
    const then = await html("/v1/learn/same");
    expect(now).not.toContain("data-version-banner");
    expect(then).toContain("data-version-banner");
    expect(await html("/learn/same")).not.toContain("data-version-banner");
  });
});

describe("the version menu, banner and canonical link", () => {
  it("leads to the same route in the other version, a moved page's counterpart, or the version's home page", async () => {
    expect(menu(await html("/learn/same"))).toEqual({ current: "/learn/same", v1: "/v1/learn/same" });
    expect(menu(await html("/v1/learn/same"))).toEqual({ current: "/learn/same", v1: "/v1/learn/same" });
    expect(menu(await html("/v1/learn/old-only"))).toEqual({
      current: "/learn/only-current",
      v1: "/v1/learn/old-only",
    });
    expect(menu(await html("/learn/only-current"))).toEqual({ current: "/learn/only-current", v1: "/v1/" });
  });

  it("gives legacy pages a banner linking the current page on the subject, noindex and a canonical link to it", async () => {
    const page = await html("/v1/learn/old-only");
    expect(page).toContain("This page documents the fixture network as it ran first.");
    expect(page).toContain('<a href="/learn/only-current" data-version="current">Only now</a>');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<link rel="canonical" href="https://docs.example.test/learn/only-current"/>');
    expect(page).toContain('<meta property="og:url" content="https://docs.example.test/v1/learn/old-only"/>');
    const current = await html("/learn/same");
    expect(current).not.toContain('content="noindex"');
    expect(current).toContain('<link rel="canonical" href="https://docs.example.test/learn/same"/>');
  });

  it("warns on the legacy API reference that its endpoints may no longer answer", async () => {
    const page = await html("/v1/api/node/healthy");
    expect(page).toContain("data-version-api");
    expect(page).toContain("they may no longer answer");
    expect(await html("/v1/learn/same")).not.toContain("data-version-api");
  });
});

describe("files per version", () => {
  it("serves one stored twin in each version with that version's links", async () => {
    const now = await get("/learn/same.md");
    const then = await get("/v1/learn/same.md");
    expect(then.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    const [a, b] = [await now.text(), await then.text()];
    expect(a).toContain("(https://docs.example.test/learn/changed)");
    expect(b).toContain("(https://docs.example.test/v1/learn/changed)");
    expect(b).toContain("Index of every page: <https://docs.example.test/v1/llms.txt>");
    expect(b.replaceAll("/v1/", "/")).toBe(a);
  });

  it("names the version's own twin and llms.txt in a legacy page's Link header, alternate link and agent line", async () => {
    const res = await get("/v1/learn/same");
    const twin = "https://docs.example.test/v1/learn/same.md";
    expect(res.headers.get("Link")).toBe(`<${twin}>; rel="alternate"; type="text/markdown"`);
    const page = await res.text();
    expect(page).toContain(`<link rel="alternate" type="text/markdown" href="${twin}"/>`);
    expect(page).toContain(
      `this page as Markdown is at ${twin}. The index of every page is at https://docs.example.test/v1/llms.txt.`,
    );
    const current = await get("/learn/same");
    expect(current.headers.get("Link")).toBe(
      '<https://docs.example.test/learn/same.md>; rel="alternate"; type="text/markdown"',
    );
    expect(await current.text()).toContain("The index of every page is at https://docs.example.test/llms.txt.");
  });

  it("serves llms.txt per version, the current one linking the others; the sitemap lists the current version only", async () => {
    expect(await html("/llms.txt")).toContain("- [Version 1](https://docs.example.test/v1/llms.txt)");
    const legacy = await html("/v1/llms.txt");
    expect(legacy).toContain("https://docs.example.test/v1/learn/old-only.md");
    expect(legacy).toContain("The current docs' index: https://docs.example.test/llms.txt");
    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toContain("https://docs.example.test/learn/same");
    expect(sitemap).not.toContain("/v1/");
    expect((await get("/v1/sitemap.xml")).status).toBe(404);
    expect(JSON.parse(await html("/v1/networks.json"))).toMatchObject({ networks: [{ id: "testnet", chainId: 250 }] });
  });
});

/** One Algolia-protocol query, as DocSearch sends it. */
async function algolia(query: string, facetFilters?: unknown) {
  const res = await get("/1/indexes/*/queries", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      requests: [{ indexName: "movementnetwork", query, ...(facetFilters ? { facetFilters } : {}) }],
    }),
  });
  expect(res.status).toBe(200);
  const { results } = (await res.json()) as {
    results: { nbHits: number; hits: { url: string; docusaurus_tag: string }[] }[];
  };
  return results[0]!;
}
const tag = (v: string) => ["language:en", ["docusaurus_tag:default", `docusaurus_tag:docs-default-${v}`]];

describe("search by version", () => {
  it("reads the index of the version the facet filter names, and answers its hits under its prefix", async () => {
    const then = await algolia("pelicanfrost", tag("v1"));
    expect(then.hits.map((h) => [h.url, h.docusaurus_tag])).toContainEqual([
      "https://docs.example.test/v1/learn/changed",
      "docs-default-v1",
    ]);
    expect((await algolia("pelicanfrost", tag("current"))).nbHits).toBe(0);
    const now = await algolia("marmotwave", tag("current"));
    expect(now.hits[0]).toMatchObject({
      url: "https://docs.example.test/learn/changed",
      docusaurus_tag: "docs-default-current",
    });
    expect((await algolia("marmotwave", tag("v1"))).nbHits).toBe(0);
    expect((await algolia("marmotwave", tag("v9"))).nbHits).toBe(0);
  });

  it("merges the versions a filter names together, and every version when none is named", async () => {
    const both = ["language:en", ["docusaurus_tag:docs-default-current", "docusaurus_tag:docs-default-v1"]];
    const urls = (r: { hits: { url: string }[] }) => r.hits.map((h) => h.url).filter((u) => !u.includes("#"));
    expect(urls(await algolia("quokkastone", both)).sort()).toEqual([
      "https://docs.example.test/learn/same",
      "https://docs.example.test/v1/learn/same",
    ]);
    expect(urls(await algolia("quokkastone")).sort()).toEqual(urls(await algolia("quokkastone", both)).sort());
    const negated = await algolia("quokkastone", ["-docusaurus_tag:docs-default-current"]);
    expect(negated.hits.every((h) => h.url.includes("/v1/"))).toBe(true);
  });

  it("/search?q=&version= searches that version and says which it searched, with the others one click away", async () => {
    const v1 = await html("/search?q=pelicanfrost&version=v1");
    expect(v1).toContain("Searched the Version 1 docs.");
    expect(v1).toContain('href="/v1/learn/changed"');
    expect(v1).toContain(
      '<a href="/search?q=pelicanfrost" data-version="current">Search the Fixture (current) docs</a>',
    );
    const current = await html("/search?q=pelicanfrost");
    expect(current).toContain("Searched the Fixture (current) docs.");
    expect(current).toContain("No results for");
    expect(current).toContain('<a href="/v1/search?q=pelicanfrost" data-version="v1">Search the Version 1 docs</a>');
    expect(await html("/v1/search?q=pelicanfrost")).toContain('href="/v1/learn/changed"');
    expect(await html("/search?q=marmotwave&version=nope")).toContain("Searched the Fixture (current) docs.");
  });
});

/** One tools/call over JSON-RPC, as a client sends it (stateless: no handshake needed on the 2025 revisions here). */
async function tool(name: string, args: Record<string, unknown>) {
  const res = await get("/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const body = (await res.json()) as {
    result: { content: { text: string }[]; isError?: boolean; structuredContent?: Record<string, unknown> };
  };
  return {
    text: body.result.content[0]!.text,
    isError: body.result.isError === true,
    structured: body.result.structuredContent,
  };
}

describe("MCP tools' version", () => {
  // The first /mcp request loads the MCP SDK, which takes seconds unbundled in the test pool: on a
  // loaded machine the first tool call spends its KV time on it. This one's answer does not matter.
  beforeAll(async () => {
    await tool("get_network_info", { network: "none" });
  });

  it("reads the version asked for and says which version each answer came from", async () => {
    const then = await tool("get_page", { path: "/learn/same", version: "v1" });
    expect(then.text.startsWith("https://docs.example.test/v1/learn/same")).toBe(true);
    expect(then.text).toContain("(https://docs.example.test/v1/learn/changed)");
    expect(then.text).toMatch(/Docs version: Version 1 \(version "v1"\)\.$/);
    const now = await tool("get_page", { path: "/learn/same" });
    expect(now.text).toMatch(/Docs version: Fixture \(current\) \(version "current"\)\.$/);
    expect(now.text).toContain("(https://docs.example.test/learn/changed)");
  });

  it("searches, lists the API and reads the network table of that version", async () => {
    const search = await tool("search_docs", { query: "pelicanfrost", version: "v1" });
    expect(search.text).toContain("https://docs.example.test/v1/learn/changed");
    expect(search.structured).toMatchObject({ version: "v1" });
    expect((await tool("search_docs", { query: "pelicanfrost" })).text).toMatch(/^No results/);
    expect((await tool("list_api_operations", { version: "v1" })).text).toContain("healthy");
    const network = await tool("get_network_info", { network: "testnet", version: "v1" });
    expect(network.text).toContain("250");
    expect((await tool("get_network_info", { network: "testnet" })).isError).toBe(true);
  });

  it("refuses an unknown version, naming the versions", async () => {
    const bad = await tool("get_page", { path: "/learn/same", version: "v9" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toBe(
      'No docs version is named "v9". The versions are: "current" (Fixture (current)), "v1" (Version 1)',
    );
  });

  it("offers `version` in every tool's schema", async () => {
    const res = await get("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const { result } = (await res.json()) as {
      result: { tools: { inputSchema: { properties: Record<string, unknown> } }[] };
    };
    expect(result.tools.length).toBeGreaterThan(0);
    for (const t of result.tools) expect(t.inputSchema.properties).toHaveProperty("version");
  });
});

describe("feedback from a legacy version's page", () => {
  const post = (fields: Record<string, string>) =>
    get("/_signals/feedback", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("posts the form to the signals path every version shares, naming the version read", async () => {
    const page = await html("/v1/learn/changed");
    expect(page).toMatch(/<form class="feedback-form"[^>]* action="\/_signals\/feedback"/);
    expect(page).toContain('<input type="hidden" name="version" value="v1"/>');
    expect(await html("/learn/changed")).toContain('<input type="hidden" name="version" value="current"/>');
  });

  it("records the vote against the version and answers with the page in that version", async () => {
    await clearSignals();
    const res = await post({ page: "/learn/old-only", version: "v1", vote: "yes" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/v1/learn/old-only?feedback=yes#feedback");
    expect(await rows("feedback_daily")).toEqual([
      expect.objectContaining({ version: "v1", page: "/learn/old-only", yes: 1, no: 0 }),
    ]);
    const thanks = await get("/v1/learn/old-only?feedback=yes");
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain('data-docs-version="v1"');
  });

  it("refuses a page the named version does not have, naming it under the version's prefix", async () => {
    const res = await post({ page: "/learn/only-current", version: "v1", vote: "no" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("this site has no page /v1/learn/only-current");
    const unknown = await post({ page: "/learn/same", version: "v9", vote: "no" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("this site has no docs version v9");
  });
});

describe("search signals of a legacy version", () => {
  it("counts a query of a version's search page against that version", async () => {
    await clearSignals();
    expect((await get("/v1/search?q=pelicanfrost")).status).toBe(200);
    expect((await get("/search?q=marmotwave")).status).toBe(200);
    const byQuery = Object.fromEntries(
      (await rows<{ query: string; version: string }>("search_daily")).map((r) => [r.query, r.version]),
    );
    expect(byQuery).toEqual({ pelicanfrost: "v1", marmotwave: "current" });
  });
});
