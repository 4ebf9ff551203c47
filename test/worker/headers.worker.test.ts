/**
 * The full header set of each kind of response, pinned: a header added, dropped or changed by a
 * refactor or a library's defaults (hono/secure-headers adds several of its own) fails here.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { WORKER_VERSION } from "../../worker/code-version";
import { build, seedFixture, twinDigest } from "./seed";

const get = (path: string, init?: RequestInit) =>
  SELF.fetch(`https://docs.example.test${path}`, { redirect: "manual", ...init });

const headersOf = (res: Response) => Object.fromEntries([...res.headers].sort(([a], [b]) => a.localeCompare(b)));

/** Today's CSP: the pre-paint script and the DocSearch logo's style by hash, nothing inline else. */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'sha256-wxwxrJmHs5KVrhWn9+jp03Pv0vm+lO2zsMYqH2OfhxI='",
  "style-src 'self' 'sha256-lYPgVeO0CacLwwUB4DyR9jnHyogvo7NBwUv0zXx/qBY='",
  "img-src 'self' data:",
  "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "upgrade-insecure-requests",
].join("; ");

/** What every HTML document carries. */
const DOCUMENT = {
  "content-security-policy": CSP,
  "content-type": "text/html; charset=utf-8",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

beforeAll(async () => {
  await seedFixture();
});

describe("the full header set", () => {
  it("of a page", async () => {
    const res = await get("/learn/Basics/alpha");
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({
      ...DOCUMENT,
      "cache-control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      etag: `"${build.buildId}.${WORKER_VERSION}"`,
      link: '<https://docs.example.test/learn/Basics/alpha.md>; rel="alternate"; type="text/markdown"',
      vary: "Accept",
      "x-cache": "MISS",
    });
  });

  it("of the 404 page", async () => {
    const res = await get("/learn/Basics/missing");
    expect(res.status).toBe(404);
    expect(headersOf(res)).toEqual({ ...DOCUMENT, "cache-control": "no-store" });
  });

  it("of the search page", async () => {
    const res = await get("/search?q=alpha");
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({ ...DOCUMENT, "cache-control": "no-store" });
  });

  it("of a Markdown twin", async () => {
    const res = await get("/learn/Basics/alpha.md");
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({
      "cache-control": "public, max-age=300",
      "content-type": "text/markdown; charset=utf-8",
      etag: `"${twinDigest("/learn/Basics/alpha")}"`,
      vary: "Accept",
      "x-content-type-options": "nosniff",
    });
  });

  it("of a content image", async () => {
    const name = Object.keys(build.assets).find((n) => n.endsWith(".svg"))!;
    const res = await get(`/_assets/${name}`);
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "content-type": "image/svg+xml",
      "x-content-type-options": "nosniff",
    });
  });

  it("of a redirect", async () => {
    const res = await get("/learn/Basics/alpha.html");
    expect(res.status).toBe(301);
    expect(headersOf(res)).toEqual({
      "cache-control": "public, max-age=3600",
      location: "/learn/Basics/alpha",
      "x-content-type-options": "nosniff",
    });
  });
});
