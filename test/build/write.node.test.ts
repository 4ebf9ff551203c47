/** A build written to disk (dist/content/<id>/) holds exactly what the build made. */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../scripts/build/build";
import { writeBuild, writeJsonArray } from "../../scripts/build/write";
import { FIXTURE_ROOT } from "../helpers/temp-site";

describe("writeBuild", () => {
  it("writes every page record, the search records and the files as the build has them", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "docs-write-"));
    try {
      const build = await buildSite({ root: FIXTURE_ROOT });
      const dir = await writeBuild(build, out);
      const records = await readFile(path.join(dir, "search/records.json"), "utf8");
      expect(records).toBe(JSON.stringify(build.search.records));
      expect(build.search.records.length).toBeGreaterThan(5);
      expect(await readFile(path.join(dir, "pages/learn/Basics/beta.json"), "utf8")).toBe(
        build.values.get("/learn/Basics/beta"),
      );
      expect(await readFile(path.join(dir, "files/learn/Basics/beta.md"), "utf8")).toContain("# Beta Page");
      expect(await readFile(path.join(out, "latest"), "utf8")).toBe(build.buildId);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it("writes from the build cache (compressed) the same bytes as a build without one, as plain files made anew", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "docs-write-"));
    const cacheDir = await mkdtemp(path.join(tmpdir(), "docs-write-cache-"));
    try {
      const build = await buildSite({ root: FIXTURE_ROOT, cacheDir });
      const page = path.join(out, build.buildId, "pages/learn/Basics/beta.json");
      const twin = path.join(out, build.buildId, "files/learn/Basics/beta.md");
      await writeBuild(build, out);
      const cached = { page: await readFile(page, "utf8"), twin: await readFile(twin, "utf8") };
      expect(cached.twin).toContain("# Beta Page");
      expect((await stat(page)).nlink).toBe(1);
      const plain = await buildSite({ root: FIXTURE_ROOT });
      expect(plain.buildId).toBe(build.buildId);
      await writeBuild(plain, out);
      expect(await readFile(page, "utf8")).toBe(cached.page);
      expect(await readFile(twin, "utf8")).toBe(cached.twin);
      expect(cached.page).toBe(plain.values.get("/learn/Basics/beta"));
    } finally {
      await rm(out, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it("writes a JSON array a slice at a time, with the bytes JSON.stringify gives", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "docs-write-"));
    try {
      const items = [{ a: 1 }, "two", [3], null, { e: "é →" }];
      for (const [list, slice] of [
        [items, 2],
        [items, 100],
        [[], 2],
      ] as const) {
        await writeJsonArray(path.join(out, "a.json"), [...list], slice);
        expect(await readFile(path.join(out, "a.json"), "utf8")).toBe(JSON.stringify(list));
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
