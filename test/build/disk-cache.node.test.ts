/**
 * The persistent build cache: a build in a fresh process (no memory cache) with the cache of an
 * earlier one compiles and finishes only what changed, and gives exactly the build that no cache
 * gives; a damaged entry is rebuilt, and old entries are swept. npm run dev started on a full
 * cache compiles one page once (BuildCache.warmUp), so that its first save does not run cold.
 */
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { devBuild } from "../../scripts/dev/build";
import { BuildCache } from "../../scripts/dev/build-cache";
import { codeCacheDir, DiskCache, MAX_AGE_DAYS } from "../../scripts/build/disk-cache";
import { tempSite } from "../helpers/temp-site";

/** What a reader and a publish see of a build. */
const output = (b: SiteBuild) => ({
  id: b.buildId,
  blobs: b.manifest.blobs,
  warnings: b.warnings,
  index: JSON.stringify([b.search.index.meta, b.search.index.browse, b.search.index.refs, [...b.search.index.pieces]]),
});

async function entries(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all.filter((e) => e.isFile() && /^[0-9a-f]{32}$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

describe("the persistent build cache", () => {
  it(
    "takes unchanged pages from an earlier build, and gives the build no cache gives",
    { timeout: 60_000 },
    async () => {
      const site = await tempSite();
      const cacheDir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
      try {
        const first = await buildSite({ root: site.root, cacheDir });
        expect(first.work).toMatchObject({ pages: 6, compiled: 6, finished: 6, cached: 0 });
        expect(output(first)).toEqual(output(await buildSite({ root: site.root })));

        // A fresh process: nothing compiled; only the page showing an image is finished again.
        const again = await buildSite({ root: site.root, cacheDir });
        expect(again.work).toMatchObject({ pages: 6, compiled: 0, finished: 1, cached: 5 });
        expect(output(again)).toEqual(output(first));

        // A new page (sorted between alpha and zeta): it is compiled; its neighbours (whose "next" and
        // "prev" it becomes), the category page listing it as a card and the page with an image are
        // finished; the rest come from the cache.
        await site.write(
          "docs/learn/Basics/omega.mdx",
          "---\ndescription: Omega comes last.\n---\n\n# Omega Page\n\nOmega text.\n",
        );
        const added = await buildSite({ root: site.root, cacheDir });
        expect(added.work).toMatchObject({ pages: 7, compiled: 1, finished: 5, cached: 2 });
        expect(JSON.parse(added.values.get("/learn/Basics/zeta")!).prev).toEqual({
          label: "Omega Page",
          href: "/learn/Basics/omega",
        });
        expect(output(added)).toEqual(output(await buildSite({ root: site.root })));

        // A damaged entry is not used: the page is made again, and the build is the same.
        for (const file of await entries(cacheDir)) await writeFile(file, "{not json");
        const repaired = await buildSite({ root: site.root, cacheDir });
        expect(repaired.work).toMatchObject({ pages: 7, compiled: 7, finished: 7, cached: 0 });
        expect(output(repaired)).toEqual(output(added));
      } finally {
        await site.remove();
        await rm(cacheDir, { recursive: true, force: true });
      }
    },
  );

  it("reports a compile error of a page once per build, never caching it", { timeout: 60_000 }, async () => {
    const site = await tempSite();
    const cacheDir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    try {
      await site.write(
        "docs/learn/Basics/zeta.mdx",
        "---\ndescription: Broken.\n---\n\n# Zeta\n\n<div>\n\nnever closed\n",
      );
      for (let i = 0; i < 2; i++)
        await expect(buildSite({ root: site.root, cacheDir })).rejects.toThrow(
          /zeta\.mdx: line 7:1: Expected a closing tag/,
        );
    } finally {
      await site.remove();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it("builds as without a cache when the cache cannot be written, saying so once", { timeout: 60_000 }, async () => {
    const site = await tempSite();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // A folder below a plain file cannot be made, even by root.
      const blocked = path.join(site.root, "content/site.yaml", "cache");
      const build = await buildSite({ root: site.root, cacheDir: blocked });
      expect(output(build)).toEqual(output(await buildSite({ root: site.root })));
      expect(build.values.get("/learn/Basics/beta")).toContain("Beta Page");
      expect(warn.mock.calls.filter(([m]) => String(m).startsWith("build cache: could not write"))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await site.remove();
    }
  });

  it(
    "leaves npm run dev one page to compile when every page came from the cache, and only then",
    { timeout: 60_000 },
    async () => {
      const site = await tempSite();
      const cacheDir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
      try {
        const filled = new BuildCache();
        await devBuild({ root: site.root, cacheDir, cache: filled });
        // This thread compiled the pages: nothing to warm.
        expect(filled.warmUp).toBeUndefined();

        const dev = new BuildCache();
        const first = await devBuild({ root: site.root, cacheDir, cache: dev });
        expect(first.work.compiled).toBe(0);
        expect(dev.warmUp).toBeTypeOf("function");
        await dev.warmUp!();
        expect(dev.compiledHere).toBe(true);
        // The warm-up wrote nothing: the cache still gives the same build.
        expect(output(await buildSite({ root: site.root, cacheDir }))).toEqual(output(first));
        await devBuild({ root: site.root, cacheDir, cache: dev });
        expect(dev.warmUp).toBeUndefined();
      } finally {
        await site.remove();
        await rm(cacheDir, { recursive: true, force: true });
      }
    },
  );

  it("sweeps entries unused for two weeks, at most once a day", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    try {
      const cache = new DiskCache(dir);
      const [old, recent] = ["a".repeat(32), "b".repeat(32)];
      cache.set(old, "old");
      cache.set(recent, "recent");
      const longAgo = new Date(Date.now() - (MAX_AGE_DAYS + 1) * 86_400_000);
      await utimes(path.join(dir, "aa", old), longAgo, longAgo);
      expect(cache.sweep()).toBe(1);
      expect(cache.get(old)).toBeUndefined();
      expect(cache.get(recent)).toBe("recent");
      // Read just now, so marked used; and the sweep has run today.
      expect((await stat(path.join(dir, "bb", recent))).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
      await utimes(path.join(dir, "bb", recent), longAgo, longAgo);
      expect(cache.sweep()).toBe(0);
      expect(() => cache.get("../../etc/passwd")).toThrow(/not a hex digest/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("stores values compressed, and takes what it did not write for a missing entry", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    try {
      const cache = new DiskCache(dir);
      const key = "c".repeat(32);
      const value = JSON.stringify(
        Array.from({ length: 400 }, (_, i) => ({ route: `/learn/page-${i}`, title: "A page" })),
      );
      cache.set(key, value);
      expect(cache.get(key)).toBe(value);
      const onDisk = await readFile(path.join(dir, "cc", key));
      expect(onDisk.length).toBeLessThan(value.length / 5);
      expect(onDisk.toString("utf8")).not.toContain("/learn/page-");
      await writeFile(path.join(dir, "cc", key), value);
      expect(cache.get(key)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps one code version's entries: a build with other code deletes the others', and nothing else", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    try {
      const [v1, v2] = ["1".repeat(32), "2".repeat(32)];
      new DiskCache(path.join(dir, `code-${v1}`)).set("a".repeat(32), "from v1");
      await mkdir(path.join(dir, "ab"), { recursive: true });
      await writeFile(path.join(dir, "ab", "b".repeat(32)), "the old layout");
      await writeFile(path.join(dir, "notes.txt"), "not the cache's");
      await mkdir(path.join(dir, "code-elsewhere"));
      const own = codeCacheDir(dir, v2);
      expect(own).toBe(path.join(dir, `code-${v2}`));
      expect((await readdir(dir)).sort()).toEqual(["code-elsewhere", "notes.txt"]);
      new DiskCache(own).set("a".repeat(32), "from v2");
      expect(new DiskCache(own).get("a".repeat(32))).toBe("from v2");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives a build in a fresh process of other code none of the earlier entries", { timeout: 60_000 }, async () => {
    const site = await tempSite();
    const cacheDir = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    try {
      const first = await buildSite({ root: site.root, cacheDir });
      const [folder] = await readdir(cacheDir);
      expect(folder).toMatch(/^code-[0-9a-f]{32}$/);
      expect(first.work.compiled).toBe(6);
      // The entries an earlier code version left are another folder's: moved there, they are not read.
      await rename(path.join(cacheDir, folder!), path.join(cacheDir, `code-${"9".repeat(32)}`));
      const again = await buildSite({ root: site.root, cacheDir });
      expect(again.work.compiled).toBe(6);
    } finally {
      await site.remove();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
