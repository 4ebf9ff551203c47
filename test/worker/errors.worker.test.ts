/**
 * What a failure becomes, by its type: the store failing anywhere (KV, the page cache, images) is
 * a 503 with Retry-After, a render error a 500; both show the crash page and log one JSON line.
 * A store this worker cannot read (a format it no longer reads) is the store failing, named in the log.
 * Also the request limit on the one route that reads a body.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kvKeys } from "../../common/page";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { build, putVariant, seedFixture } from "./seed";

const BASE = "https://docs.example.test";

beforeAll(async () => {
  await seedFixture();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The worker with `overrides` on its bindings, as a reader would reach it. */
async function fetchWith(path: string, overrides: Partial<Env>, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The real KV, except that reads of keys matching `failing` reject. */
const kvFailingOn = (failing: RegExp) =>
  ({
    get: (key: string, options?: unknown) =>
      failing.test(key) ? Promise.reject(new Error("KV is down")) : env.CONTENT.get(key, options as never),
  }) as unknown as KVNamespace;

async function expectCrashPage(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'sha256-");
  const html = await res.text();
  expect(html).toMatch(/<title>Page Error \| [^<]+<\/title>/);
  expect(html).toContain("This page crashed.");
  expect(html).toMatch(/<a class="button" href="\/[^"]*">Try again<\/a>/);
}

describe("the store failing", () => {
  it("after the manifest was read (a page record) is a 503 with Retry-After", async () => {
    const res = await fetchWith("/learn/Basics/alpha", { CONTENT: kvFailingOn(/^blob\//), DISABLE_PAGE_CACHE: "1" });
    await expectCrashPage(res, 503);
    expect(res.headers.get("Retry-After")).toBe("10");
  });

  it("to open the page cache is a 503 with Retry-After", async () => {
    vi.spyOn(caches, "open").mockRejectedValue(new Error("the cache is down"));
    const res = await fetchWith("/learn/Basics/alpha", {});
    await expectCrashPage(res, 503);
    expect(res.headers.get("Retry-After")).toBe("10");
  });

  it("for a content image is a 503 with Retry-After, not a bare error", async () => {
    const name = Object.keys(build.assets)[0]!;
    const res = await fetchWith(`/_assets/${name}`, { CONTENT: kvFailingOn(/^asset\//) });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("10");
    expect(await res.text()).toContain("This page crashed.");
  });

  it("for a route shard of the manifest is a 503; a shard the manifest names but KV lacks is a 500", async () => {
    // A build of its own, so its shard is in no isolate's cache yet.
    const id = "shardfail001";
    const root = await putVariant(id);
    await env.CONTENT.put(kvKeys.channel("production"), id);
    try {
      const failing = await fetchWith("/learn/Basics/alpha", { CONTENT: kvFailingOn(/^blob\/shard-/) });
      await expectCrashPage(failing, 503);
      expect(failing.headers.get("Retry-After")).toBe("10");
      vi.spyOn(console, "error").mockImplementation(() => {});
      await env.CONTENT.delete(kvKeys.blob(root.routes.refs[0]!.digest));
      const missing = await fetchWith("/learn/Basics/alpha", { DISABLE_PAGE_CACHE: "1" });
      await expectCrashPage(missing, 500);
      expect(missing.headers.get("Retry-After")).toBeNull();
    } finally {
      await seedFixture();
    }
  });

  it("logs one JSON line with the level, the event and what was asked", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const record = new RegExp(`^blob/${build.manifest.blobs.pages["/learn/Basics/alpha"]}$`);
    await fetchWith("/learn/Basics/alpha", { CONTENT: kvFailingOn(record), DISABLE_PAGE_CACHE: "1" });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: "error",
        event: "content_unavailable",
        path: "/learn/Basics/alpha",
        buildId: build.buildId,
        channel: "production",
        error: `ContentUnavailable: KV failed reading blob/${build.manifest.blobs.pages["/learn/Basics/alpha"]}`,
      },
    ]);
  });
});

describe("a store this worker cannot read", () => {
  const indexName = build.manifestRoot.config.search.indexName;
  /** A page, a Markdown twin and a search on `channel`, and what the worker logged for them. */
  async function readerSees(channel: string) {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const on = { CONTENT_CHANNEL: channel, DISABLE_PAGE_CACHE: "1" };
    const page = await fetchWith("/learn/Basics/alpha", on);
    const twin = await fetchWith("/learn/Basics/alpha.md", on);
    const search = await fetchWith(`/1/indexes/${indexName}/query`, on, {
      method: "POST",
      body: JSON.stringify({ query: "alpha" }),
    });
    return { page, twin, search, logged: lines.map((l) => JSON.parse(l) as { event: string; error: string }) };
  }

  async function expectSearch503(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("10");
    expect(await res.json()).toEqual({ status: 503, message: "search is not available right now" });
  }

  it("with only format 2's pointer (published before format 3): 503 everywhere, and the log says to publish", async () => {
    await env.CONTENT.put("channel/old-pointer", build.buildId);
    const { page, twin, search, logged } = await readerSees("old-pointer");
    await expectCrashPage(page, 503);
    expect(page.headers.get("Retry-After")).toBe("10");
    expect(twin.status).toBe(503);
    await expectSearch503(search);
    expect(logged.map((l) => l.error)).toEqual(
      Array(3).fill('ContentUnavailable: channel "old-pointer" points at no build; run npm run publish'),
    );
  });

  it("with a build whose manifest is format 2's: 503 everywhere, and the log names the format", async () => {
    const id = "oldformat002";
    await env.CONTENT.put(kvKeys.manifest(id), JSON.stringify({ format: 2, buildId: id, routeShards: [] }));
    await env.CONTENT.put(kvKeys.channel("old-manifest"), id);
    const { page, twin, search, logged } = await readerSees("old-manifest");
    await expectCrashPage(page, 503);
    expect(twin.status).toBe(503);
    await expectSearch503(search);
    const said = `build ${id} is stored in format 2, which this worker (format 3) does not read; publish again`;
    expect(logged.map((l) => l.error)).toEqual(Array(3).fill(`ContentUnavailable: ${said}`));
  });

  it("with a search index of format 2 in a build it reads: pages served, searches 503, the log names it", async () => {
    const id = "oldsearch002";
    await putVariant(id);
    await env.CONTENT.put(kvKeys.searchIndex(id), JSON.stringify({ version: 4, pieces: [], packs: [] }));
    await env.CONTENT.put(kvKeys.channel("old-search"), id);
    const { page, twin, search, logged } = await readerSees("old-search");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1");
    expect(twin.status).toBe(200);
    await expectSearch503(search);
    expect(logged).toMatchObject([
      {
        event: "search_failed",
        error: `ContentUnavailable: build ${id} has a search index this worker does not read; publish again`,
      },
    ]);
  });
});

describe("a render error", () => {
  it("is a 500 with the crash page and no Retry-After", async () => {
    const route = "/learn/Basics/zeta";
    const record = JSON.parse((await env.CONTENT.get(kvKeys.blob(build.manifest.blobs.pages[route]!)))!);
    const broken = { ...record, tree: [["NoSuchComponent", null]] };
    await env.CONTENT.put(kvKeys.blob(build.manifest.blobs.pages[route]!), JSON.stringify(broken));
    try {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const res = await fetchWith(route, { DISABLE_PAGE_CACHE: "1" });
      await expectCrashPage(res, 500);
      expect(res.headers.get("Retry-After")).toBeNull();
    } finally {
      await seedFixture();
    }
  });
});

describe("request limits", () => {
  it("refuses a search body over 16 KB sent without a length (streamed) with 413", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await SELF.fetch(`${BASE}/1/indexes/any/queries`, { method: "POST", body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 413, message: "the body is larger than 16384 bytes" });
  });
});
