/**
 * Hostile input against the real bundle: 2,000+ generated paths, query strings, headers and methods.
 * Nothing may produce a 5xx, reflect markup unescaped, or redirect anywhere but a clean local path.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

let site: RunningSite;
before(async () => {
  site = await serveSite(FIXTURE_ROOT, { strict: true });
});
after(() => site?.stop());

/** A small deterministic generator, so a failure can be reproduced from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  "javascript:alert(1)",
  "../../../../etc/passwd", // url-path: a request path sent to the server, not a file this repo reads
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "%252e%252e%252f",
  "%c0%ae%c0%ae/",
  "%ff%fe%fd",
  "%e0%80%af",
  "%00",
  "%0d%0aSet-Cookie:%20x=1",
  "\u0000",
  "%%%",
  "index.html",
  ".html",
  "//evil.example.com",
  "\\\\evil.example.com",
  "%5c%5cevil.example.com",
  "a".repeat(3000),
  "🦀",
  "%F0%9F%A6%80",
  "learn/Basics/index.html",
  "__proto__",
  "constructor",
  "_assets/..%2f..%2fmanifest",
  "_assets/" + "f".repeat(16) + ".svg",
  "search",
];
const PREFIXES = ["/", "/learn/", "/learn/Basics/", "/build/", "/_assets/", "/api/node/", "//", "/search/"];
const QUERIES = [
  "",
  "?q=<script>alert(1)</script>",
  "?q=%3Cimg%20src%3Dx%3E",
  "?page=-1",
  "?page=99999999999",
  "?q=" + "x".repeat(500),
  "?%ff=%fe",
  "?q=%00",
  "?a[]=1&a[]=2",
];
const METHODS = ["GET", "HEAD", "GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"];
const MARKERS = ["<script>alert(1)", "<img src=x onerror", "<svg/onload", "onerror=alert(1)>"];

function cases(count: number): { method: string; path: string; headers: Record<string, string> }[] {
  const next = rng(20261121);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const out = [];
  for (let i = 0; i < count; i++) {
    const segs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(PAYLOADS));
    const headers: Record<string, string> = {};
    if (next() < 0.1) headers["If-None-Match"] = pick(PAYLOADS).slice(0, 200);
    if (next() < 0.1)
      headers["Accept"] = pick(["text/markdown", "*/*", "text/html;q=0.1, text/markdown", "x".repeat(8000)]);
    if (next() < 0.05) headers["X-Long"] = "y".repeat(16_000);
    out.push({
      method: pick(METHODS),
      path: pick(PREFIXES) + segs.join(pick(["/", "", "%2f", "//"])) + pick(QUERIES),
      headers,
    });
  }
  return out;
}

it("answers 2,000 hostile requests without a 5xx, an unescaped reflection or an open redirect", async () => {
  const failures: string[] = [];
  for (const c of cases(2000)) {
    let res: Response;
    try {
      res = (await site.server.dispatch(`http://127.0.0.1${c.path}`, {
        method: c.method,
        headers: c.headers,
        body: c.method === "POST" || c.method === "PUT" ? "x" : undefined,
        redirect: "manual",
      })) as unknown as Response;
    } catch (e) {
      // The URL could not be formed at all: nothing reached the worker.
      if (e instanceof TypeError) continue;
      throw e;
    }
    const body = c.method === "HEAD" ? "" : await res.text();
    const label = `${c.method} ${c.path.slice(0, 120)}`;
    if (res.status >= 500) failures.push(`${label} → ${res.status}`);
    for (const m of MARKERS) if (body.includes(m)) failures.push(`${label} reflects ${m}`);
    if (res.status === 301 || res.status === 302) {
      const location = res.headers.get("Location") ?? "";
      if (!location.startsWith("/") || location.startsWith("//") || /[\r\n\\]/.test(location))
        failures.push(`${label} redirects to ${location}`);
    }
    if (res.headers.get("Set-Cookie")) failures.push(`${label} set a cookie`);
    if (failures.length > 20) break;
  }
  assert.deepEqual(failures, []);
});

it("redirects .html paths with a 301 and answers unknown paths with 404", async () => {
  const r1 = (await site.server.dispatch("http://127.0.0.1/learn/Basics/index.html", {
    redirect: "manual",
  })) as unknown as Response;
  assert.equal(r1.status, 301);
  assert.equal(r1.headers.get("Location"), "/learn/Basics/");
  const r2 = (await site.server.dispatch("http://127.0.0.1/learn/%2e%2e/%2e%2e/etc/passwd", {
    redirect: "manual",
  })) as unknown as Response;
  assert.equal(r2.status, 404);
});
