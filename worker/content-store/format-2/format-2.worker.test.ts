/**
 * Format 2's readers over a store that format 2's publisher left (test/fixtures/format-2): its
 * routes, twins, files and sidebars, and searches answered from its packs and patches.
 */
import { describe, expect, it } from "vitest";
import fixture from "../../../test/fixtures/format-2/kv.json";
import { kvKeys } from "../../../client/contracts/page";
import { format2Search } from "../../search/format-2";
import { PieceCache, type PieceReader } from "../../search/format-2/pieces";
import { format2Manifest } from ".";

const text = fixture.text as Record<string, string>;

/** The fixture as KV answers the worker's reads. */
const kv = {
  get: (async (key: string, options?: { type?: string }) => {
    const value = text[key];
    if (value === undefined) return null;
    if (options?.type === "json") return JSON.parse(value) as unknown;
    if (options?.type === "arrayBuffer") return new TextEncoder().encode(value).buffer;
    return value;
  }) as PieceReader["get"] & (<T>(key: string, options: { type: "json" }) => Promise<T | null>),
};

const json = (key: string) => JSON.parse(text[key]!) as never;

describe("a build stored in format 2", () => {
  it("serves its routes, twins, files and sidebars", async () => {
    const manifest = format2Manifest(json(kvKeys.manifest(fixture.live)), (digest) =>
      kv.get(kvKeys.blob(digest), { type: "json" }),
    );
    const tools = await manifest.route("/build/tools");
    expect(tools).toMatchObject({ title: "Tools" });
    expect(text[kvKeys.blob(tools!.page)]).toContain("check the installed version");
    expect(await manifest.fileDigest("/build/tools.md", "/build/tools")).toBe(tools!.twin);
    expect(await manifest.hasFile("/sitemap.xml")).toBe(true);
    expect(await manifest.route("/nowhere")).toBeNull();
    expect(await manifest.sidebar("tutorialSidebar")).not.toBeNull();
  });

  it("answers searches from its pieces, its pack and its patches", async () => {
    const root = json(kvKeys.searchIndex(fixture.live)) as Parameters<typeof format2Search>[0];
    const refs = [root.lexicon, root.shards, root.records, root.facets].flat();
    expect(refs.some((r) => r.pack) && refs.some((r) => r.base)).toBe(true);
    const engine = format2Search(root, kv, new PieceCache(1 << 24));
    const edited = await engine.search({ query: "installed version" });
    expect(edited.hits[0]!.record.url_without_anchor).toMatch(/\/build\/tools$/);
    const alpha = await engine.search({ query: "alpha", facetFilters: [["hierarchy.lvl0:Learn"]] });
    expect(alpha.hits.map((h) => h.record.url_without_anchor)).toContainEqual(expect.stringMatching(/alpha$/));
  });
});
