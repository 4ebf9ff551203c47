/** The benchmark's budget check: the committed file is valid, and every miss is named. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBudgets, missedBudgets } from "../../scripts/bench/budgets";
import type { LighthouseFigures } from "../../scripts/bench/lighthouse";
import type { BenchReport, PageReport } from "../../scripts/bench/report";

const BUDGETS = path.resolve(import.meta.dirname, "../../bench/budgets.json");

const lighthouse = (over: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 950,
  tbtMs: 0,
  cls: 0,
  runs: 3,
  failing: [],
  ...over,
});
const load = { rps: 500, p50Ms: 20, p99Ms: 60, cpuPerResponseMs: 2 };
const page = (route: string, over: Partial<PageReport> = {}): PageReport => ({
  route,
  bytes: {
    htmlRaw: 20_000,
    htmlGzip: 5_000,
    jsGzip: 6_800,
    cssGzip: 5_500,
    imageBytes: 0,
    otherBytes: 200,
    requests: 4,
  },
  renderCpuMs: 1.5,
  cached: load,
  uncached: load,
  lighthouse: { mobile: lighthouse(), desktop: lighthouse() },
  ...over,
});
const report = (over: Partial<BenchReport> = {}): BenchReport => ({
  date: "2026-11-22T00:00:00.000Z",
  setup: { load: "", lighthouseRuns: 3, node: "", chromium: "" },
  pages: [page("/"), page("/api/node/get-transactions")],
  largestApiPage: { route: "/api/node/get-account-transactions", htmlRaw: 90_000, renderCpuMs: 2 },
  renderColdFirstMs: 25,
  build: {
    pages: 70,
    cold: { wallMs: 15_000, peakRssBytes: 500 * 1024 * 1024, steps: [] },
    saveToServed: { medianMs: 700, samplesMs: [700] },
    saveToVisible: { medianMs: 800, samplesMs: [800], inPlace: true },
    publish: { firstPublishMs: 20_000, onePageChangeMs: 15_000 },
  },
  misses: [],
  ...over,
});

describe("bench budgets", () => {
  it("holds the scale budgets of the issue for 70, 2000 and 10000 pages", async () => {
    const { scale } = await loadBudgets(BUDGETS);
    expect(Object.keys(scale ?? {}).sort()).toEqual(["10000", "2000", "70"]);
    expect(scale!["70"]!.coldFirstSearch!.cpuMs).toBe(10);
    expect(scale!["10000"]).toMatchObject({ onePagePublish: { keys: 20, bytes: 1048576 }, kvValueBytes: 5242880 });
  });

  it("passes a report within every committed budget", async () => {
    expect(missedBudgets(report(), await loadBudgets(BUDGETS))).toEqual([]);
  });

  it("names each missed budget with the page and the figure", async () => {
    const budgets = await loadBudgets(BUDGETS);
    const misses = missedBudgets(
      report({
        pages: [
          page("/", {
            bytes: { ...page("/").bytes, jsGzip: 26_000 },
            lighthouse: {
              mobile: lighthouse({ seo: 92, failing: ["seo/link-text: Links do not have descriptive text"] }),
              desktop: lighthouse({ cls: 0.12 }),
            },
          }),
          page("/api/node/get-transactions", { bytes: { ...page("/").bytes, jsGzip: 26_000 }, renderCpuMs: 6 }),
        ],
        largestApiPage: { route: "/api/node/get-account-transactions", htmlRaw: 110_000, renderCpuMs: 11 },
      }),
      budgets,
    );
    expect(misses).toEqual([
      "/: JavaScript before input (gzip) 26000 B > 25600 B",
      "/: Lighthouse mobile seo 92 < 100 (seo/link-text: Links do not have descriptive text)",
      "/: Lighthouse desktop CLS 0.12 > 0",
      "/api/node/get-transactions: uncached render CPU (median) 6 ms > 5 ms",
      "/api/node/get-account-transactions (largest API page): HTML 110000 B > 102400 B",
      "/api/node/get-account-transactions (largest API page): uncached render CPU (median) 11 ms > 10 ms",
    ]);
  });

  it("names a save that takes longer than a second to show in the open tab", async () => {
    const slow = report();
    slow.build.saveToVisible = { medianMs: 1200, samplesMs: [1200], inPlace: true };
    expect(missedBudgets(slow, await loadBudgets(BUDGETS))).toEqual([
      "save one MDX file → new text in the open tab (median) 1200 ms > 1000 ms",
    ]);
  });

  it("refuses a budgets file with a missing or mistyped field, naming it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "docs-budgets-"));
    try {
      const file = path.join(dir, "budgets.json");
      const valid = JSON.parse(await (await import("node:fs/promises")).readFile(BUDGETS, "utf8"));
      await writeFile(file, JSON.stringify({ ...valid, build: { ...valid.build, saveToServedMs: "1s" } }));
      await expect(loadBudgets(file, "budgets.json")).rejects.toThrow(/budgets\.json.*build\.saveToServedMs/s);
      const scale = { ...valid.scale, "2000": { ...valid.scale["2000"], warmSearchCpuMs: "5 ms" } };
      await writeFile(file, JSON.stringify({ ...valid, scale }));
      await expect(loadBudgets(file, "budgets.json")).rejects.toThrow(/budgets\.json.*scale\.2000\.warmSearchCpuMs/s);
      await writeFile(file, JSON.stringify({ ...valid, scale: { "2k": valid.scale["2000"] } }));
      await expect(loadBudgets(file, "budgets.json")).rejects.toThrow(/budgets\.json.*scale/s);
      await writeFile(file, "{ not json");
      await expect(loadBudgets(file, "budgets.json")).rejects.toThrow(/^budgets\.json: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
