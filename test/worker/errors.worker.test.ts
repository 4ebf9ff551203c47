/**
 * What a failure becomes, by its type: the store failing anywhere (KV, the page cache, images) is
 * a 503 with Retry-After, a render error a 500; both show the crash page and log one JSON line.
 * Also the request limit on the one route that reads a body.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kvKeys } from "../../client/contracts/page";
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
async function fetchWith(path: string, overrides: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`), { ...env, ...overrides }, ctx);
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
