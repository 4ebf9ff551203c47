/**
 * npm run bench:scale: the synthetic site generator, the check of its report against the budgets,
 * and the calibration of what the local simulators cost workerd.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { buildSite, defaultCacheDir } from "../../scripts/build/build";
import { loadBudgets } from "../../scripts/bench/budgets";
import { preciseCpuTimeMs } from "../../scripts/bench/procfs";
import { copySiteInputs, generateScaledSite } from "../../scripts/bench/scale/generate";
import { finishScaleReport, type ScaleReport } from "../../scripts/bench/scale/report";
import { generateVersions, legacyFile } from "../../scripts/bench/scale/versions";
import { buildNodeFlags, DEV_NODE_FLAGS, PUBLISH_NODE_FLAGS } from "../../scripts/bench/scale/node-flags";
import { countSearchReads } from "../../scripts/bench/scale/search-reads";
import { measureReplayCost, measureSimulatorCost } from "../../scripts/bench/scale/simulator-cost";
import { openLocalKv } from "../../scripts/publish/local-kv";
import { publishBuild } from "../../scripts/publish/publish";
import { tempSite } from "../helpers/temp-site";

const ROOT = path.resolve(import.meta.dirname, "../..");
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "docs-scale-test-"));
  temps.push(dir);
  return dir;
}

/** Every file under content/ of a generated site, by path, with its text. */
async function contentOf(site: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const dir = path.join(site, "content");
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out.set(path.relative(dir, file), await readFile(file, "utf8"));
    }
  return out;
}

async function generated(pages: number): Promise<string> {
  const site = await tempDir();
  await copySiteInputs(ROOT, site);
  await generateScaledSite(site, pages);
  return site;
}

