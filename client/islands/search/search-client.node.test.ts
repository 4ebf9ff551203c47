/**
 * The modal's search client for both providers, through the real algoliasearch lite client with a
 * fake requester (nothing reaches the network): the same request goes to this site's origin
 * (local) or to Algolia's hosts (algolia), so switching is configuration only.
 */
import { describe, expect, it } from "vitest";
import { CONTEXTUAL_FACET_FILTERS } from "../../../common/search";
import { createSearchClient, credentialsOf, LOCAL_TIMEOUTS } from "./search-client";

type Sent = { url: string; method: string; data?: string | Uint8Array; headers: Record<string, string> };
const text = (data: Sent["data"]) => (typeof data === "string" ? data : new TextDecoder().decode(data));

function recorder() {
  const sent: Sent[] = [];
  const requester = {
    async send(request: Sent) {
      sent.push(request);
      const body = {
        results: [
          {
            hits: [],
            nbHits: 0,
            page: 0,
            nbPages: 0,
            hitsPerPage: 20,
            processingTimeMS: 1,
            query: "faucet",
            params: "",
          },
        ],
      };
      return { status: 200, content: JSON.stringify(body), isTimedOut: false };
    },
  };
  return { sent, requester };
}

const request = {
  requests: [
    {
      indexName: "movementnetwork",
      query: "faucet",
      hitsPerPage: 20,
      facetFilters: CONTEXTUAL_FACET_FILTERS,
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
    },
  ],
};

describe("the modal's search client", () => {
  it("local: POSTs Algolia's multi-query request to this site's origin", async () => {
    const { sent, requester } = recorder();
    const client = createSearchClient(
      { provider: "local", appId: "", apiKey: "" },
      { protocol: "http:", host: "127.0.0.1:8787" },
      { requester },
    );
    const res = await client.search(request);
    expect(res.results).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.origin).toBe("http://127.0.0.1:8787");
    expect(url.pathname).toBe("/1/indexes/*/queries");
    expect(sent[0]!.method).toBe("POST");
    expect(JSON.parse(text(sent[0]!.data))).toEqual(request);
  });

  it("local under a base URL: POSTs to the endpoint under it", async () => {
    const { sent, requester } = recorder();
    await createSearchClient(
      { provider: "local", appId: "", apiKey: "" },
      { protocol: "http:", host: "127.0.0.1:8787", base: "/docs/" },
      { requester },
    ).search(request);
    expect(new URL(sent[0]!.url).pathname).toBe("/docs/1/indexes/*/queries");
  });

  it("algolia: the same request goes to the app's Algolia host, with its public key", async () => {
    const local = recorder();
    const hosted = recorder();
    await createSearchClient(
      { provider: "local", appId: "", apiKey: "" },
      { protocol: "https:", host: "docs.example" },
      { requester: local.requester },
    ).search(request);
    await createSearchClient(
      { provider: "algolia", appId: "APP123", apiKey: "public-search-key" },
      { protocol: "https:", host: "docs.example" },
      { requester: hosted.requester },
    ).search(request);
    const url = new URL(hosted.sent[0]!.url);
    expect(url.host).toBe("app123-dsn.algolia.net");
    expect(url.pathname).toBe("/1/indexes/*/queries");
    expect(
      url.searchParams.get("x-algolia-application-id") ?? hosted.sent[0]!.headers["x-algolia-application-id"],
    ).toBe("APP123");
    expect(url.searchParams.get("x-algolia-api-key") ?? hosted.sent[0]!.headers["x-algolia-api-key"]).toBe(
      "public-search-key",
    );
    expect(text(hosted.sent[0]!.data)).toBe(text(local.sent[0]!.data));
  });

  it("local: waits seconds for this site's answer to start (a slow network), Algolia keeps its own retry timeouts", async () => {
    const local = recorder();
    const hosted = recorder();
    await createSearchClient(
      { provider: "local", appId: "", apiKey: "" },
      { protocol: "https:", host: "docs.example" },
      { requester: local.requester },
    ).search(request);
    await createSearchClient(
      { provider: "algolia", appId: "APP123", apiKey: "k" },
      { protocol: "https:", host: "docs.example" },
      { requester: hosted.requester },
    ).search(request);
    const sent = local.sent[0] as Sent & { connectTimeout: number; responseTimeout: number };
    expect(sent.connectTimeout).toBe(LOCAL_TIMEOUTS.connect);
    expect(sent.responseTimeout).toBe(LOCAL_TIMEOUTS.read);
    expect(LOCAL_TIMEOUTS.connect).toBeGreaterThanOrEqual(5000);
    expect((hosted.sent[0] as Sent & { connectTimeout: number }).connectTimeout).toBeLessThan(LOCAL_TIMEOUTS.connect);
  });

  it("gives DocSearch placeholder credentials for the embedded index, the configured ones for Algolia", () => {
    expect(credentialsOf({ provider: "local", appId: "", apiKey: "" })).toEqual({ appId: "local", apiKey: "local" });
    expect(credentialsOf({ provider: "algolia", appId: "A", apiKey: "K" })).toEqual({ appId: "A", apiKey: "K" });
  });
});
