/**
 * Caches keyed by what they hold: a rendered page under its build and the worker's code version
 * (a deploy never serves pages that name assets it no longer has), validators compared weakly,
 * files revalidated by their digest, and distinct validators where one URL answers HTML or Markdown.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kvKeys } from "../../common/page";
import { WORKER_VERSION } from "../../worker/code-version";
import { cacheKeys } from "../../worker/middleware/page-cache";
import { build, seedFixture, twinDigest } from "./seed";

const BASE = "https://docs.example.test";
const get = (path: string, init?: RequestInit) => SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });

beforeAll(async () => {
  await seedFixture();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await seedFixture();
});

const stalePage = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/boot-GONE.css"/></head><body>old</body></html>`;

const staleResponse = () =>
  new Response(stalePage, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=86400" } });

describe("the page cache after a deploy", () => {
  it("never serves a page rendered by other code, and serves its own", async () => {
    const route = "/learn/Basics/beta";
    const cache = await caches.open("pages");
    const older = cacheKeys(build.buildId, route, "0lderversion");
    await cache.put(older.build, staleResponse());
    const fresh = await get(route);
    expect(fresh.headers.get("X-Cache")).toBe("MISS");
    const html = await fresh.text();
    expect(html).not.toContain("boot-GONE.css");
    expect(html).toContain("<h1");
    const current = cacheKeys(build.buildId, route);
    await cache.put(current.build, staleResponse());
    expect((await get(route)).headers.get("X-Cache")).toBe("HIT");
  });

  it("keeps the last good copy per code version: KV down after a deploy gives the crash page, not an old copy", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const route = "/learn/Basics/";
    const cache = await caches.open("pages");
    await cache.put(cacheKeys(build.buildId, route, "0lderversion").last, staleResponse());
    await env.CONTENT.put(kvKeys.channel("production"), "gonebuild000");
    const res = await get(route);
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain("boot-GONE.css");
  });
});

describe("revalidation", () => {
  it("answers 304 to the page's validator sent strong, weak or in a list; an older deploy's validator gets the page", async () => {
    const etag = `"${build.buildId}.${WORKER_VERSION}"`;
    for (const sent of [etag, `W/${etag}`, `"x", W/${etag}`, "*"]) {
      const res = await get("/build/tools", { headers: { "If-None-Match": sent } });
      expect(res.status, sent).toBe(304);
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Vary")).toBe("Accept");
    }
    const before = await get("/build/tools", { headers: { "If-None-Match": `"${build.buildId}"` } });
    expect(before.status).toBe(200);
  });

  it("revalidates files by their digest, and gives the HTML and the Markdown of one URL different validators", async () => {
    const twin = `"${twinDigest("/learn/Basics/alpha")}"`;
    const md = await get("/learn/Basics/alpha", { headers: { Accept: "text/markdown" } });
    expect(md.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("ETag")).toBe(twin);
    expect(md.headers.get("Vary")).toBe("Accept");
    const html = await get("/learn/Basics/alpha");
    expect(html.headers.get("ETag")).not.toBe(twin);
    expect(html.headers.get("Vary")).toBe("Accept");
    const again = await get("/learn/Basics/alpha.md", { headers: { "If-None-Match": `W/${twin}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const sitemap = await get("/sitemap.xml");
    const revalidated = await get("/sitemap.xml", { headers: { "If-None-Match": sitemap.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
  });

  it("refuses a file whose stored text does not match its digest, instead of serving it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.CONTENT.put(kvKeys.blob(build.manifest.blobs.files["/sitemap.xml"]!), "<urlset>tampered</urlset>");
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("tampered");
  });
});
