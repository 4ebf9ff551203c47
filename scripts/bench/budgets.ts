/**
 * The committed budgets (bench/budgets.json): their schema, and the check that names every figure
 * over its budget. When a budget is missed, change the design, not the budget.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { formatIssues } from "../../common/config/schema";
import type { SearchEvalReport } from "../search/eval/run";
import type { BenchReport } from "./report";

const bytes = z.number().int().positive();
const ms = z.number().positive();
const score = z.number().int().min(0).max(100);
const share = z.number().min(0).max(1);
const lighthouseBudget = z.strictObject({
  performance: score,
  accessibility: score,
  bestPractices: score,
  seo: score,
  cls: z.number().min(0),
  tbtMs: z.number().min(0),
});

/**
 * npm run bench:scale: budgets for a synthetic site of a given page count (scripts/bench/scale).
 * Every field is optional: a size lists only what the issue fixes for it.
 */
export const scaleBudgetSchema = z.strictObject({
  /** Cold content build of the whole site (one process, empty build cache): wall time and peak resident memory. */
  coldBuildMs: ms.optional(),
  coldBuildPeakRssBytes: bytes.optional(),
  /** What publishing a one-page edit writes to KV. */
  onePagePublish: z.strictObject({ keys: z.number().int().positive(), bytes }).optional(),
  /**
   * A one-page release as CI runs it: `npm run publish` spawned in a fresh process with the previous
   * build's cache on disk, against local KV; from the spawn to the channel flip, the peak resident
   * memory of its process tree, and the keys and bytes it writes.
   */
  ciRelease: z.strictObject({ ms, peakRssBytes: bytes, keys: z.number().int().positive(), bytes }).optional(),
  /** The persistent build cache's size on disk at the end of the run. */
  buildCacheBytes: bytes.optional(),
  /** The largest single KV value the first publish writes. */
  kvValueBytes: bytes.optional(),
  /** First search in a fresh workerd isolate (after one page): workerd CPU and resident memory added. */
  coldFirstSearch: z.strictObject({ cpuMs: ms, addedRssBytes: bytes.optional() }).optional(),
  /** workerd CPU per warm search request. */
  warmSearchCpuMs: ms.optional(),
  /** workerd CPU per uncached page request. */
  uncachedPageCpuMs: ms.optional(),
  /** HTML of /devs/getstarted as a multiple of its size on the real (70-page) site. */
  pageHtmlGrowth: z.number().min(1).optional(),
  /** A one-page edit, rebuilt (with the build cache) and published. */
  editRebuildPublishMs: ms.optional(),
  /**
   * With --versions K (docs versions, most of whose pages are the same): the page records and twins
   * a first publish writes grow by at most this share per legacy version; the budgets above hold for
   * each version.
   */
  versions: z.strictObject({ pageValuesGrowthPerVersion: z.number().min(0) }).optional(),
});

export type ScaleBudget = z.infer<typeof scaleBudgetSchema>;

export const budgetsSchema = z.strictObject({
  $comment: z.string().optional(),
  jsBeforeInputGzipBytes: z.strictObject({ docs: bytes, api: bytes }),
  /** Raw HTML of the largest API reference page. */
  largestApiPageHtmlBytes: bytes,
  renderCpuMedianMs: z.strictObject({ page: ms, largestApiPage: ms }),
  lighthouse: z.strictObject({ mobile: lighthouseBudget, desktop: lighthouseBudget }),
  build: z.strictObject({ coldWallMs: ms, coldPeakRssBytes: bytes, saveToServedMs: ms, saveToVisibleMs: ms }),
  /** npm run search:eval: relevance on the judged query set (fractions) and warm query latency. */
  search: z.strictObject({
    successAt10: share,
    questionSuccessAt10: share,
    mrr: share,
    warmMedianMs: ms,
    warmP95Ms: ms,
  }),
  /** npm run bench:scale: budgets by page count ("70", "2000", "10000"). */
  scale: z.record(z.string().regex(/^\d+$/, "a page count"), scaleBudgetSchema).optional(),
});

