/**
 * Lighthouse 12 in Debian's Chromium, mobile (its default: simulated slow 4G and a 4× slower CPU)
 * and desktop, several runs per page; each figure is the median of the runs. A run Lighthouse
 * itself reports as broken (e.g. NO_NAVSTART, a trace it failed to record) is retried.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../local/chromium";
import { median } from "./median";

export type FormFactor = "mobile" | "desktop";

export interface LighthouseFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number;
  /** Scored audits below a full score in any run ("category/audit-id: title"). */
  failing: string[];
}

/** A request the page made during the (first) run, before any input. */
export interface PageRequest {
  url: string;
  resourceType: string;
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RETRIES = 2;

async function runOnce(url: string, formFactor: FormFactor): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: "silent",
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (lhr && !lhr.runtimeError) return lhr;
      if (attempt >= RETRIES)
        throw new Error(`Lighthouse failed on ${url} (${formFactor}): ${lhr?.runtimeError?.message ?? "no result"}`);
    } finally {
      chrome.kill();
    }
  }
}

function failingAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        out.push(`${id}/${ref.id}: ${audit.title}`);
    }
  }
  return out;
}

export async function lighthouseFigures(
  url: string,
  formFactor: FormFactor,
  runs: number,
): Promise<{ figures: LighthouseFigures; requests: PageRequest[] }> {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(url, formFactor));
  const score = (category: string) =>
    median(results.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100)));
  const metric = (audit: string) => median(results.map((r) => r.audits[audit]?.numericValue ?? Number.NaN));
  const items =
    (
      results[0]!.audits["network-requests"]?.details as
        { items?: { url: string; resourceType?: string }[] } | undefined
    )?.items ?? [];
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcpMs: Math.round(metric("first-contentful-paint")),
      lcpMs: Math.round(metric("largest-contentful-paint")),
      tbtMs: Math.round(metric("total-blocking-time")),
      cls: Number(metric("cumulative-layout-shift").toFixed(3)),
      runs,
      failing: [...new Set(results.flatMap(failingAudits))],
    },
    requests: items
      .filter((r) => !r.url.startsWith("data:"))
      .map((r) => ({ url: r.url, resourceType: r.resourceType ?? "Other" })),
  };
}
