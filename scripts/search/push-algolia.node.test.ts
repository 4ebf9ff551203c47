/**
 * Pushing records to Algolia, through the real algoliasearch client with a fake requester: the
 * test sees every request and nothing reaches the network.
 */
import { describe, expect, it } from "vitest";
import type { SearchRecord } from "../../common/search";
import path from "node:path";
import { credentialsFromEnv, DOCSEARCH_SETTINGS, pushRecords } from "./push-algolia";
import { loadSynonyms } from "./synonyms";

type Sent = { method: string; url: string; data?: string | Uint8Array; headers: Record<string, string> };
const text = (data: Sent["data"]) => (typeof data === "string" ? data : new TextDecoder().decode(data));

function fakeAlgolia() {
  const sent: Sent[] = [];
  let task = 0;
  const requester = {
    async send(request: Sent) {
      sent.push(request);
      const { pathname } = new URL(request.url);
      const reply = (body: unknown) => ({ status: 200, content: JSON.stringify(body), isTimedOut: false });
      if (/\/task\/\d+$/.test(pathname)) return reply({ status: "published", pendingTask: false });
      if (pathname.endsWith("/batch") && !pathname.includes("/synonyms/")) {
        const { requests } = JSON.parse(text(request.data)) as { requests: { body: { objectID: string } }[] };
        return reply({ taskID: ++task, objectIDs: requests.map((r) => r.body.objectID) });
      }
      return reply({ taskID: ++task, updatedAt: "2025-01-01T00:00:00Z" });
    },
  };
  return { sent, requester };
}

const record = (n: number): SearchRecord => ({
  objectID: `id-${n}`,
  type: "content",
  hierarchy: { lvl0: "Learn", lvl1: "Faucets", lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: `Text ${n}`,
  url: `https://docs.example/general/faucet#p${n}`,
  url_without_anchor: "https://docs.example/general/faucet",
  anchor: `p${n}`,
  language: "en",
  docusaurus_tag: "docs-default-current",
  weight: { pageRank: 0, level: 0, position: n },
});

describe("search:push", () => {
  it("sets DocSearch's settings and the site's synonyms, then swaps the records in through a temporary index", async () => {
    const { sent, requester } = fakeAlgolia();
    const records = [record(1), record(2), record(3)];
    const synonyms = await loadSynonyms(path.resolve(import.meta.dirname, "../.."));
    expect(synonyms.length).toBeGreaterThan(5);
    const result = await pushRecords(
      records,
      { appId: "APP", adminKey: "admin", indexName: "docs", clientOptions: { requester } },
      synonyms,
    );
    expect(result).toEqual({ indexName: "docs", records: 3, synonyms: synonyms.length });

    const calls = sent.map((s) => `${s.method} ${new URL(s.url).pathname}`);
    expect(calls[0]).toBe("PUT /1/indexes/docs/settings");
    expect(JSON.parse(text(sent[0]!.data))).toEqual(DOCSEARCH_SETTINGS);
    const synonymCall = sent.find((s) => new URL(s.url).pathname === "/1/indexes/docs/synonyms/batch")!;
    expect(new URL(synonymCall.url).searchParams.get("replaceExistingSynonyms")).toBe("true");
    expect(JSON.parse(text(synonymCall.data))).toEqual(synonyms);
    expect(calls.indexOf("POST /1/indexes/docs/synonyms/batch")).toBeLessThan(
      calls.findIndex((c) => c.endsWith("/batch") && c.includes("_tmp_")),
    );
    const batch = sent.find((s) => /_tmp_\d+\/batch$/.test(new URL(s.url).pathname))!;
    expect(new URL(batch.url).pathname).toMatch(/^\/1\/indexes\/docs_tmp_\d+\/batch$/);
    expect(JSON.parse(text(batch.data))).toEqual({ requests: records.map((body) => ({ action: "addObject", body })) });
    const move = sent.filter((s) => new URL(s.url).pathname.endsWith("/operation")).pop()!;
    expect(new URL(move.url).pathname).toMatch(/^\/1\/indexes\/docs_tmp_\d+\/operation$/);
    expect(JSON.parse(text(move.data))).toEqual({ operation: "move", destination: "docs" });
    // Only Algolia's hosts, with the admin key; the fake requester answered everything.
    for (const s of sent) expect(new URL(s.url).host).toMatch(/^app(-dsn)?\.algolia\.net$|^app-\d\.algolianet\.com$/i);
    expect(sent[0]!.headers["x-algolia-api-key"]).toBe("admin");
  });

  it("names the missing credentials", () => {
    expect(() => credentialsFromEnv({ ALGOLIA_APP_ID: "A" })).toThrow(/ALGOLIA_ADMIN_KEY, ALGOLIA_INDEX/);
    expect(credentialsFromEnv({ ALGOLIA_APP_ID: "A", ALGOLIA_ADMIN_KEY: "K", ALGOLIA_INDEX: "I" })).toEqual({
      appId: "A",
      adminKey: "K",
      indexName: "I",
    });
  });
});
