/** The worker in workerd: normalisation, routing, rendering, headers and error pages. */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { app } from "../../worker/app";
import { WORKER_VERSION } from "../../worker/code-version";
import { build, seedFixture } from "./seed";

const BASE = "https://docs.example.test";
const get = (path: string, init?: RequestInit) => SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });

beforeAll(async () => {
  await seedFixture();
});

describe("URL normalisation", () => {
  it("redirects index.html to the clean category URL with a 301", async () => {
    const res = await get("/learn/Basics/index.html");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/learn/Basics/");
  });

  it("strips .html and keeps the query string", async () => {
    const res = await get("/learn/Basics/alpha.html?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/learn/Basics/alpha?x=1");
  });

  it("applies the route's trailing-slash form", async () => {
    const withSlash = await get("/learn/Basics/alpha/");
    expect(withSlash.status).toBe(301);
    expect(withSlash.headers.get("Location")).toBe("/learn/Basics/alpha");
    const withoutSlash = await get("/learn/Basics");
    expect(withoutSlash.status).toBe(301);
    expect(withoutSlash.headers.get("Location")).toBe("/learn/Basics/");
  });

  it("follows configured redirects", async () => {
    const res = await get("/old-page");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/build/tools");
  });
});

describe("pages", () => {
  it("renders a page with its content, sidebar, breadcrumbs, TOC and pagination", async () => {
    const res = await get("/learn/Basics/alpha");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr"/);
    expect(html).toContain("<title>Alpha Page | Fixture Docs</title>");
    expect(html).toContain('<link rel="canonical" href="https://docs.example.test/learn/Basics/alpha"/>');
    expect(html).toContain('<meta property="og:title" content="Alpha Page | Fixture Docs"/>');
    expect(html).toContain('<meta name="twitter:description" content="Alpha is second by position."/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://docs.example.test/learn/Basics/alpha"/>');
    expect(html).toContain('<h1 id="alpha-page">Alpha Page</h1>');
    expect(html).toContain(
      '<a class="sidebar-link active" href="/learn/Basics/alpha" aria-current="page">Alpha (label)</a>',
    );
    expect(html).toMatch(
      /<nav class="toc"[^>]*>.*href="#first-section">First section<.*href="#a-subsection">A subsection</s,
    );
    // The heading has its own permalink, but no entry in the TOC.
    expect(html.match(/<nav class="toc"[^>]*>.*?<\/nav>/s)?.[0]).not.toContain('href="#not-in-the-toc"');
    expect(html).toContain('<a class="permalink" href="#not-in-the-toc"');
    expect(html).toMatch(/class="breadcrumbs".*The Basics/s);
    expect(html).toMatch(/rel="prev" data-pagination="prev">.*Beta Page/s);
    expect(html).toMatch(/rel="next" data-pagination="next">.*Zeta Page/s);
    expect(html).toContain("Skip to main content");
    expect(html).toContain("Copyright © 2025 Fixture Foundation.");
    expect(html).toContain("Fixture announcement.");
    expect(html).toContain('class="admonition admonition-tip"');
  });

  it("fills a category index with cards from the sidebar", async () => {
    const html = await (await get("/learn/Basics/")).text();
    const cards = [...html.matchAll(/class="card-title">([^<]+)</g)].map((m) => m[1]);
    expect(cards).toEqual(["Beta Page", "Alpha (label)", "Zeta Page"]);
    // Title and description are blocks, so the card's text reads as two lines, not one run-on.
    expect(html).toContain(
      '<div class="card-text"><div class="card-title">Beta Page</div><div class="card-description">Beta is first by position.</div></div>',
    );
  });

  it("marks what only people use, which the Markdown twin leaves out: tab buttons and copy buttons", async () => {
    const html = await (await get("/learn/Basics/beta")).text();
    expect(html).toMatch(/<div class="tab-list" role="tablist" data-markdown-ignore="">/);
    expect(html).toMatch(/<button type="button" class="copy-button" data-copy="" data-markdown-ignore=""/);
  });

  it("serves highlighted code with title, highlighted and error lines", async () => {
    const html = await (await get("/learn/Basics/beta")).text();
    expect(html).toContain('<div class="code-title">sources/counter.move</div>');
    expect(html).toContain('class="line hl"');
    expect(html).toContain('class="line err"');
    expect(html).not.toContain("highlight-next-line");
    expect(html).toContain('class="d-ff79c6 l-d73a49">module</span>');
  });

  it("answers HEAD without a body and revalidates with ETag", async () => {
    const head = await get("/build/tools", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("ETag");
    expect(etag).toBe(`"${build.buildId}.${WORKER_VERSION}"`);
    expect(head.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const again = await get("/build/tools", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("sends security headers with a CSP that allows the pre-paint script by hash only", async () => {
    const res = await get("/");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });

  it("points agents to the page's Markdown and llms.txt: a hidden first line, a link element and a Link header", async () => {
    const directive = (html: string) => /<body[^>]*>(<p[^>]*data-agent-directive[^>]*>[^<]*<\/p>)/.exec(html)?.[1];
    const page = await get("/learn/Basics/alpha");
    expect(page.headers.get("Link")).toBe(
      '<https://docs.example.test/learn/Basics/alpha.md>; rel="alternate"; type="text/markdown"',
    );
    const html = await page.text();
    expect(html).toContain(
      '<link rel="alternate" type="text/markdown" href="https://docs.example.test/learn/Basics/alpha.md"/>',
    );
    expect(directive(html)).toBe(
      '<p class="visually-hidden" aria-hidden="true" data-agent-directive="">For AI agents: this page as Markdown is at https://docs.example.test/learn/Basics/alpha.md. The index of every page is at https://docs.example.test/llms.txt.</p>',
    );
    const home = await get("/");
    expect(home.headers.get("Link")).toBe(
      '<https://docs.example.test/index.md>; rel="alternate"; type="text/markdown"',
    );
    expect(directive(await home.text())).toContain("this page as Markdown is at https://docs.example.test/index.md.");
    const missing = await get("/learn/Basics/missing-page");
    expect(missing.headers.get("Link")).toBeNull();
    const notFound = await missing.text();
    expect(notFound).not.toContain('type="text/markdown"');
    expect(directive(notFound)).toContain(
      ">For AI agents: The index of every page is at https://docs.example.test/llms.txt.<",
    );
  });

  it("keeps the agents' line out of search: no record holds it", async () => {
    // Only the line says "agents" or "llms.txt": a record made from it would be a hit.
    for (const q of ["agents", "llms.txt"]) {
      const html = await (await get(`/search?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain("No results for");
      expect(html, q).not.toContain('class="search-result"');
    }
  });

  it("rejects other methods with 405", async () => {
    const res = await get("/", { method: "POST", body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("content images", () => {
  it("serves a page image with its size, lazily, from an immutable content-hashed URL", async () => {
    const html = await (await get("/build/tools")).text();
    const img = /<img [^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain('alt="The tool flow"');
    expect(img).toContain('width="320"');
    expect(img).toContain('height="120"');
    expect(img).toContain('loading="lazy"');
    const src = /src="([^"]+)"/.exec(img)?.[1] ?? "";
    expect(src).toMatch(/^\/_assets\/[0-9a-f]{16}\.svg$/);
    const res = await get(src);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toContain("immutable");
    expect(await res.text()).toContain("<svg");
  });

  it("answers 404 for unknown or malformed asset names", async () => {
    expect((await get("/_assets/0000000000000000.svg")).status).toBe(404);
    expect((await get("/_assets/..%2Fmanifest")).status).toBe(404);
    expect((await get("/_assets/abc.exe")).status).toBe(404);
  });
});

describe("not found", () => {
  it("gives 404 with a way on: nearest section, search and home", async () => {
    const res = await get("/learn/Basics/missing-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('<a href="/learn/Basics/">Go to <!-- -->The Basics</a>');
    expect(html).toContain('href="/search?q=missing%20page"');
    expect(html).toContain('<a href="/">Go to the home page</a>');
  });

  it("leads the navbar's sidebar links to each sidebar's first page", async () => {
    const html = await (await get("/build/tools")).text();
    expect(html).toContain('<a class="navbar-link" href="/">Learn</a>');
    expect(html).toContain('<a class="navbar-link active" href="/build/tools" aria-current="true">Build</a>');
  });

  it("escapes a hostile path", async () => {
    const res = await get("/%3Cscript%3Ealert(1)%3C/script%3E");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("<code>/&lt;script&gt;alert(1)&lt;/script&gt;</code>");
  });
});

describe("failures", () => {
  const brokenKv = {
    get: () => Promise.reject(new Error("KV is down")),
  } as unknown as KVNamespace;

  it("shows the crash page with 503 when KV fails", async () => {
    const ctx = createExecutionContext();
    // A path with no rendered copy in the cache.
    const res = await app.fetch(new Request(`${BASE}/learn/Basics/never-rendered`), { ...env, CONTENT: brokenKv }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("<title>Page Error | Movement Network | Movement</title>");
    expect(html).toContain("This page crashed.");
    expect(html).toMatch(/<a class="button" href="\/learn\/Basics\/never-rendered">Try again<\/a>/);
  });

  it("shows the crash page with 500 when a page record is missing from its build", async () => {
    // A route no earlier test rendered, so the page cache cannot answer for it.
    await env.CONTENT.delete(kvKeys.blob(build.manifest.blobs.pages["/learn/Basics/zeta"]!));
    const res = await get("/learn/Basics/zeta");
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("This page crashed.");
    await seedFixture();
  });

  it("serves the last rendered copy when KV fails, and says so", async () => {
    // Rendered once, and its copy stored: the response read and its waitUntil work done.
    const first = createExecutionContext();
    await (await app.fetch(new Request(`${BASE}/learn/Basics/beta`), env, first)).text();
    await waitOnExecutionContext(first);
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}/learn/Basics/beta`), { ...env, CONTENT: brokenKv }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Cache")).toBe("STALE");
    expect(await res.text()).toContain("Beta Page");
  });

  it("treats a KV read that hangs as a failure (503 and a retry)", async () => {
    const hanging = { get: () => new Promise(() => {}) } as unknown as KVNamespace;
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}/never-rendered`), { ...env, CONTENT: hanging }, ctx);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("This page crashed.");
  });

  it("shows the crash page, not a blank, for a corrupt page record", async () => {
    await env.CONTENT.put(
      kvKeys.blob(build.manifest.blobs.pages["/learn/Basics/zeta"]!),
      '{"title": 42, "tree": "nope"}',
    );
    const res = await get("/learn/Basics/zeta");
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("This page crashed.");
    await seedFixture();
    // The isolate keeps page records it read, but not one that was corrupt: the repaired page renders.
    const repaired = await get("/learn/Basics/zeta");
    expect(repaired.status).toBe(200);
    expect(await repaired.text()).toContain("Zeta");
  });

  it("shows the crash page with 503 when the channel points at nothing", async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${BASE}/no-copy-cached`),
      { ...env, CONTENT_CHANNEL: "preview-none" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("10");
  });
});
