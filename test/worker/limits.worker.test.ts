/**
 * No request can crash, hang or amplify the worker: deep and long paths, a stalled KV (one deadline
 * per request for all its reads, search pieces included), search input that once answered 500, and
 * the hits one search call may ask for.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kvKeys } from "../../common/page";
import { app } from "../../worker/app";
import { MAX_PATH_BYTES } from "../../worker/base-url";
import { REQUEST_KV_BUDGET_MS } from "../../worker/content-store";
import type { Env } from "../../worker/env";
import { build, putVariant, seedFixture } from "./seed";

const BASE = "https://docs.example.test";
const INDEX = "movementnetwork";
const get = (path: string, init?: RequestInit) => SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });

beforeAll(async () => {
  await seedFixture();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await env.CONTENT.put(kvKeys.channel("production"), build.buildId);
});

/** The worker with `overrides` on its bindings; resolves with the response and its body. */
async function fetchWith(path: string, overrides: Partial<Env>, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...overrides }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

/** The real KV, with every read of a key matching `slow` never answered, counting the reads of each key. */
function kvWith(slow: RegExp) {
  const reads = new Map<string, number>();
  const kv = {
    get(key: string, options?: unknown) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return slow.test(key) ? new Promise(() => {}) : env.CONTENT.get(key, options as never);
    },
  } as unknown as KVNamespace;
  return { kv, reads };
}

describe("paths", () => {
  it(`refuses a path over ${MAX_PATH_BYTES} bytes with a 414 page, whatever its depth`, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of [`/${"a/".repeat(16_000)}`, `/${"x".repeat(MAX_PATH_BYTES)}`]) {
      const res = await get(path);
      expect(res.status).toBe(414);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("<h1>Address Too Long</h1>");
      expect(html).toContain('<a href="/">Go to the home page</a>');
    }
    const longest = `/learn/${"y".repeat(MAX_PATH_BYTES - "/learn/".length)}`;
    expect((await get(longest)).status).toBe(404);
  });

  it("answers a missing path deeper than 32 segments with the 404 page, without looking for a parent page", async () => {
    const deep = `/learn/Basics/${"d/".repeat(40)}missing`;
    const shallow = "/learn/Basics/missing";
    const deepHtml = await (await get(deep)).text();
    const nearest = /<a href="([^"]+)">Go to (?!the home page)/;
    expect(deepHtml).toContain("Page Not Found");
    expect(deepHtml).not.toMatch(nearest);
    // The same page one level under a section offers the section.
    const shallowRes = await get(shallow);
    expect(shallowRes.status).toBe(404);
    expect(nearest.exec(await shallowRes.text())?.[1]).toBe("/learn/Basics/");
  });
});

describe("a stalled KV", () => {
  it("costs a request one deadline for all its reads: with every read 2 s slow, a cold page answers 503 by the deadline", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const id = "slowkvbuild1";
    await putVariant(id);
    // On a clock the test moves: every read answers 2 s after it is made (the pointer names the
    // variant; nothing else comes in time to matter).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const reads: string[] = [];
    const kv = {
      get(key: string) {
        reads.push(key);
        return new Promise((resolve) =>
          setTimeout(() => resolve(key === kvKeys.channel("production") ? id : null), 2000),
        );
      },
    } as unknown as KVNamespace;
    let answered = false;
    const response = fetchWith("/learn/Basics/beta", { CONTENT: kv, DISABLE_PAGE_CACHE: "1" }).finally(
      () => (answered = true),
    );
    await vi.advanceTimersByTimeAsync(REQUEST_KV_BUDGET_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered, "answered at the deadline").toBe(true);
    const { res } = await response;
    vi.useRealTimers();
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("10");
    // The pointer (2 s), then the manifest until the budget ran out; nothing after it.
    expect(reads).toEqual([kvKeys.channel("production"), kvKeys.manifest(id)]);
    // One log line for the one 5xx.
    expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual(["content_unavailable"]);
  });

  it("gives each request the deployment's KV_BUDGET_MS, and the default for a value that is not a time", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { kv } = kvWith(/^channel\//);
    /** Whether the page is answered `ms` after it is asked for, but not a millisecond before. */
    const answeredAt = async (setting: string, ms: number) => {
      let answered = false;
      const response = fetchWith("/learn/Basics/beta", { CONTENT: kv, KV_BUDGET_MS: setting }).finally(
        () => (answered = true),
      );
      await vi.advanceTimersByTimeAsync(ms - 1);
      const early = answered;
      await vi.advanceTimersByTimeAsync(1);
      return { early, answered, status: (await response).res.status };
    };
    expect(await answeredAt("30000", 30_000)).toEqual({ early: false, answered: true, status: 503 });
    expect(await answeredAt("soon", REQUEST_KV_BUDGET_MS)).toEqual({ early: false, answered: true, status: 503 });
    vi.useRealTimers();
    const events = lines.map((l) => (JSON.parse(l) as { event: string }).event);
    expect(events.filter((e) => e === "kv_budget_invalid")).toHaveLength(1);
  });

  it("reads a pointer that failed once per request, not again for each part of the request", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { kv, reads } = kvWith(/^channel\//);
    const { res } = await fetchWith("/learn/Basics/never-cached", { CONTENT: kv });
    expect(res.status).toBe(503);
    expect(reads.get(kvKeys.channel("production"))).toBe(1);
  });

  it("answers a search whose pieces hang with 503 and Retry-After, on every search surface, logging each once", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const pieces = new Set(Object.keys(build.searchPieces).map(kvKeys.blob));
    const { kv } = kvWith(new RegExp(`^(${[...pieces].join("|")})$`));
    const page = await fetchWith("/search?q=alphabetical+zebra", { CONTENT: kv });
    expect(page.res.status).toBe(503);
    expect(page.res.headers.get("Retry-After")).toBe("10");
    const api = await fetchWith(
      `/1/indexes/${INDEX}/query`,
      { CONTENT: kv },
      {
        method: "POST",
        body: JSON.stringify({ query: "zebra alphabetical" }),
      },
    );
    expect(api.res.status).toBe(503);
    expect(api.res.headers.get("Retry-After")).toBe("10");
    expect(JSON.parse(api.body)).toEqual({ status: 503, message: "search is not available right now" });
    expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual([
      "search_index_unavailable",
      "search_failed",
    ]);
  });
});

describe("search input", () => {
  it("searches for Move types written with brackets and braces from a GET, and never answers 500", async () => {
    for (const q of ["[u8]", "{address}", "vector<u8>", "[", "{", "]}"]) {
      const res = await get(`/1/indexes/${INDEX}?query=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { query: string }).query).toBe(q);
    }
    const bad = await get(`/1/indexes/${INDEX}?facetFilters=${encodeURIComponent("[oops")}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: 400, message: "params: facetFilters is not valid JSON" });
  });

  it("refuses a call that asks for more than 200 hits in all, saying so", async () => {
    const requests = Array.from({ length: 10 }, () => ({ indexName: INDEX, query: "a", hitsPerPage: 100 }));
    const res = await get("/1/indexes/*/queries", { method: "POST", body: JSON.stringify({ requests }) });
    expect(res.status).toBe(400);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(((await res.json()) as { message: string }).message).toBe(
      "at most 200 hits per call: these requests ask for 1000 (the sum of their hitsPerPage)",
    );
    const fits = Array.from({ length: 10 }, () => ({ indexName: INDEX, query: "a", hitsPerPage: 20 }));
    expect(
      (await get("/1/indexes/*/queries", { method: "POST", body: JSON.stringify({ requests: fits }) })).status,
    ).toBe(200);
  });
});
