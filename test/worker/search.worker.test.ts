/**
 * Search in workerd: the embedded endpoints driven by the real algoliasearch clients (the modal's
 * lite client and the full v5 client, with SELF.fetch as their requester), Algolia's relevance
 * semantics, bad input, and the /search page.
 */
import { env, SELF } from "cloudflare:test";
import type { Requester } from "@algolia/client-common";
import { algoliasearch } from "algoliasearch";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTEXTUAL_FACET_FILTERS, MAX_QUERY_LENGTH } from "../../common/search";
import { createSearchClient } from "../../client/islands/search/search-client";
import { kvKeys } from "../../common/page";
import { ContentStore, ContentUnavailable } from "../../worker/content-store";
import { build, seedFixture } from "./seed";

const ORIGIN = "https://docs.example.test";
const QUERIES = `${ORIGIN}/1/indexes/*/queries`;

const requester: Requester = {
  async send(request) {
    const res = await SELF.fetch(request.url, { method: request.method, headers: request.headers, body: request.data });
    return { status: res.status, content: await res.text(), isTimedOut: false };
  },
};
const client = createSearchClient({ provider: "local", appId: "", apiKey: "" }, new URL(ORIGIN), { requester });
/** The full v5 client, as a site's own code or a tool would use it against the worker. */
const fullClient = algoliasearch("local", "local", {
  requester,
  hosts: [{ url: new URL(ORIGIN).host, accept: "readWrite", protocol: "https" }],
});
const INDEX = "movementnetwork";

/** DocSearch's request, as @docsearch/react 3.9 sends it. */
const docsearchRequest = (query: string, extra: Record<string, unknown> = {}) => ({
  indexName: "movementnetwork",
  query,
  attributesToRetrieve: [
    "hierarchy.lvl0",
    "hierarchy.lvl1",
    "hierarchy.lvl2",
    "hierarchy.lvl3",
    "hierarchy.lvl4",
    "hierarchy.lvl5",
    "hierarchy.lvl6",
    "content",
    "type",
    "url",
  ],
  attributesToSnippet: [
    "hierarchy.lvl1:10",
    "hierarchy.lvl2:10",
    "hierarchy.lvl3:10",
    "hierarchy.lvl4:10",
    "hierarchy.lvl5:10",
    "hierarchy.lvl6:10",
    "content:10",
  ],
  snippetEllipsisText: "…",
  highlightPreTag: "<mark>",
  highlightPostTag: "</mark>",
  hitsPerPage: 20,
  facetFilters: CONTEXTUAL_FACET_FILTERS,
  ...extra,
});

type Hit = Record<string, unknown> & {
  objectID: string;
  url: string;
  hierarchy: Record<string, string | null>;
  _highlightResult: { hierarchy: Record<string, { value: string; matchLevel: string }>; content?: { value: string } };
  _snippetResult: { hierarchy?: Record<string, { value: string }>; content?: { value: string; matchLevel: string } };
};
type Result = {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  processingTimeMS: number;
};

