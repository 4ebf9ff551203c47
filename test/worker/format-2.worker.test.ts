/**
 * A worker of format 3 deployed over a store that only format 2's publisher wrote
 * (test/fixtures/format-2; client/contracts/store-format.ts): until the first publish in format 3
 * it serves format 2's live build, pages, twins, files and searches alike.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import fixture from "../fixtures/format-2/kv.json";

const ORIGIN = "https://docs.example.test";
const text = fixture.text as Record<string, string>;
const indexName = (JSON.parse(text[kvKeys.manifest(fixture.live)]!) as { config: { search: { indexName: string } } })
  .config.search.indexName;

beforeAll(async () => {
  for (const [key, value] of Object.entries(text)) await env.CONTENT.put(key, value);
  for (const [key, value] of Object.entries(fixture.binary as Record<string, string>))
    await env.CONTENT.put(
      key,
      Uint8Array.from(atob(value), (c) => c.charCodeAt(0)),
    );
  // No build of format 3 yet: only format 2's pointer (its plain key) names one.
  await env.CONTENT.delete(kvKeys.channel("production"));
  expect(await env.CONTENT.get(kvKeys.channel("production", 2))).toBe(fixture.live);
});

describe("a store of format 2, served by the worker of format 3", () => {
  it("serves the live build's pages, twins and files", async () => {
    const page = await SELF.fetch(`${ORIGIN}/build/tools`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("check the installed version");
    const twin = await SELF.fetch(`${ORIGIN}/build/tools.md`);
    expect(twin.status).toBe(200);
    expect(await twin.text()).toContain("check the installed version");
    const sitemap = await SELF.fetch(`${ORIGIN}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain("/learn/Basics/alpha");
    expect((await SELF.fetch(`${ORIGIN}/nowhere`)).status).toBe(404);
  });

  it("answers searches from its packs and patches", async () => {
    const res = await SELF.fetch(`${ORIGIN}/1/indexes/${indexName}/query`, {
      method: "POST",
      body: JSON.stringify({ query: "installed version" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nbHits: number; hits: { url: string }[] };
    expect(body.hits[0]!.url).toMatch(/\/build\/tools/);
    const page = await SELF.fetch(`${ORIGIN}/search?q=alpha`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/learn/Basics/alpha");
  });
});
