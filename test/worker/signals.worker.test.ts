/**
 * Signals in workerd with a real local D1 (migrations/ applied): a vote (JSON and the form), a
 * changed vote, a reason and a note; the modal's, the /search page's, an API client's and an
 * agent's searches; an agent's report. Each lands with the right fields and nothing that
 * identifies the sender; Global Privacy Control and Do Not Track record nothing; bad input is
 * refused by name.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTEXTUAL_FACET_FILTERS } from "../../common/search";
import { build } from "./seed";
import { everything, form, json, PAGE, rows, send, today, signalsFixture } from "./signals-helpers";

signalsFixture();

const FEEDBACK = "/_signals/feedback";
const SEARCH = "/_signals/search";
const { indexName } = build.manifest.config.search;

describe("page feedback", () => {
  it("marks the form as for people only, so the Markdown twin, search and MCP text leave it out", async () => {
    const html = await (await send(PAGE)).text();
    expect(html).toMatch(/<section class="feedback" id="feedback" [^>]*data-markdown-ignore=""/);
    expect(await (await send(`${PAGE}.md`)).text()).not.toContain("Was this page helpful?");
  });

  it("records a vote from the script as today's count for the page, and says so", async () => {
    const res = await send(FEEDBACK, json({ page: PAGE, version: "current", vote: "yes" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ recorded: true });
    expect(await rows("feedback_daily")).toEqual([{ day: today(), version: "current", page: PAGE, yes: 1, no: 0 }]);
  });

  it("moves a changed vote's count, and keeps a reason and a redacted note", async () => {
    await send(FEEDBACK, json({ page: PAGE, vote: "yes" }));
    await send(
      FEEDBACK,
      json({
        page: PAGE,
        vote: "no",
        previous: "yes",
        reason: "missing",
        note: "No RPC URL; mail me at ana@example.org",
      }),
    );
    expect(await rows("feedback_daily")).toEqual([{ day: today(), version: "current", page: PAGE, yes: 0, no: 1 }]);
    expect(await rows("feedback_reasons_daily")).toEqual([
      { day: today(), version: "current", page: PAGE, vote: "no", reason: "missing", count: 1 },
    ]);
    expect(await rows("feedback_notes")).toEqual([
      expect.objectContaining({ page: PAGE, vote: "no", reason: "missing", note: "No RPC URL; mail me at [email]" }),
    ]);
  });

  it("answers the form with the page and its thank-you, which never enters the page cache", async () => {
    const res = await send(FEEDBACK, form({ page: PAGE, version: "current", vote: "no", reason: "unclear" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${PAGE}?feedback=no#feedback`);
    expect(await rows("feedback_daily")).toEqual([{ day: today(), version: "current", page: PAGE, yes: 0, no: 1 }]);

    const thanks = await send(`${PAGE}?feedback=no`);
    expect(thanks.status).toBe(200);
    expect(thanks.headers.get("Cache-Control")).toBe("no-store");
    // Still the page: it names its Markdown version as every page does.
    expect(thanks.headers.get("Link")).toMatch(
      /^<[^>]+\/learn\/Basics\/alpha\.md>; rel="alternate"; type="text\/markdown"$/,
    );
    const html = await thanks.text();
    expect(html).toContain("Thank you for your answer (No). You can change it.");
    // Answering again from this page replaces the first answer.
    expect(html).toContain('<input type="hidden" name="previous" value="no"/>');

    const plain = await (await send(PAGE)).text();
    expect(plain).toContain("Was this page helpful?");
    expect(plain).not.toContain("Thank you for your answer");
    const again = await (await send(PAGE)).text();
    expect(again).not.toContain("Thank you for your answer");
  });

  it("stores nothing that identifies the sender: no address, cookie or user agent", async () => {
    const who = {
      "CF-Connecting-IP": "203.0.113.77",
      "User-Agent": "ProbeBrowser/9.9 unique-agent-marker",
      Cookie: "session=unique-cookie-marker",
      Referer: "https://unique-referrer.example/",
    };
    await send(FEEDBACK, json({ page: PAGE, vote: "no", reason: "wrong", note: "Outdated fee table" }, who));
    await send(
      SEARCH,
      json({ event: "query", source: "modal", query: "gas", hits: 2, opened: true, miss: "gaz" }, who),
    );
    await send(`/1/indexes/*/queries`, json({ requests: [{ indexName, query: "alpha" }] }, who));
    const { tables, counted } = await everything();
    const stored = JSON.stringify(tables);
    expect(Object.values(tables).flat().length).toBe(6);
    expect(counted).toBe(6);
    for (const marker of ["203.0.113.77", "unique-agent-marker", "unique-cookie-marker", "unique-referrer"])
      expect(stored).not.toContain(marker);
    // No column could hold them either.
    for (const table of Object.keys(tables)) {
      const [names] = await env.SIGNALS!.prepare(`SELECT * FROM ${table} LIMIT 1`).raw({ columnNames: true });
      expect(names!.join(" ")).not.toMatch(/ip|address|agent|cookie|referr|user|session|time/i);
    }
  });

  it("records nothing for a browser sending Global Privacy Control or Do Not Track, and tells the reader", async () => {
    for (const header of [{ "Sec-GPC": "1" }, { DNT: "1" }] as Record<string, string>[]) {
      const res = await send(FEEDBACK, json({ page: PAGE, vote: "yes" }, header));
      expect(await res.json()).toEqual({ recorded: false });
      expect((await send(FEEDBACK, form({ page: PAGE, vote: "yes" }, header))).status).toBe(303);
      await send(SEARCH, json({ event: "query", source: "modal", query: "gas", hits: 2, opened: false }, header));
      await send(`/search?q=alpha`, { headers: header });
    }
    expect(Object.values((await everything()).tables).flat()).toEqual([]);
    const thanks = await (await send(`${PAGE}?feedback=yes`, { headers: { "Sec-GPC": "1" } })).text();
    expect(thanks).toContain("Your browser asks sites not to record you, so your answer was not kept.");
  });

  it("refuses bad input by name and records none of it", async () => {
    const cases: [RequestInit, number, RegExp][] = [
      [json({ page: PAGE, vote: "maybe" }), 400, /vote must be "yes" or "no"/],
      [json({ page: PAGE, vote: "no", note: "x".repeat(501) }), 400, /longer than 500 characters/],
      [json({ page: PAGE, vote: "no", reason: "because" }), 400, /reason is not one of the form's reasons/],
      [json({ page: "/no/such/page", vote: "no" }), 400, /no page \/no\/such\/page/],
      [json({ page: "https://evil.example/", vote: "no" }), 400, /page must be the page's path/],
      [json([1, 2]), 400, /not a JSON object/],
      [{ method: "POST", headers: { "Content-Type": "text/html" }, body: "<p>" }, 415, /form or JSON/],
      [json({ page: PAGE, vote: "no", note: "é".repeat(9000) }), 413, /larger than 16384 bytes/],
    ];
    for (const [init, status, message] of cases) {
      const res = await send(FEEDBACK, init);
      expect([status, res.status]).toEqual([status, res.status]);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const get = await send(FEEDBACK);
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
    // The form gets a page saying what went wrong, with the way back; its text is escaped.
    const page = await send(FEEDBACK, form({ page: PAGE, vote: "no", note: "<script>".repeat(70) }));
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("the note is longer than 500 characters");
    expect(html).toContain(`href="${PAGE}"`);
    expect(Object.values((await everything()).tables).flat()).toEqual([]);
  });
});

describe("search signals", () => {
  it("records the modal's final query and its reformulation pair", async () => {
    const res = await send(
      SEARCH,
      json({
        event: "query",
        source: "modal",
        version: "current",
        query: "Gas  Fee",
        hits: 7,
        opened: true,
        miss: "gas staton",
      }),
    );
    expect(res.status).toBe(204);
    expect(await rows("search_daily")).toEqual([
      {
        day: today(),
        version: "current",
        source: "modal",
        query: "gas fee",
        searches: 1,
        zero_hits: 0,
        opened: 1,
        hits: 7,
      },
    ]);
    expect(await rows("search_pairs_daily")).toEqual([
      { day: today(), version: "current", miss: "gas staton", found: "gas fee", count: 1 },
    ]);
  });

  it("counts a /search query when the page is served, and a result opened from it", async () => {
    await send("/search?q=Alpha");
    await send("/search?q=Alpha&page=2");
    await send("/search?q=zzqxv");
    await send(SEARCH, json({ event: "open", source: "page", query: "Alpha", version: "current" }));
    const byQuery = Object.fromEntries((await rows<{ query: string }>("search_daily")).map((r) => [r.query, r]));
    expect(byQuery.alpha).toMatchObject({ source: "page", searches: 1, zero_hits: 0, opened: 1 });
    expect((byQuery.alpha as unknown as { hits: number }).hits).toBeGreaterThan(0);
    expect(byQuery.zzqxv).toMatchObject({ source: "page", searches: 1, zero_hits: 1, opened: 0, hits: 0 });
  });

  it("records an API client's queries with their hit counts, but not the modal's keystrokes or the eval's", async () => {
    const body = {
      requests: [
        { indexName, query: "alpha", facetFilters: CONTEXTUAL_FACET_FILTERS },
        { indexName, query: "zzqxv" },
      ],
    };
    expect((await send("/1/indexes/*/queries", json(body))).status).toBe(200);
    expect((await send(`/1/indexes/${indexName}/query`, json({ query: "alpha" }))).status).toBe(200);
    for (const client of ["modal", "eval"])
      expect(
        (
          await send(
            "/1/indexes/*/queries",
            json({ requests: [{ indexName, query: "beta" }] }, { "X-Docs-Client": client }),
          )
        ).status,
      ).toBe(200);
    // A warm-up asking for no hits is not a search.
    await send("/1/indexes/*/queries", json({ requests: [{ indexName, query: "gamma", hitsPerPage: 0 }] }));
    const byQuery = Object.fromEntries((await rows<{ query: string }>("search_daily")).map((r) => [r.query, r]));
    expect(Object.keys(byQuery).sort()).toEqual(["alpha", "zzqxv"]);
    expect(byQuery.alpha).toMatchObject({ source: "api", version: "current", searches: 2, zero_hits: 0 });
    expect(byQuery.zzqxv).toMatchObject({ source: "api", searches: 1, zero_hits: 1, hits: 0 });
  });

  it("refuses a signal that claims another source or is not one", async () => {
    for (const body of [
      { event: "query", source: "api", query: "x", hits: 1, opened: false },
      { event: "query", source: "modal", query: "x", hits: -1, opened: false },
      { event: "click", source: "modal", query: "x" },
    ])
      expect((await send(SEARCH, json(body))).status).toBe(400);
    expect(await rows("search_daily")).toEqual([]);
  });
});

describe("agent signals", () => {
  const call = (name: string, args: Record<string, unknown>) =>
    send(
      "/mcp",
      json(
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
        { Accept: "application/json" },
      ),
    );

  it("report_docs_gap records the question, what was tried and the page, cleaned", async () => {
    const res = await call("report_docs_gap", {
      question: "How do I rotate a validator's consensus key?",
      tried: "search_docs: rotate consensus key; read /learn/Basics/alpha",
      page: `${build.manifest.config.url}${PAGE}`,
    });
    const body = (await res.json()) as { result: { content: { text: string }[]; isError?: boolean } };
    expect(body.result.isError).toBeFalsy();
    expect(body.result.content[0]!.text).toContain("the report was recorded");
    expect(await rows("agent_reports")).toEqual([
      expect.objectContaining({
        day: today(),
        version: "current",
        question: "How do I rotate a validator's consensus key?",
        tried: "search_docs: rotate consensus key; read /learn/Basics/alpha",
        page: PAGE,
      }),
    ]);
  });

  it("search_docs records its query as the agent's", async () => {
    await call("search_docs", { query: "alpha" });
    expect(await rows("search_daily")).toEqual([
      expect.objectContaining({ source: "agent", query: "alpha", searches: 1 }),
    ]);
  });
});