describe("the synthetic site", () => {
  let a: string;
  beforeAll(async () => {
    a = await generated(150);
  });

  it("is the same for the same page count", async () => {
    const b = await generated(150);
    expect(await contentOf(b)).toEqual(await contentOf(a));
  });

  it("is the real site unchanged at 70 pages", async () => {
    const site = await generated(70);
    expect(await contentOf(site)).toEqual(await contentOf(ROOT));
  });

  it("builds strictly, with distinct titles and each copy's own words", { timeout: 240_000 }, async () => {
    // The persistent build cache serves the real site's pages; the copies' own pages are compiled
    // (then kept, as they are the same each run). What is checked is the pages' content, not the cost.
    const build = await buildSite({ root: a, strict: true, cacheDir: defaultCacheDir() });
    expect(build.pages.size).toBeGreaterThanOrEqual(140);
    // Copies of the docs come whole, so the count overshoots 150 by less than one copy's pages.
    const docsPerCopy = [...build.pages.keys()].filter((r) => !r.startsWith("/api/") && !r.includes("scale-")).length;
    expect(build.pages.size).toBeLessThan(150 + docsPerCopy);
    const titles = [...build.pages.values()].map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    const words = (route: string) =>
      new Set(
        build.search.records
          .filter((r) => r.url_without_anchor.endsWith(route))
          .flatMap((r) => (r.content ?? "").toLowerCase().match(/[a-z]{5,}/g) ?? []),
      );
    const one = words("/devs/scale-0001/getstarted");
    const two = words("/devs/scale-0002/getstarted");
    const real = words("/devs/getstarted");
    expect(one.size).toBeGreaterThan(20);
    const onlyIn = (x: Set<string>, y: Set<string>) => [...x].filter((w) => !y.has(w));
    expect(onlyIn(one, two).length).toBeGreaterThan(10);
    expect(onlyIn(one, real).length).toBeGreaterThan(10);
    // Links in a copy point into the same copy.
    const copied = JSON.stringify(build.pages.get("/devs/scale-0001/getstarted")!.tree);
    expect(copied).toContain('"/devs/scale-0001/firstMoveContract"');
    expect(copied).not.toContain('"/devs/firstMoveContract"');
    // Each copy's page ends with a section of its own (a heading, a table of fields, a JSON example); the real page has none.
    const section = (route: string) =>
      /The [A-Z][a-z]+ [a-z]+ resource/.exec(JSON.stringify(build.pages.get(route)!.tree))?.[0];
    expect(section("/devs/scale-0001/getstarted")).toBeDefined();
    expect(section("/devs/getstarted")).toBeUndefined();
  });

  it("gives each copy code blocks and a closing section of its own, keeping the build's magic comments", async () => {
    const content = await contentOf(await generated(200));
    const section = (file: string) => /^## The .* resource$/m.exec(content.get(file)!)?.[0];
    expect(section("docs/devs/scale-0001/getstarted.mdx")).toBeDefined();
    expect(section("docs/devs/scale-0001/getstarted.mdx")).not.toBe(section("docs/devs/scale-0002/getstarted.mdx"));
    const fences = (text: string) => text.match(/^\s*```[a-z]+[^\n]*\n[\s\S]*?^\s*```\s*$/gm) ?? [];
    const real = fences(content.get("docs/devs/getstarted.mdx")!);
    const one = fences(content.get("docs/devs/scale-0001/getstarted.mdx")!);
    const two = fences(content.get("docs/devs/scale-0002/getstarted.mdx")!);
    expect(real.length).toBeGreaterThan(2);
    // The real site's blocks, then the copy's JSON example.
    expect(one.length).toBe(real.length + 1);
    const differ = (x: string[], y: string[]) => x.filter((block, i) => block !== y[i]).length;
    expect(differ(one, real)).toBeGreaterThan(real.length / 2);
    expect(differ(one, two)).toBeGreaterThan(real.length / 2);
    const magic = [...content.entries()].filter(([f, t]) => !f.includes("scale-") && /highlight-next-line/.test(t));
    for (const [file, text] of magic) {
      const copy = content.get(file.replace(/^docs\/([^/]+)\//, "docs/$1/scale-0001/"))!;
      expect(copy.match(/highlight-next-line/g)?.length).toBe(text.match(/highlight-next-line/g)?.length);
    }
  });
});

describe("the synthetic site's docs versions", () => {
  it("declares K - 1 legacy versions, each a copy of the current pages with one in a hundred reading differently", async () => {
    const site = await generated(150);
    const figures = await generateVersions(site, 3);
    expect(figures.legacy.map((v) => v.prefix)).toEqual(["/2025/", "/v3/"]);
    const declared = parseYaml(await readFile(path.join(site, "content/site.yaml"), "utf8")) as {
      versions: { name: string; status: string }[];
    };
    expect(declared.versions.map((v) => `${v.name} ${v.status}`)).toEqual([
      "current current",
      "2025 legacy",
      "v3 legacy",
    ]);
    const current = await contentOf(site);
    const pages = [...current.keys()].filter((f) => f.startsWith("docs/") && /\.mdx?$/.test(f));
    const reworded = new Map<string, string[]>();
    for (const v of figures.legacy) {
      const differing = pages.filter((f) => current.get(`versions/${v.name}/${f}`) !== current.get(f));
      const own = differing.filter((f) => current.get(`versions/${v.name}/${f}`)!.includes(`zorblat${v.name}`));
      reworded.set(v.name, own);
      expect(own.length).toBeGreaterThanOrEqual(Math.floor(pages.length / 100));
      expect(own.length).toBeLessThanOrEqual(Math.ceil(pages.length / 100));
      // The rest differ only where a current page links into /2025/: a legacy version links its own pages.
      for (const f of differing.filter((d) => !own.includes(d))) expect(current.get(f)).toContain("](/2025/");
    }
    // Each version rewords other pages, and the report gives the count.
    expect(reworded.get("2025")).not.toEqual(reworded.get("v3"));
    expect(figures.changedPerVersion).toBe(reworded.get("v3")!.length);
    expect(legacyFile("2025", "content/docs/devs/getstarted.mdx")).toBe(
      "content/versions/2025/docs/devs/getstarted.mdx",
    );
  });
});

describe("the scale report's budget check", () => {
  const report = (over: Partial<ScaleReport> = {}): ScaleReport => ({
    date: "2026-11-23T00:00:00.000Z",
    requestedPages: 2000,
    copies: 51,
    pagesPerCopy: 38,
    node: "Node",
    loadAverage: { start: [1, 1, 1], end: [1, 1, 1] },
    build: { pages: 2008, wallMs: 30_000, peakRssBytes: 900 * 1024 * 1024, outputBytes: 1, outputFiles: 1 },
    cachedBuild: { wallMs: 9_000, peakRssBytes: 700 * 1024 * 1024 },
    ciRelease: { toFlipMs: 3_000, wallMs: 3_200, peakRssBytes: 400 * 1024 * 1024, keys: 9, bytes: 400_000 },
    buildCache: { bytes: 50 * 1024 * 1024, files: 5_000 },
    publish: { ok: true, ms: 1000, writes: { keys: 3000, bytes: 10, largest: { key: "k", bytes: 1024 } } },
    serve: {
      coldPage: { status: 200, wallMs: 50, cpuMs: 20, addedRssBytes: 1024 },
      coldSearch: { status: 200, wallMs: 50, cpuMs: 20, addedRssBytes: 1024 },
      warmPage: { count: 40, medianMs: 2, p95Ms: 3, cpuPerRequestMs: 1 },
      warmSearch: { count: 40, medianMs: 2, p95Ms: 3, cpuPerRequestMs: 1 },
      uncachedPage: { count: 40, medianMs: 2, p95Ms: 3, cpuPerRequestMs: 2 },
      html: { route: "/devs/getstarted", bytes: 25_000, realSiteBytes: 23_000 },
    },
    edit: {
      buildMs: 500,
      publishMs: 200,
      toServedMs: 900,
      writes: { keys: 8, bytes: 5000, largest: null },
      search: { buildMs: 900, publishMs: 200, writes: { keys: 6, bytes: 90_000, largest: null } },
    },
    release: { buildMs: 1500, publishMs: 200, writes: { keys: 12, bytes: 95_000, largest: null } },
    budgetKey: null,
    met: [],
    misses: [],
    ...over,
  });

  it("passes a report within every budget, listing what was met", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const r = report();
    expect(await finishScaleReport(r, budgets, await tempDir())).toBe(0);
    expect(r.budgetKey).toBe("2000");
    expect(r.met).toContain("publish succeeds");
    expect(r.met).toContain("cold build, empty build cache: wall time 30000.0 ms ≤ 60000.0 ms");
    expect(r.met).toContain(
      "one-page release as CI runs it (npm run publish): spawn to channel flip 3000.0 ms ≤ 5000.0 ms",
    );
    expect(r.met).toContain("build cache on disk at the end 50.00 MiB ≤ 200.00 MiB");
    // The build with the cache is reported, not held to the cold build's budget.
    expect(r.met.join("\n")).not.toContain("with the build cache");
    expect(r.met.length).toBeGreaterThan(8);
  });

  it("says how many values the searches read from KV, and what they cost at the calibration's rates", async () => {
    const out = await tempDir();
    const r = report();
    r.serve!.simulator = { requestMs: 0.4, kvReadMs: 0.7, kvReadLargeMs: 0.9, cacheMatchMs: 0.5 };
    r.serve!.searchReads = { cold: 20, warmPerQuery: 7.25 };
    await finishScaleReport(r, await loadBudgets(path.join(ROOT, "bench/budgets.json")), out);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain("the cold isolate's first search read 20 values (14.0–18.0 ms at the rates above)");
    expect(md).toContain("a warm search read 7.3 on average (5.1–6.5 ms at the rates above).");
    // With the reads by kind, in the order a query makes them.
    r.serve!.searchReads = {
      cold: 20,
      warmPerQuery: 7.25,
      coldByKind: { "text bundles": 12, "channel pointer": 1, "search root": 1, lexicon: 1, "term shards": 5 },
      warmByKind: { "channel pointer": 1, "heading bundles": 0.75, "text bundles": 5.5 },
    };
    await finishScaleReport(r, await loadBudgets(path.join(ROOT, "bench/budgets.json")), out);
    expect(await readFile(path.join(out, "scale-2000.md"), "utf8")).toContain(
      "the cold isolate's first search read 20 values (14.0–18.0 ms at the rates above): 1 channel pointer, 1 search root, 1 lexicon, 5 term shards, 12 text bundles; a warm search read 7.3 on average (5.1–6.5 ms at the rates above): 1.0 channel pointer, 0.8 heading bundles, 5.5 text bundles.",
    );
    // A large value's rate measured below a small one's: the range still reads low to high.
    r.serve!.simulator = { requestMs: 0.4, kvReadMs: 0.9, kvReadLargeMs: 0.7, cacheMatchMs: 0.5 };
    await finishScaleReport(r, await loadBudgets(path.join(ROOT, "bench/budgets.json")), out);
    expect(await readFile(path.join(out, "scale-2000.md"), "utf8")).toContain(
      "the cold isolate's first search read 20 values (14.0–18.0 ms at the rates above)",
    );
  });

  it("gives the settled isolates' searches in a row of their own, which no budget checks", async () => {
    const out = await tempDir();
    const r = report();
    r.serve!.warmSearch = { count: 40, medianMs: 5, p95Ms: 9, cpuPerRequestMs: 6.2 };
    r.serve!.settledSearch = { count: 40, medianMs: 3, p95Ms: 6, cpuPerRequestMs: 3.4, after: 80 };
    r.serve!.searchReads = { cold: 20, warmPerQuery: 4.35, settledPerQuery: 3.6 };
    expect(await finishScaleReport(r, await loadBudgets(path.join(ROOT, "bench/budgets.json")), out)).toBe(1);
    expect(r.misses).toEqual(["warm search: workerd CPU per request 6.2 ms > 5.0 ms"]);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain(
      "| search, isolate settled (80 other searches first; not budgeted) | 40 | 3.0 ms | 6.0 ms | 3.4 ms |",
    );
    expect(md).toContain("The warm searches are an isolate's 7th to 46th");
    expect(md).toContain("a warm search read 4.3 on average; in a settled isolate, 3.6.");
  });

  it("gives a cold request as the median of its isolates, with each one's CPU, and V8's background share", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const out = await tempDir();
    const r = report();
    r.serve!.coldSearch = { ...r.serve!.coldSearch, cpuMs: 41, cpuSamplesMs: [52, 41, 38, 44.25, 39] };
    r.serve!.coldPage = { ...r.serve!.coldPage, backgroundCpuMs: 6, cpuSamplesMs: [20, 21] };
    r.serve!.warmSearch = { ...r.serve!.warmSearch, backgroundCpuPerRequestMs: 0.25 };
    await finishScaleReport(r, budgets, out);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain(
      "| first search, right after | 200 | 50.0 ms | 41.0 ms (median of 5: 52.0, 41.0, 38.0, 44.3, 39.0) |",
    );
    // V8's background threads' share, where it was measured.
    expect(md).toContain(
      "| first page (/devs/getstarted) | 200 | 50.0 ms | 20.0 ms (V8 background 6.0 ms; median of 2: 20.0, 21.0) |",
    );
    expect(md).toContain("| search | 40 | 2.0 ms | 3.0 ms | 1.0 ms (V8 background 0.3 ms) |");
    expect(r.met).toContain("cold isolate first search: workerd CPU 41.0 ms ≤ 50.0 ms");
  });

  it("names a missed budget in the report file and exits 1; a failed publish is a miss, not a crash", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const out = await tempDir();
    const r = report({
      publish: { ok: false, ms: 1, writes: { keys: 0, bytes: 0, largest: null }, error: "Value too large" },
      serve: undefined,
      edit: undefined,
      release: undefined,
    });
    expect(await finishScaleReport(r, budgets, out)).toBe(1);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain("- **missed**: publish failed: Value too large");
    expect(md).toContain("- **missed**: warm search: workerd CPU per request: not measured (budget 5.0 ms)");
    expect(md).toContain("- **missed**: one-page publish (release): keys written: not measured (budget 20)");
    const json = JSON.parse(await readFile(path.join(out, "scale-2000.json"), "utf8")) as ScaleReport;
    expect(json.misses.length).toBeGreaterThan(5);
    // The cold build's budgets are the empty-cache build's; the build with the cache is only reported.
    const slow = report({
      build: { ...report().build, wallMs: 250_000, peakRssBytes: 3 * 2 ** 30 },
      cachedBuild: { wallMs: 1, peakRssBytes: 1, error: "out of memory" },
    });
    expect(await finishScaleReport(slow, budgets, await tempDir())).toBe(1);
    expect(slow.misses).toContain("cold build, empty build cache: wall time 250000.0 ms > 60000.0 ms");
    expect(slow.misses).toContain("cold build, empty build cache: peak memory 3072.00 MiB > 2048.00 MiB");
    expect(slow.misses).toContain("cold build with the build cache failed: out of memory");
    const cachedSlow = report({ cachedBuild: { ...report().cachedBuild!, wallMs: 61_000 } });
    expect(await finishScaleReport(cachedSlow, budgets, await tempDir())).toBe(0);
  });

  it("gives each stage's CPU per page, and each cache's hit rate beside the real site's", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const out = await tempDir();
    const work = { pages: 2000, compiled: 1990, finished: 2000, cached: 0, snippets: 8000, snippetHits: 400 };
    const phases = {
      discover: 900,
      api: 2000,
      context: 100,
      pages: 40_000,
      links: 40,
      buildId: 10,
      search: 3000,
      files: 800,
    };
    const phasesCpu = { ...phases, pages: 70_000 };
    const r = report({ build: { ...report().build, work, phases, phasesCpu } });
    r.realSiteWork = { pages: 180, compiled: 100, finished: 104, cached: 76, snippets: 500, snippetHits: 50 };
    await finishScaleReport(r, budgets, out);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain("pages 40.0 s / 70.0 s CPU (35.00 ms a page)");
    expect(md).toContain("CPU of every stage: 38.4 ms a page.");
    expect(md).toContain(
      "- Caches in the empty-cache build: finished pages from the build cache 0.0% of 2000, pages compiled 99.5%, code blocks from the highlight memo 5.0% of 8000; the real site's own empty-cache build in this run: finished pages from the build cache 42.2% of 180, pages compiled 55.6%, code blocks from the highlight memo 10.0% of 500.",
    );
  });

  it("holds the one-page release as CI runs it and the build cache's size to their own budgets", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const heavy = report({
      ciRelease: { toFlipMs: 21_000, wallMs: 21_500, peakRssBytes: 736 * 1024 * 1024, keys: 8, bytes: 2_000_000 },
      buildCache: { bytes: 1.1 * 2 ** 30, files: 40_000 },
    });
    const out = await tempDir();
    expect(await finishScaleReport(heavy, budgets, out)).toBe(1);
    expect(heavy.misses).toEqual([
      "one-page release as CI runs it (npm run publish): spawn to channel flip 21000.0 ms > 5000.0 ms",
      "one-page release as CI runs it: peak memory of its processes 736.00 MiB > 500.00 MiB",
      "one-page release as CI runs it: bytes written 1.91 MiB > 1.00 MiB",
      "build cache on disk at the end 1126.40 MiB > 200.00 MiB",
    ]);
    expect(heavy.met).toContain("one-page release as CI runs it: keys written 8 ≤ 20");
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain("channel flipped 21.0 s after the spawn (process exited at 21.5 s)");
    // Not run, or failed: a miss each, never a pass.
    const missing = report({ ciRelease: undefined, buildCache: undefined });
    expect(await finishScaleReport(missing, budgets, await tempDir())).toBe(1);
    expect(missing.misses).toContain(
      "one-page release as CI runs it (npm run publish): spawn to channel flip: not measured (budget 5000.0 ms)",
    );
    expect(missing.misses).toContain("build cache on disk at the end: not measured (budget 200.00 MiB)");
    const failed = report({ ciRelease: { toFlipMs: 9, wallMs: 9, peakRssBytes: 1, error: "lease held" } });
    expect(await finishScaleReport(failed, budgets, await tempDir())).toBe(1);
    expect(failed.misses).toContain("one-page release as CI runs it failed: lease held");
  });

  it("holds every release of the run after the first to the one-page budget, and names the run's largest", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const out = await tempDir();
    const step = (keys: number, bytes: number) => ({
      buildMs: 1500,
      publishMs: 200,
      writes: { keys, bytes, largest: null },
    });
    const r = report({ releases: [step(11, 500_000), step(19, 2_000_000), step(12, 400_000)] });
    expect(await finishScaleReport(r, budgets, out)).toBe(1);
    expect(r.met).toContain("one-page publish (release, largest of 4): keys written 19 ≤ 20");
    expect(r.misses).toEqual(["one-page publish (release, largest of 4): bytes written 1.91 MiB > 1.00 MiB"]);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain("- Then 3 one-page releases in a row, each of another page");
    expect(md).toContain("0.48 MiB / 11 keys, 1.91 MiB / 19 keys, 0.38 MiB / 12 keys.");
    // A release of the run that failed is a miss, and the run's largest is not measured.
    const failed = report({ releases: [step(11, 500_000), { ...step(0, 0), error: "KV put failed" }] });
    expect(await finishScaleReport(failed, budgets, await tempDir())).toBe(1);
    expect(failed.misses).toContain("one-page release 3 failed: KV put failed");
    expect(failed.misses).toContain(
      "one-page publish (release, largest of 3): bytes written: not measured (budget 1.00 MiB)",
    );
  });

  it("reports a build that died with its reason, as a miss", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const out = await tempDir();
    const died = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory";
    const r = report({
      build: { pages: 0, wallMs: 120_000, peakRssBytes: 4e9, outputBytes: 0, outputFiles: 0, error: died },
      publish: { ok: false, ms: 0, writes: { keys: 0, bytes: 0, largest: null }, error: "not run (the build failed)" },
      serve: undefined,
      edit: undefined,
      release: undefined,
    });
    expect(await finishScaleReport(r, budgets, out)).toBe(1);
    const md = await readFile(path.join(out, "scale-2000.md"), "utf8");
    expect(md).toContain(`- **missed**: build failed: ${died}`);
    expect(md).toContain("Cold content build: **failed** after 120.0 s");
    expect(md).toContain("- **missed**: publish failed: not run (the build failed)");
  });

  it("with --versions, holds each legacy version to the serving and release budgets and the page values to 10% more per version", async () => {
    const budgets = await loadBudgets(path.join(ROOT, "bench/budgets.json"));
    const served = report().serve!;
    const legacy = (name: string, warmCpu: number, releaseKeys: number) => ({
      name,
      prefix: `/${name}/`,
      serve: {
        coldPage: served.coldPage,
        coldSearch: served.coldSearch,
        warmSearch: { ...served.warmSearch, cpuPerRequestMs: warmCpu },
        uncachedPage: served.uncachedPage,
        html: { route: `/${name}/devs/getstarted`, bytes: 25_000, realSiteBytes: 23_000 },
      },
      release: { buildMs: 1500, publishMs: 200, writes: { keys: releaseKeys, bytes: 90_000, largest: null } },
    });
    const values = (allBytes: number) => ({
      current: { keys: 20_000, bytes: 1_000_000 },
      all: { keys: 20_400, bytes: allBytes },
    });
    const r = report({
      requestedPages: 10_000,
      versions: {
        count: 3,
        changedPerVersion: 100,
        firstPublishValues: values(1_150_000),
        legacy: [legacy("2025", 1, 12), legacy("v3", 7, 25)],
      },
    });
    const out = await tempDir();
    expect(await finishScaleReport(r, budgets, out)).toBe(1);
    expect(r.budgetKey).toBe("10000");
    expect(r.met).toContain(
      "first publish: page records and twins added per legacy version (2 of 3 versions) 7.5% ≤ 10.0%",
    );
    expect(r.met).toContain("version 2025: warm search: workerd CPU per request 1.0 ms ≤ 5.0 ms");
    expect(r.misses).toEqual([
      "version v3: warm search: workerd CPU per request 7.0 ms > 5.0 ms",
      "version v3: one-page release: keys written 25 > 20",
    ]);
    const md = await readFile(path.join(out, "scale-10000x3.md"), "utf8");
    expect(md).toContain("every version's together 20400 values, 1.10 MiB (15.0% more)");
    // Versions that cost nearly a copy each miss the growth budget.
    const copies = report({
      requestedPages: 10_000,
      versions: { count: 3, changedPerVersion: 100, firstPublishValues: values(2_900_000), legacy: [] },
    });
    expect(await finishScaleReport(copies, budgets, await tempDir())).toBe(1);
    expect(copies.misses).toContain(
      "first publish: page records and twins added per legacy version (2 of 3 versions) 95.0% > 10.0%",
    );
  });
});