export type Budgets = z.infer<typeof budgetsSchema>;

export async function loadBudgets(file: string, label = "bench/budgets.json"): Promise<Budgets> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (e) {
    throw new Error(`${label}: ${(e as Error).message}`, { cause: e });
  }
  const parsed = budgetsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(formatIssues(label, parsed.error));
  return parsed.data;
}

export const isApiRoute = (route: string) => route.startsWith("/api/");

/** Every budget the report misses, each named with the page, the figure and the budget. */
export function missedBudgets(report: BenchReport, budgets: Budgets): string[] {
  const misses: string[] = [];
  const over = (what: string, value: number, max: number, unit: string) => {
    const u = unit ? ` ${unit}` : "";
    if (value > max) misses.push(`${what} ${value}${u} > ${max}${u}`);
  };
  for (const page of report.pages) {
    const kind = isApiRoute(page.route) ? "api" : "docs";
    over(`${page.route}: JavaScript before input (gzip)`, page.bytes.jsGzip, budgets.jsBeforeInputGzipBytes[kind], "B");
    over(`${page.route}: uncached render CPU (median)`, page.renderCpuMs, budgets.renderCpuMedianMs.page, "ms");
    for (const form of ["mobile", "desktop"] as const) {
      const lh = page.lighthouse[form];
      const b = budgets.lighthouse[form];
      for (const cat of ["performance", "accessibility", "bestPractices", "seo"] as const) {
        if (lh[cat] < b[cat])
          misses.push(
            `${page.route}: Lighthouse ${form} ${cat} ${lh[cat]} < ${b[cat]}${lh.failing.length ? ` (${lh.failing.join("; ")})` : ""}`,
          );
      }
      over(`${page.route}: Lighthouse ${form} CLS`, lh.cls, b.cls, "");
      over(`${page.route}: Lighthouse ${form} TBT`, lh.tbtMs, b.tbtMs, "ms");
    }
  }
  const api = report.largestApiPage;
  over(`${api.route} (largest API page): HTML`, api.htmlRaw, budgets.largestApiPageHtmlBytes, "B");
  over(
    `${api.route} (largest API page): uncached render CPU (median)`,
    api.renderCpuMs,
    budgets.renderCpuMedianMs.largestApiPage,
    "ms",
  );
  over("cold full build: wall time", Math.round(report.build.cold.wallMs), budgets.build.coldWallMs, "ms");
  over("cold full build: peak memory", report.build.cold.peakRssBytes, budgets.build.coldPeakRssBytes, "B");
  over(
    "save one MDX file → new page served (median)",
    Math.round(report.build.saveToServed.medianMs),
    budgets.build.saveToServedMs,
    "ms",
  );
  over(
    "save one MDX file → new text in the open tab (median)",
    Math.round(report.build.saveToVisible.medianMs),
    budgets.build.saveToVisibleMs,
    "ms",
  );
  return misses;
}

/** Every search budget the evaluation misses. */
export function missedSearchBudgets(report: SearchEvalReport, budgets: Budgets): string[] {
  const b = budgets.search;
  const all = report.ours.find((k) => k.kind === "all")!;
  const questions = report.ours.find((k) => k.kind === "question");
  const misses: string[] = [];
  const under = (what: string, value: number, min: number) => {
    if (value < min) misses.push(`search: ${what} ${value.toFixed(3)} < ${min}`);
  };
  under("success@10", all.successAt10, b.successAt10);
  under("questions success@10", questions?.successAt10 ?? 0, b.questionSuccessAt10);
  under("MRR", all.mrr, b.mrr);
  if (report.latency.medianMs > b.warmMedianMs)
    misses.push(`search: warm query latency (median) ${report.latency.medianMs} ms > ${b.warmMedianMs} ms`);
  if (report.latency.p95Ms > b.warmP95Ms)
    misses.push(`search: warm query latency (p95) ${report.latency.p95Ms} ms > ${b.warmP95Ms} ms`);
  return misses;
}