async function search(...requests: Record<string, unknown>[]): Promise<Result[]> {
  const res = await client.search({ requests: requests as never });
  return res.results as unknown as Result[];
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  SELF.fetch(QUERIES, { method: "POST", body, headers });

beforeAll(async () => {
  await seedFixture();
});

describe("the embedded endpoint through the algoliasearch lite client", () => {
  it("answers DocSearch's request: hits with the record fields, highlight and snippet", async () => {
    const [r] = await search(docsearchRequest("alpha"));
    expect(r).toMatchObject({
      nbHits: expect.any(Number),
      page: 0,
      hitsPerPage: 20,
      query: "alpha",
      processingTimeMS: expect.any(Number),
    });
    const top = r!.hits[0]!;
    expect(top).toMatchObject({
      type: "lvl1",
      url: `${ORIGIN}/learn/Basics/alpha`,
      hierarchy: { lvl0: "Learn", lvl1: "Alpha Page", lvl2: null },
      content: "Alpha is second by position.",
    });
    expect(Object.keys(top).sort()).toEqual([
      "_highlightResult",
      "_snippetResult",
      "content",
      "hierarchy",
      "objectID",
      "type",
      "url",
    ]);
    expect(top._highlightResult.hierarchy.lvl1).toEqual({
      value: "<mark>Alpha</mark> Page",
      matchLevel: "full",
      matchedWords: ["alpha"],
    });
    expect(top._highlightResult.hierarchy.lvl0).toMatchObject({ value: "Learn", matchLevel: "none" });
    expect(top._snippetResult.hierarchy!.lvl1!.value).toBe("<mark>Alpha</mark> Page");
    expect(top._snippetResult.content).toEqual({
      value: "<mark>Alpha</mark> is second by position.",
      matchLevel: "full",
    });
    // Every hit of the query is about alpha; the page title comes before its headings and text.
    expect(r!.hits.every((h) => JSON.stringify(h._highlightResult).includes("<mark>"))).toBe(true);
  });

  it("ranks a page title above its headings above its text", async () => {
    const [r] = await search(docsearchRequest("beta"));
    const types = r!.hits.filter((h) => h.url.includes("/learn/Basics/beta")).map((h) => h.type);
    expect(types[0]).toBe("lvl1");
    expect(types.indexOf("lvl2")).toBeLessThan(
      types.lastIndexOf("content") === -1 ? Infinity : types.lastIndexOf("content"),
    );
  });

  it("finds words by prefix and with a typo", async () => {
    const [prefix, typo] = await search(docsearchRequest("alph"), docsearchRequest("zetaa"));
    expect(prefix!.hits[0]!.hierarchy.lvl1).toBe("Alpha Page");
    expect(typo!.hits[0]!.hierarchy.lvl1).toBe("Zeta Page");
    expect(typo!.hits[0]!._highlightResult.hierarchy.lvl1!.value).toBe("<mark>Zeta</mark> Page");
  });

  it("filters on language and docs tag, in the flat, nested and negated forms", async () => {
    const [all, contextual, nested, french, negated, unknown] = await search(
      docsearchRequest("page", { facetFilters: undefined }),
      docsearchRequest("page", { facetFilters: ["language:en", "docusaurus_tag:docs-default-current"] }),
      docsearchRequest("page", { facetFilters: [["language:fr", "language:en"]] }),
      docsearchRequest("page", { facetFilters: ["language:fr"] }),
      docsearchRequest("page", { facetFilters: ["language:-en"] }),
      docsearchRequest("page", { facetFilters: ["color:blue"] }),
    );
    expect(all!.nbHits).toBeGreaterThan(3);
    expect(contextual!.nbHits).toBe(all!.nbHits);
    expect(nested!.nbHits).toBe(all!.nbHits);
    expect(french!.nbHits).toBe(0);
    expect(negated!.nbHits).toBe(0);
    expect(unknown!.nbHits).toBe(0);
  });

  it("pages through the hits", async () => {
    const [first, second, beyond, all] = await search(
      docsearchRequest("page", { hitsPerPage: 2, page: 0 }),
      docsearchRequest("page", { hitsPerPage: 2, page: 1 }),
      docsearchRequest("page", { hitsPerPage: 2, page: 50 }),
      docsearchRequest("page", { hitsPerPage: 100 }),
    );
    expect(first!.hits).toHaveLength(2);
    expect(first!.nbPages).toBe(Math.ceil(first!.nbHits / 2));
    expect(second!.page).toBe(1);
    expect(second!.hits.map((h) => h.objectID)).toEqual(all!.hits.slice(2, 4).map((h) => h.objectID));
    expect(beyond!.hits).toEqual([]);
    expect(beyond!.nbHits).toBe(first!.nbHits);
  });

  it("uses the caller's highlight tags and snippet length", async () => {
    const [r] = await search(
      docsearchRequest("sorts", {
        highlightPreTag: "<b class=x>",
        highlightPostTag: "</b>",
        attributesToSnippet: ["content:3"],
        attributesToRetrieve: ["*"],
      }),
    );
    const zeta = r!.hits.find((h) => h.type === "lvl1")!;
    expect(zeta.hierarchy.lvl1).toBe("Zeta Page");
    expect(zeta._highlightResult.content!.value).toBe(
      "Zeta has no position, so it <b class=x>sorts</b> by name after positioned pages.",
    );
    expect(zeta._snippetResult.content!.value).toBe("…<b class=x>sorts</b> by name…");
    // attributesToRetrieve "*" returns the whole record (but not the ranking data).
    expect(zeta).toMatchObject({ language: "en", docusaurus_tag: "docs-default-current", anchor: null });
    expect(zeta).not.toHaveProperty("weight");
  });

  it("answers several queries in one call, and the legacy params-string form", async () => {
    const res = await post(
      JSON.stringify({
        requests: [
          { indexName: INDEX, params: "query=alpha&hitsPerPage=1&facetFilters=%5B%22language%3Aen%22%5D" },
          { indexName: INDEX, query: "zeta" },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: Result[] };
    expect(results.map((r) => [r.query, r.hitsPerPage, r.hits[0]!.hierarchy.lvl1])).toEqual([
      ["alpha", 1, "Alpha Page"],
      ["zeta", 20, "Zeta Page"],
    ]);
  });

  it("cuts queries to 64 characters", async () => {
    const long = `alpha ${"x".repeat(200)}`;
    const [r] = await search(docsearchRequest(long));
    expect(r!.query).toBe(long.slice(0, MAX_QUERY_LENGTH));
  });

  it("with distinct, answers one hit per URL (page and anchor), the best-ranked standing for it", async () => {
    for (const query of ["zeta", "body", "alpha"]) {
      const [all, one] = await search(docsearchRequest(query), docsearchRequest(query, { distinct: true }));
      const urls = all!.hits.map((h) => h.url);
      // The fixture has records sharing a URL for each query (a page title and its text, two tabs' text).
      expect(new Set(urls).size, query).toBeLessThan(urls.length);
      expect(
        one!.hits.map((h) => h.url),
        query,
      ).toEqual([...new Set(urls)]);
      expect(one!.hits.map((h) => h.objectID)).toEqual(
        [...new Set(urls)].map((u) => all!.hits.find((h) => h.url === u)!.objectID),
      );
      // Every hit was read: the count is the distinct hits'.
      expect(one!.nbHits).toBe(one!.hits.length);
    }
  });

  it("pages through distinct hits without a URL on two pages", async () => {
    const [all] = await search(docsearchRequest("body alpha zeta", { hitsPerPage: 100 }));
    const urls = [...new Set(all!.hits.map((h) => h.url))];
    expect(urls.length).toBeGreaterThan(4);
    const pages = await search(
      ...Array.from({ length: Math.ceil(urls.length / 2) + 1 }, (_, page) =>
        docsearchRequest("body alpha zeta", { hitsPerPage: 2, page, distinct: true }),
      ),
    );
    expect(pages.flatMap((r) => r.hits.map((h) => h.url))).toEqual(urls);
    expect(pages.at(-1)!.hits).toEqual([]);
  });

  it("reads distinct as Algolia does: a boolean, a count per URL, in JSON or a params string; refuses others", async () => {
    const urls = async (params: string) => {
      const res = await post(JSON.stringify({ requests: [{ indexName: INDEX, params: `query=body&${params}` }] }));
      expect(res.status, params).toBe(200);
      return ((await res.json()) as { results: Result[] }).results[0]!.hits.map((h) => h.url);
    };
    const every = await urls("distinct=false");
    expect(await urls("distinct=0")).toEqual(every);
    expect(await urls("distinct=true")).toEqual([...new Set(every)]);
    expect(await urls("distinct=1")).toEqual([...new Set(every)]);
    // Two per URL: the fixture's two tab bodies under one heading are both kept, beside the heading.
    expect(await urls("distinct=2")).toEqual(every);
    for (const bad of ["distinct=5", "distinct=-1", "distinct=yes"]) {
      const res = await post(JSON.stringify({ requests: [{ indexName: INDEX, params: `query=body&${bad}` }] }));
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("distinct must be");
    }
    const [json] = await search(docsearchRequest("body", { distinct: 1 }));
    expect(json!.hits.map((h) => h.url)).toEqual([...new Set(every)]);
  });

  it("returns every record for an empty query, page titles first (as Algolia does)", async () => {
    const [r] = await search(docsearchRequest("", { hitsPerPage: 3 }));
    expect(r!.nbHits).toBe(build.searchIndex.documentCount);
    expect(r!.hits.map((h) => h.type)).toEqual(["lvl1", "lvl1", "lvl1"]);
  });
});

describe("the official algoliasearch v5 client", () => {
  it("search: several queries in one call", async () => {
    const { results } = await fullClient.search({
      requests: [
        { indexName: INDEX, query: "alpha", hitsPerPage: 1 },
        { indexName: INDEX, query: "zeta" },
      ],
    });
    const hits = results.map((r) => ("hits" in r ? (r.hits[0] as unknown as Hit).hierarchy.lvl1 : null));
    expect(hits).toEqual(["Alpha Page", "Zeta Page"]);
  });

  it("searchSingleIndex: POST /1/indexes/{indexName}/query", async () => {
    const r = await fullClient.searchSingleIndex({ indexName: INDEX, searchParams: { query: "zeta", hitsPerPage: 2 } });
    expect(r.hits).toHaveLength(2);
    expect((r.hits[0] as unknown as Hit).hierarchy.lvl1).toBe("Zeta Page");
    expect(r).toMatchObject({ query: "zeta", hitsPerPage: 2, page: 0, index: INDEX });
  });

  it("answers an unknown index name with Algolia's 404, from both endpoints", async () => {
    await expect(
      fullClient.searchSingleIndex({ indexName: "other", searchParams: { query: "zeta" } }),
    ).rejects.toMatchObject({
      status: 404,
      name: "ApiError",
    });
    await expect(fullClient.search({ requests: [{ indexName: "other", query: "zeta" }] })).rejects.toMatchObject({
      status: 404,
    });
    const res = await SELF.fetch(`${ORIGIN}/1/indexes/other?query=zeta`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Index does not exist", status: 404 });
  });
});

describe("the single-index routes", () => {
  it("GET /1/indexes/{indexName} takes the parameters from the query string", async () => {
    const res = await SELF.fetch(`${ORIGIN}/1/indexes/${INDEX}?query=alpha&hitsPerPage=1`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as Result;
    expect(r.hits.map((h) => h.hierarchy.lvl1)).toEqual(["Alpha Page"]);
  });

  it("POST …/query takes a params string as well as JSON parameters", async () => {
    const res = await SELF.fetch(`${ORIGIN}/1/indexes/${INDEX}/query`, {
      method: "POST",
      body: JSON.stringify({ params: "query=zeta&hitsPerPage=1" }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Result).hits.map((h) => h.hierarchy.lvl1)).toEqual(["Zeta Page"]);
  });

  it("answers other methods with 405 naming the allowed one", async () => {
    const get = await SELF.fetch(`${ORIGIN}/1/indexes/${INDEX}/query`);
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
    const put = await SELF.fetch(`${ORIGIN}/1/indexes/${INDEX}`, { method: "PUT", body: "{}" });
    expect([put.status, put.headers.get("Allow")]).toEqual([405, "GET"]);
  });
});

describe("multi-query strategy", () => {
  it("stopIfEnoughMatches skips the queries after one that fills a page", async () => {
    const found = async (strategy: string) => {
      const requests = [
        { indexName: INDEX, query: "page", hitsPerPage: 1 },
        { indexName: INDEX, query: "zeta" },
      ];
      const { results } = (await (await post(JSON.stringify({ strategy, requests }))).json()) as { results: Result[] };
      return results.map((r) => r.nbHits > 0);
    };
    expect(await found("stopIfEnoughMatches")).toEqual([true, false]);
    expect(await found("none")).toEqual([true, true]);
    expect((await post(JSON.stringify({ strategy: "all", requests: [{ indexName: INDEX }] }))).status).toBe(400);
  });
});

describe("relevance semantics", () => {
  const titles = async (query: string) => (await search(docsearchRequest(query)))[0]!.hits.map((h) => h.hierarchy.lvl1);

  it("ignores stop words: a question finds what its keywords find", async () => {
    expect((await titles("what is the alpha page"))[0]).toBe("Alpha Page");
    expect((await titles("how do I find zeta"))[0]).toBe("Zeta Page");
  });

  it("makes every word optional: a query with a word found nowhere still returns the best partial matches, highlighted", async () => {
    const [r] = await search(docsearchRequest("alpha zzqqxxyy"));
    expect(r!.nbHits).toBeGreaterThan(0);
    const top = r!.hits[0]!;
    expect(top.hierarchy.lvl1).toBe("Alpha Page");
    expect(top._highlightResult.hierarchy.lvl1).toMatchObject({
      value: "<mark>Alpha</mark> Page",
      matchLevel: "partial",
    });
  });

  it("ranks records with every word above records with some", async () => {
    const [r] = await search(docsearchRequest("alpha position"));
    const levels = r!.hits.map(
      (h) =>
        JSON.stringify(h._highlightResult).includes("<mark>Alpha") &&
        JSON.stringify(h._highlightResult).includes("<mark>position"),
    );
    expect(levels[0]).toBe(true);
    expect(levels.indexOf(false)).toBeGreaterThan(levels.lastIndexOf(true));
  });

  it("folds accents and plurals", async () => {
    expect((await titles("ålphä"))[0]).toBe("Alpha Page");
    expect((await titles("zetas"))[0]).toBe("Zeta Page");
  });

  it("counts two swapped letters as one typo", async () => {
    expect((await titles("zeat"))[0]).toBe("Zeta Page");
  });

  it("uses the site's synonyms: multi-way both ways, one-way only from its input", async () => {
    expect((await titles("first letter"))[0]).toBe("Alpha Page");
    expect((await titles("greek"))[0]).toBe("Zeta Page");
    const [zeta] = await search(docsearchRequest("zeta"));
    expect(JSON.stringify(zeta!.hits)).not.toMatch(/greek/i);
  });
});

describe("bad input", () => {
  it("refuses bodies over 16 KB with 413", async () => {
    const res = await post(JSON.stringify({ requests: [{ indexName: "i", query: "x".repeat(20_000) }] }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, message: expect.stringMatching(/larger than/) });
  });

  it("answers malformed JSON and wrong shapes with 400 and a JSON message, never 5xx", async () => {
    const cases: [string, RegExp][] = [
      ["{not json", /not valid JSON/],
      ["null", /JSON object/],
      ["[]", /JSON object/],
      ['"x"', /JSON object/],
      ["{}", /requests must be an array/],
      ['{"requests":[]}', /empty/],
      ['{"requests":[null]}', /requests\[0\] must be an object/],
      ['{"requests":[{"query":"a"}]}', /indexName is required/],
      ['{"requests":[{"indexName":"i","query":{}}]}', /query must be a string/],
      ['{"requests":[{"indexName":"i","hitsPerPage":"abc"}]}', /hitsPerPage must be an integer/],
      ['{"requests":[{"indexName":"i","page":-1}]}', /page must be an integer/],
      ['{"requests":[{"indexName":"i","facetFilters":5}]}', /facetFilters/],
      ['{"requests":[{"indexName":"i","facetFilters":[[1]]}]}', /facetFilters/],
      ['{"requests":[{"indexName":"i","params":"facetFilters=%5Bbroken"}]}', /not valid JSON/],
      ['{"requests":[{"indexName":"i","type":"facet","facet":"language"}]}', /only "default"/],
      ['{"requests":[{"indexName":"i","attributesToSnippet":["content:zero"]}]}', /word count/],
      [`{"requests":[${Array(11).fill('{"indexName":"i"}').join(",")}]}`, /at most 10/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      const json = (await res.json()) as { message: string; status: number };
      expect(json.status).toBe(400);
      expect(json.message, body).toMatch(message);
    }
  });

  it("surfaces as an API error (not a network failure) in the lite client", async () => {
    await expect(client.search({ requests: [{ indexName: "i", hitsPerPage: -5 } as never] })).rejects.toMatchObject({
      status: 400,
      name: "ApiError",
    });
  });

  it("allows POST only on the endpoint", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await SELF.fetch(QUERIES, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    }
    // Elsewhere, POST keeps its 405.
    expect((await SELF.fetch(`${ORIGIN}/learn/Basics/alpha`, { method: "POST" })).status).toBe(405);
  });
});

describe("the content store's search index", () => {
  it("reads its root once per isolate per build, and says so when a build has none", async () => {
    const rootKey = kvKeys.searchIndex(build.buildId);
    let rootReads = 0;
    const counting = {
      get: (key: string, options: never) => {
        if (key === rootKey) rootReads++;
        return env.CONTENT.get(key, options);
      },
    } as unknown as KVNamespace;
    // Two requests' stores: the second finds the root the first read.
    await new ContentStore(counting, "production").searchIndex(build.buildId);
    const engine = await new ContentStore(counting, "production").searchIndex(build.buildId);
    expect(engine.size).toBe(build.searchIndex.documentCount);
    expect(rootReads).toBeLessThanOrEqual(1);
    await expect(new ContentStore(env.CONTENT, "production").searchIndex("no-such-build")).rejects.toBeInstanceOf(
      ContentUnavailable,
    );
  });

  /** Publishes a copy of the fixture build whose term shards are `value` (null: missing), queries, restores the channel. */
  async function queryWithShards(value: string | null): Promise<Response> {
    const id = `${build.buildId}-shards-${value === null ? "missing" : "corrupt"}`;
    const digest = (i: number) => `${value === null ? "0" : "c"}${String(i).padStart(31, "0")}`;
    // The fixture's index is small: its root lists the shards itself (no parts).
    const { shards } = build.searchIndex;
    expect(shards.level).toBe(0);
    const root = {
      ...build.searchIndex,
      shards: { level: 0, refs: shards.refs.map((s, i) => ({ ...s, digest: digest(i) })) },
    };
    if (value !== null)
      for (let i = 0; i < root.shards.refs.length; i++) await env.CONTENT.put(kvKeys.blob(digest(i)), value);
    await env.CONTENT.put(kvKeys.searchIndex(id), JSON.stringify(root));
    await env.CONTENT.put(kvKeys.manifest(id), JSON.stringify({ ...build.manifestRoot, buildId: id }));
    await env.CONTENT.put(kvKeys.channel("production"), id);
    try {
      return await post(JSON.stringify({ requests: [{ indexName: INDEX, query: "alpha" }] }));
    } finally {
      await env.CONTENT.put(kvKeys.channel("production"), build.buildId);
    }
  }

  it("answers Algolia's 503 JSON when a term shard is missing or corrupt, and searches again once it is back", async () => {
    for (const value of [null, "{not json"]) {
      const res = await queryWithShards(value);
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("10");
      expect(await res.json()).toEqual({ message: "search is not available right now", status: 503 });
    }
    const [r] = await search({ indexName: INDEX, query: "alpha" });
    expect(r!.nbHits).toBeGreaterThan(0);
  });
});

describe("the /search page", () => {
  const page = async (query: string) => {
    const res = await SELF.fetch(`${ORIGIN}/search${query}`);
    return { res, html: await res.text() };
  };

  it("lists results with highlighted snippets and the count, rendered on the server", async () => {
    const { res, html } = await page("?q=alpha");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("<title>Search | Fixture Docs</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<input type="search" maxLength="64"[^>]*name="q" value="alpha"/);
    expect(html).toMatch(/\d+ results? for “alpha”/);
    expect(html).toContain('<a class="search-result-title" href="/learn/Basics/alpha"><mark>Alpha</mark> Page</a>');
    expect(html).toContain('href="/learn/Basics/alpha#first-section"');
    expect(html).toMatch(/class="search-result-path">Learn › Alpha Page</);
    // One result per place: the section's heading stands for it, its text ("Alpha text with a link
    // to beta.") is not listed again under the same link.
    const hrefs = [...html.matchAll(/class="search-result-title" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toContain("/learn/Basics/alpha#first-section");
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(html).not.toContain("<mark>Alpha</mark> text with a link to beta.");
    expect(html).toMatch(new RegExp(`${hrefs.length} results? for “alpha”`));
  });

  it("escapes a hostile query wherever it is reflected", async () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const { res, html } = await page(`?q=${encodeURIComponent(hostile)}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;');
  });

  it("treats a query of only punctuation or spaces as empty", async () => {
    for (const q of ["!!!", "%20%20", "...%20?"]) {
      const { html } = await page(`?q=${q}`);
      expect(html, q).toContain('class="search-prompt"');
      expect(html, q).not.toMatch(/\d+ results? for/);
    }
  });

  it("shows a prompt for an empty query and the no-results texts when nothing matches", async () => {
    const empty = await page("");
    expect(empty.res.status).toBe(200);
    expect(empty.html).toContain('class="search-prompt"');
    const none = await page("?q=zzqqxxyy");
    expect(none.res.status).toBe(200);
    expect(none.html).toContain("No results for “<strong>zzqqxxyy</strong>”");
    // No queries to try: the only ones at hand (the sections' categories) have nothing to do with the query.
    expect(none.html).not.toContain("Try searching for");
    expect(none.html).toContain("Believe this query should return results?");
    expect(none.html).toMatch(
      /href="https:\/\/github\.com\/movementlabsxyz\/movement-docs\/issues\/new\?title=Search%3A\+no\+results\+for\+%22zzqqxxyy%22"[^>]*>Let us know\.<\/a>/,
    );
  });

  it("caps the query at 64 characters and treats a bad page number as page 1", async () => {
    const { html } = await page(`?q=${"a".repeat(100)}&page=oops`);
    expect(html).toContain(`value="${"a".repeat(64)}"`);
    expect(html).not.toContain("a".repeat(65));
  });

  it("is served at /search/ too", async () => {
    expect((await page("/?q=alpha")).res.status).toBe(200);
  });
});