describe("the searches' KV reads", () => {
  it("counts a cold search's root and pieces (its first page read the pointer), and nothing for a query the warm isolate has run; replays them", async () => {
    const site = await tempSite();
    const kvDir = await tempDir();
    try {
      const local = await openLocalKv(kvDir);
      await publishBuild(local.kv, await buildSite({ root: site.root }), "production");
      await local.dispose();
      const once = await countSearchReads(kvDir, "production", "typescript", ["typescript", "typescript"], 1);
      // The root, then one piece of each kind a query reads (a small site has one of each): the
      // lexicon, the term shard, the record bundle. The pointer was read by the isolate's first
      // request, under POINTER_RECHECK_MS before.
      expect(once.coldByKind).toEqual({ "search root": 1, lexicon: 1, "term shards": 1, "text bundles": 1 });
      expect(once.cold).toBe(4);
      expect(once.warmPerQuery).toBe(0);
      expect(once.warmByKind).toEqual({});
      // A warm isolate's first query reads the pieces; the second finds them kept. An isolate that
      // ran another query first has the shared pieces already, and reads less.
      const fresh = await countSearchReads(kvDir, "production", "typescript", ["typescript", "counter"], 0, ["wallet"]);
      expect(fresh.warmByKind).toEqual({ lexicon: 0.5, "term shards": 0.5, "text bundles": 0.5 });
      expect(fresh.settledPerQuery).toBeLessThan(fresh.warmPerQuery);
      // Each warm search's reads, as the replay sends them: the pieces (records as bytes); then nothing.
      expect(fresh.warmReads).toEqual([
        [
          [expect.stringMatching(/^blob\//), "text"],
          [expect.stringMatching(/^blob\//), "text"],
          [expect.stringMatching(/^blob\//), "arrayBuffer"],
        ],
        [],
      ]);
      // Replayed alone (a piece ten times a search, forty searches), the reads cost workerd CPU: a
      // read costs a few tenths of a millisecond here, a request that reads nothing is subtracted.
      const piece = fresh.warmReads[0]![0]!;
      const replayed = await measureReplayCost(
        kvDir,
        Array.from({ length: 40 }, () => Array(10).fill(piece)),
      );
      expect(replayed).toBeGreaterThan(1);
    } finally {
      await site.remove();
    }
  });
});

describe("the local simulators' cost", () => {
  it("finds a KV read and a cache lookup costing workerd CPU beyond a request that reads nothing", async () => {
    const cost = await measureSimulatorCost();
    expect(cost.requestMs).toBeGreaterThan(0);
    expect(cost.kvReadMs).toBeGreaterThan(0);
    expect(cost.kvReadLargeMs).toBeGreaterThan(0);
    expect(cost.cacheMatchMs).toBeGreaterThan(0);
  });
});

describe("CPU time from /proc", () => {
  it("adds up the threads of a process whose names are asked for: some, all or none", () => {
    const mainThread = readFileSync(`/proc/${process.pid}/comm`, "utf8").trim();
    const main = preciseCpuTimeMs(process.pid, (name) => name === mainThread);
    const all = preciseCpuTimeMs(process.pid);
    expect(main).toBeGreaterThan(0);
    expect(all).toBeGreaterThanOrEqual(main);
    expect(preciseCpuTimeMs(process.pid, () => false)).toBe(0);
  });
});

describe("the bench's processes", () => {
  const scripts = async () =>
    (JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
      .scripts;

  it("run npm run dev with the Node flags package.json's dev script gives it", async () => {
    expect((await scripts()).dev).toContain(`tsx ${DEV_NODE_FLAGS.join(" ")} scripts/start.ts --watch`);
  });

  it("release with the Node flags package.json's publish and preview scripts give them", async () => {
    const { publish, preview } = await scripts();
    expect(publish).toBe(`tsx ${PUBLISH_NODE_FLAGS.join(" ")} scripts/publish/cli.ts publish`);
    expect(preview).toBe(`tsx ${PUBLISH_NODE_FLAGS.join(" ")} scripts/publish/preview.ts`);
  });

  it("build with the heap bound npm run build:content has, BUILD_HEAP_MB included", async () => {
    const script = (await scripts())["build:content"]!;
    // What sh makes of the script's ${BUILD_HEAP_MB:-…}, unset, empty and set.
    for (const value of [undefined, "", "4096"]) {
      const env = { ...process.env, BUILD_HEAP_MB: value };
      if (value === undefined) delete env.BUILD_HEAP_MB;
      const expanded = execFileSync("sh", ["-c", `echo ${script}`], { env, encoding: "utf8" });
      expect(expanded.trim(), String(value)).toBe(`tsx ${buildNodeFlags(env).join(" ")} scripts/build/cli.ts`);
    }
  });
});
