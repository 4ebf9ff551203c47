/** Files for machines and the Markdown twins, served from the live build. */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedFixture } from "./seed";

const get = (path: string, init?: RequestInit) =>
  SELF.fetch(`https://docs.example.test${path}`, { redirect: "manual", ...init });

beforeAll(async () => {
  await seedFixture();
});

describe("machine-readable files", () => {
  it("serves a sitemap of every page with lastmod", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain("<loc>https://docs.example.test/learn/Basics/alpha</loc>");
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("Sitemap: https://docs.example.test/sitemap.xml");
  });

  it("serves llms.txt listing pages with their Markdown twins, and llms-full.txt as the full text", async () => {
    const llms = await (await get("/llms.txt")).text();
    expect(llms).toContain(
      "- [Alpha (label)](https://docs.example.test/learn/Basics/alpha.md): Alpha is second by position.",
    );
    expect(llms).toContain("AI assistants can connect to the MCP server at https://docs.example.test/mcp");
    const full = await get("/llms-full.txt");
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await full.text();
    expect(text).toContain(await (await get("/learn/Basics/beta.md")).text());
    expect(text).toContain("```move");
    expect((await get("/llms-full/learn.txt")).status).toBe(404);
  });

  it("serves a page's Markdown twin at <route>.md and on Accept: text/markdown", async () => {
    const twin = await get("/learn/Basics/alpha.md");
    expect(twin.status).toBe(200);
    expect(twin.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    const md = await twin.text();
    expect(md).toMatch(
      /^> Markdown version of <https:\/\/docs\.example\.test\/learn\/Basics\/alpha>\. .*\n\n# Alpha Page/,
    );
    const negotiated = await get("/learn/Basics/alpha", { headers: { Accept: "text/markdown" } });
    expect(negotiated.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(await negotiated.text()).toBe(md);
    const category = await get("/learn/Basics/index.md");
    expect(await category.text()).toMatch(/\n\n# The Basics/);
    const browser = await get("/learn/Basics/alpha", {
      headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(browser.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("answers 404 for the twin of a page that does not exist", async () => {
    expect((await get("/learn/nope.md")).status).toBe(404);
    expect((await get("/learn/nope/index.md")).status).toBe(404);
  });

  it("has one twin URL per page: every other spelling answers 301 to it, with the query", async () => {
    for (const [spelling, canonical] of [
      ["/.md", "/index.md"],
      ["/learn/Basics.md", "/learn/Basics/index.md"],
      ["/learn/Basics/.md", "/learn/Basics/index.md"],
      ["/learn/Basics/alpha/index.md", "/learn/Basics/alpha.md"],
      ["/learn/Basics/alpha/.md", "/learn/Basics/alpha.md"],
      ["/learn/Basics/alpha.md/", "/learn/Basics/alpha.md"],
      ["/learn/Basics/index.md/", "/learn/Basics/index.md"],
    ] as const) {
      const res = await get(`${spelling}?from=test`);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.get("Location"), spelling).toBe(`${canonical}?from=test`);
      const target = await get(canonical);
      expect(target.status, canonical).toBe(200);
      expect(target.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    }
    expect(await (await get("/index.md")).text()).toContain("# Home");
  });

  it("answers Markdown to Accept: text/plain alone, and HTML when HTML is preferred or anything goes", async () => {
    const md = await (await get("/learn/Basics/alpha.md")).text();
    const type = async (accept: string) => {
      const res = await get("/learn/Basics/alpha", { headers: { Accept: accept } });
      return [res.headers.get("Content-Type"), res.headers.get("Vary"), await res.text()] as const;
    };
    for (const accept of [
      "text/plain",
      "text/markdown",
      "text/markdown, text/html;q=0.9",
      "text/plain;q=0.9, text/html;q=0.5",
    ]) {
      const [contentType, vary, body] = await type(accept);
      expect(contentType, accept).toBe("text/markdown; charset=utf-8");
      expect(vary, accept).toBe("Accept");
      expect(body, accept).toBe(md);
    }
    for (const accept of [
      "*/*",
      "text/*",
      "text/html, text/plain",
      "text/markdown;q=0, text/html",
      "text/plain;q=0.5, text/html",
      `text/markdown, ${"x/y, ".repeat(300)}`,
    ]) {
      const [contentType, vary] = await type(accept);
      expect(contentType, accept.slice(0, 40)).toBe("text/html; charset=utf-8");
      expect(vary, accept.slice(0, 40)).toBe("Accept");
    }
  });
});
