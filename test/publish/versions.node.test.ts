/**
 * Publishing a site with a legacy docs version: every version under one build id, its part of the
 * manifest and search index stored as blobs, an unchanged version writing no new values, and what
 * GC and rollback read of it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import type { ManifestRoot } from "../../common/stored-manifest";
import { buildSite, defaultCacheDir, type SiteBuild } from "../../scripts/build/build";
import { missingValues } from "../../scripts/publish/completeness";
import { collectGarbage } from "../../scripts/publish/gc";
import { diffAgainstLive, rollback } from "../../scripts/publish/operations";
import { pageDigests, publishBuild } from "../../scripts/publish/publish";
import { readBuildValues } from "../../scripts/publish/stored-build";
import { readStoredBuild } from "../../scripts/publish/stored-manifest";
import { MemoryKv } from "../helpers/memory-kv";
import { tempSite, VERSIONED_ROOT, type TempSite } from "../helpers/temp-site";

class RecordingKv extends MemoryKv {
  written: string[] = [];
  override async put(key: string, value: string | Uint8Array) {
    this.written.push(key);
    await super.put(key, value);
  }
}

/** As npm run publish builds: with the persistent build cache, which gives the same build sooner. */
const cacheDir = defaultCacheDir();

let site: TempSite;
beforeEach(async () => {
  site = await tempSite(VERSIONED_ROOT);
});
afterEach(async () => {
  await site.remove();
});

/** Every blob digest a version's build makes of its pages and files (twins included). */
const valuesOf = (b: SiteBuild) => [...Object.values(b.manifest.blobs.pages), ...Object.values(b.manifest.blobs.files)];

describe("publishing docs versions", () => {
  it("writes every version under one build id, and reads each back whole", async () => {
    const kv = new MemoryKv();
    const build = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, build, "production");
    const root = JSON.parse((await kv.get(kvKeys.manifest(build.buildId)))!) as ManifestRoot;
    expect(Object.keys(root.versionParts ?? {})).toEqual(["v1"]);
    const stored = (await readStoredBuild(kv, build.buildId))!;
    expect(stored.versions.map((v) => v.name)).toEqual(["v1"]);
    const v1 = stored.versions[0]!;
    expect(Object.keys(v1.routes).sort()).toEqual(Object.keys(build.versions[0]!.manifest.routes).sort());
    expect(v1.routes["/learn/same"]!.page).toBe(stored.routes["/learn/same"]!.page);
    expect(v1.routes["/learn/old-only"]!.counterparts).toEqual({ current: "/learn/only-current" });
    const values = (await readBuildValues(kv, build.buildId))!;
    expect(values.versionSearch.get("v1")!.root.documentCount).toBeGreaterThan(0);
    expect(await missingValues(kv, build.buildId)).toEqual([]);
    // The routes a publish reports: a legacy version's under its prefix.
    expect(Object.keys(pageDigests(build))).toEqual(expect.arrayContaining(["/learn/same", "/v1/learn/same", "/v1/"]));
  });

  it("writes no new page, twin, search or manifest value of a version that did not change", async () => {
    const kv = new RecordingKv();
    const first = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, first, "production");
    const firstRoot = JSON.parse((await kv.get(kvKeys.manifest(first.buildId)))!) as ManifestRoot;
    await site.write(
      "docs/learn/changed.mdx",
      "---\ndescription: How blocks are made.\nsidebar_position: 2\n---\n\n# What changed\n\nValidators vote: marmotwave again.\n",
    );
    const second = await buildSite({ root: site.root, cacheDir });
    kv.written = [];
    await publishBuild(kv, second, "production");
    const secondRoot = JSON.parse((await kv.get(kvKeys.manifest(second.buildId)))!) as ManifestRoot;
    expect(secondRoot.versionParts).toEqual(firstRoot.versionParts);
    const legacyValues = new Set(valuesOf(second.versions[0]!).map(kvKeys.blob));
    expect(kv.written.filter((k) => legacyValues.has(k))).toEqual([]);
    expect(kv.written).toContain(kvKeys.blob(second.manifest.blobs.pages["/learn/changed"]!));
    expect(await diffAgainstLive(kv, "production", pageDigests(second))).toMatchObject({ changed: [] });
    expect(await missingValues(kv, second.buildId)).toEqual([]);
  });

  it("writes a one-page change of the legacy version as that page's values, none of the current version's", async () => {
    const kv = new RecordingKv();
    const first = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, first, "production");
    await site.write(
      "versions/v1/docs/build/node.mdx",
      "---\ndescription: Run a node of the network as it ran first.\n---\n\n# Run a node\n\n## Run it\n\nStart the follower: heronmoss, then wait.\n",
    );
    const second = await buildSite({ root: site.root, cacheDir });
    const live = await diffAgainstLive(kv, "production", pageDigests(second));
    expect(live).toEqual({ added: [], changed: ["/v1/build/node"], removed: [] });
    kv.written = [];
    const result = await publishBuild(kv, second, "production");
    const v1 = second.versions[0]!;
    expect(kv.written).toContain(kvKeys.blob(v1.manifest.blobs.pages["/build/node"]!));
    expect(kv.written).toContain(kvKeys.blob(v1.manifest.blobs.files["/build/node.md"]!));
    const currentValues = new Set(valuesOf(second).map(kvKeys.blob));
    expect(kv.written.filter((k) => currentValues.has(k) && !k.includes("llms"))).toEqual([]);
    expect(result.keysWritten).toBeLessThanOrEqual(20);
  });

  it("keeps every value of a retained build's legacy version through GC, and rolls back to it", async () => {
    const kv = new MemoryKv();
    const first = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, first, "production");
    await site.write("versions/v1/docs/learn/changed.mdx", "---\ndescription: x\n---\n\n# What changed\n\nOnce.\n");
    const second = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, second, "production");
    await collectGarbage(kv, 0);
    expect(await missingValues(kv, first.buildId)).toEqual([]);
    expect(await missingValues(kv, second.buildId)).toEqual([]);
    await rollback(kv, "production", first.buildId);
    const values = (await readBuildValues(kv, first.buildId))!;
    const legacySearch = [...values.versionSearch.get("v1")!.blobs];
    expect(legacySearch.length).toBeGreaterThan(0);
    for (const digest of legacySearch) expect(await kv.get(kvKeys.blob(digest)), digest).not.toBeNull();
  });

  it("a rollback refuses a build whose legacy version lost a value", async () => {
    const kv = new MemoryKv();
    const first = await buildSite({ root: site.root, cacheDir });
    await publishBuild(kv, first, "production");
    await site.write("docs/learn/same.mdx", "---\ndescription: x\n---\n\n# Shared page\n\nNow only here.\n");
    await publishBuild(kv, await buildSite({ root: site.root, cacheDir }), "production");
    const page = first.versions[0]!.manifest.blobs.pages["/build/node"]!;
    await kv.deleteMany([kvKeys.blob(page)]);
    expect(await missingValues(kv, first.buildId)).toEqual([kvKeys.blob(page)]);
    await expect(rollback(kv, "production", first.buildId)).rejects.toThrow(page);
  });
});
