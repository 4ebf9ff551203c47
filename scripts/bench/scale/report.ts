/**
 * The scale benchmark's report (bench-results/scale-<N>.{md,json}): its JSON shape, the check
 * against bench/budgets.json's `scale` section (every budget named as met, missed or not measured),
 * and its Markdown rendering.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Budgets, ScaleBudget } from "../budgets";
import type { SiteBuild } from "../../build/build";
import type { StepFigures } from "./build-publish";
import { READ_KINDS, type ReadsByKind, type SearchReads } from "./search-reads";
import type { SimulatorCost } from "./simulator-cost";
import type { CachedBuildFigures, CiReleaseFigures } from "./fresh-process";
import type { KvWrites } from "./kv-writes";
import { WARMUP, type ColdFigures, type RequestFigures } from "./requests";
import { checkVersionBudgets, versionsMarkdown, type VersionsFigures } from "./versions";

export interface ScaleReport {
  date: string;
  requestedPages: number;
  copies: number;
  pagesPerCopy: number;
  node: string;
  /** /proc/loadavg (1, 5, 15 minutes) when the run started and when it ended. */
  loadAverage: { start: number[]; end: number[] };
  build: {
    pages: number;
    wallMs: number;
    peakRssBytes: number;
    outputBytes: number;
    outputFiles: number;
    /** Why the build process ended before it built (its last output). */
    error?: string;
    work?: SiteBuild["work"];
    phases?: SiteBuild["phases"];
    phasesCpu?: SiteBuild["phasesCpu"];
  };
  /**
   * A build in a fresh process with the build cache the earlier builds left, one page changed since
   * (scale/fresh-process.ts); reported, not budgeted (the budgeted cold build is the one above).
   */
  cachedBuild?: CachedBuildFigures;
  /** A one-page release as CI runs it: `npm run publish` spawned with the build cache (scale/fresh-process.ts). */
  ciRelease?: CiReleaseFigures;
  /** The real site's cold build in the same run (scale/baseline.ts): its caches' hit rates stand beside the synthetic site's. */
  realSiteWork?: SiteBuild["work"];
  /** The persistent build cache on disk at the end of the run. */
  buildCache?: { bytes: number; files: number };
  publish: { ok: boolean; ms: number; writes: KvWrites; error?: string };
  serve?: {
    /**
     * workerd's CPU from its start until it serves (its own services, Miniflare's, and this worker's
     * module evaluation, the search warm-up included): the median over the cold isolates, with each one's.
     */
    startup?: { cpuMs: number; cpuSamplesMs: number[] };
    coldPage: ColdFigures;
    coldSearch: ColdFigures;
    warmPage: RequestFigures;
    warmSearch: RequestFigures;
    /**
     * The same searches in isolates that served `after` searches of other words first (its first
     * page, then those): V8 has compiled the search code by then. Reported, not budgeted.
     */
    settledSearch?: RequestFigures & { after: number };
    uncachedPage: RequestFigures;
    /** /robots.txt: what any request costs the process here (HTTP; the channel pointer's KV read through the local KV simulator, once a second: POINTER_RECHECK_MS). */
    floor?: RequestFigures;
    /** What the local simulators cost workerd per operation (scale/simulator-cost.ts). */
    simulator?: SimulatorCost;
    /** The values the measured searches read from KV (scale/search-reads.ts). */
    searchReads?: SearchReads;
    html: { route: string; bytes: number; realSiteBytes: number | null };
  };
  /**
   * A one-page edit as `npm run dev` handles it: rebuilt with the last search index and published
   * (served after toServedMs), then rebuilt with a fresh index and published (`search`).
   */
  /** npm run dev's first build, with the build cache the first build left (fills its in-memory cache; not budgeted). */
  devStartMs?: number;
  edit?: StepFigures & { toServedMs: number | null; search?: StepFigures };
  /** Another one-page edit as a release ships it: a full build written to dist/content, one publish. */
  release?: StepFigures;
  /** Then one-page releases in a row, each of another page (scale/run.ts, RELEASE_RUN). */
  releases?: StepFigures[];
  /** With --versions K: the docs versions (scale/versions.ts). */
  versions?: VersionsFigures;
  /** The budget set used (a key of bench/budgets.json's `scale`), or null when none applies. */
  budgetKey: string | null;
  met: string[];
  /** Missed budgets, and budgets whose figure could not be measured. */
  misses: string[];
}

/** The budget set for a page count: the largest key at or below it. */
export function budgetFor(
  scale: Record<string, ScaleBudget> | undefined,
  pages: number,
): { key: string; budget: ScaleBudget } | null {
  const keys = Object.keys(scale ?? {})
    .map(Number)
    .filter((k) => k <= pages)
    .sort((a, b) => b - a);
  return keys.length ? { key: String(keys[0]), budget: scale![String(keys[0])]! } : null;
}

const MB = 1024 * 1024;
const mib = (n: number) => `${(n / MB).toFixed(2)} MiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Fills in met and misses from the figures and the budget; an unmeasured figure is a miss. */
export function checkScaleBudgets(report: ScaleReport, budget: ScaleBudget | null): void {
  const met: string[] = [];
  const misses: string[] = [];
  const check = (
    what: string,
    value: number | null | undefined,
    max: number | undefined,
    show: (n: number) => string,
  ) => {
    if (max === undefined) return;
    if (value === null || value === undefined) misses.push(`${what}: not measured (budget ${show(max)})`);
    else if (value > max) misses.push(`${what} ${show(value)} > ${show(max)}`);
    else met.push(`${what} ${show(value)} ≤ ${show(max)}`);
  };
  if (report.build.error) misses.push(`build failed: ${report.build.error}`);
  if (report.publish.ok) met.push("publish succeeds");
  else misses.push(`publish failed: ${report.publish.error ?? "unknown error"}`);
  if (!budget) {
    Object.assign(report, { met, misses });
    return;
  }
  const s = report.serve;
  const e = report.edit && !report.edit.error ? report.edit : undefined;
  // A release's budget holds for every one of them: the largest of the first and the run after it.
  const released = [report.release, ...(report.releases ?? [])].filter((r): r is StepFigures => Boolean(r));
  for (const [i, r] of released.entries()) if (r.error) misses.push(`one-page release ${i + 1} failed: ${r.error}`);
  const release =
    released.length && released.every((r) => !r.error)
      ? {
          keys: Math.max(...released.map((r) => r.writes.keys)),
          bytes: Math.max(...released.map((r) => r.writes.bytes)),
        }
      : undefined;
  // The cold build is the one with an empty build cache: what a new contributor, a CI runner whose
  // cache missed and every change to the build code run.
  check(
    "cold build, empty build cache: wall time",
    report.build.error ? null : report.build.wallMs,
    budget.coldBuildMs,
    ms,
  );
  check("cold build, empty build cache: peak memory", report.build.peakRssBytes, budget.coldBuildPeakRssBytes, mib);
  if (report.cachedBuild?.error) misses.push(`cold build with the build cache failed: ${report.cachedBuild.error}`);
  const ci = report.ciRelease && !report.ciRelease.error ? report.ciRelease : undefined;
  if (report.ciRelease?.error) misses.push(`one-page release as CI runs it failed: ${report.ciRelease.error}`);
  const ciBudget = budget.ciRelease;
  check("one-page release as CI runs it (npm run publish): spawn to channel flip", ci?.toFlipMs, ciBudget?.ms, ms);
  check("one-page release as CI runs it: peak memory of its processes", ci?.peakRssBytes, ciBudget?.peakRssBytes, mib);
  check("one-page release as CI runs it: keys written", ci?.keys, ciBudget?.keys, String);
  check("one-page release as CI runs it: bytes written", ci?.bytes, ciBudget?.bytes, mib);
  check("build cache on disk at the end", report.buildCache?.bytes, budget.buildCacheBytes, mib);
  check("largest KV value", report.publish.writes.largest?.bytes, budget.kvValueBytes, mib);
  const which = released.length > 1 ? `release, largest of ${released.length}` : "release";
  check(`one-page publish (${which}): keys written`, release?.keys, budget.onePagePublish?.keys, String);
  check(`one-page publish (${which}): bytes written`, release?.bytes, budget.onePagePublish?.bytes, mib);
  check(
    "one-page edit rebuilt and published (npm run dev)",
    e && e.buildMs + e.publishMs,
    budget.editRebuildPublishMs,
    ms,
  );
  check("cold isolate first search: workerd CPU", s?.coldSearch.cpuMs, budget.coldFirstSearch?.cpuMs, ms);
  check(
    "cold isolate first search: workerd memory added",
    s?.coldSearch.addedRssBytes,
    budget.coldFirstSearch?.addedRssBytes,
    mib,
  );
  check("warm search: workerd CPU per request", s?.warmSearch.cpuPerRequestMs, budget.warmSearchCpuMs, ms);
  check("uncached page: workerd CPU per request", s?.uncachedPage.cpuPerRequestMs, budget.uncachedPageCpuMs, ms);
  const growth = s?.html.realSiteBytes ? s.html.bytes / s.html.realSiteBytes : null;
  check(
    `${s?.html.route ?? "page"} HTML vs the 70-page site`,
    growth,
    budget.pageHtmlGrowth,
    (n) => `${n.toFixed(2)}×`,
  );
  if (report.versions) checkVersionBudgets(report.versions, budget, check, misses);
  Object.assign(report, { met, misses });
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
/** A CPU figure, with V8's background threads' share of it when measured, and any other notes. */
const cpuText = (total: number, background: number | undefined, ...notes: string[]) => {
  const parts = [...(background === undefined ? [] : [`V8 background ${ms(background)}`]), ...notes];
  return parts.length ? `${ms(total)} (${parts.join("; ")})` : ms(total);
};
/** "median of 5: …" when a figure is the median of several samples. */
const samplesNote = (samples: number[] | undefined) =>
  samples && samples.length > 1 ? [`median of ${samples.length}: ${samples.map((x) => x.toFixed(1)).join(", ")}`] : [];
const requestRow = (what: string, r: RequestFigures) =>
  row([
    what,
    r.count,
    ms(r.medianMs),
    ms(r.p95Ms),
    cpuText(r.cpuPerRequestMs, r.backgroundCpuPerRequestMs, ...samplesNote(r.cpuSamplesMs)),
  ]);
const coldRow = (what: string, c: ColdFigures) =>
  row([
    what,
    c.status,
    ms(c.wallMs),
    cpuText(c.cpuMs, c.backgroundCpuMs, ...samplesNote(c.cpuSamplesMs)),
    mib(c.addedRssBytes),
  ]);
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
/** Pages compiled, finished and cached, then each stage's wall and CPU time (every thread), with its CPU per page. */
const workText = (b: {
  work?: SiteBuild["work"];
  phases?: SiteBuild["phases"];
  phasesCpu?: SiteBuild["phasesCpu"];
}) => {
  if (!b.work || !b.phases) return "";
  const { work, phases, phasesCpu } = b;
  const stages = Object.entries(phases).map(([name, t]) => {
    const cpu = phasesCpu?.[name as keyof typeof phases];
    const cpuText =
      cpu === undefined ? "" : ` / ${(cpu / 1000).toFixed(1)} s CPU (${(cpu / work.pages).toFixed(2)} ms a page)`;
    return `${name} ${(t / 1000).toFixed(1)} s${cpuText}`;
  });
  const totalCpu = phasesCpu ? Object.values(phasesCpu).reduce((x, y) => x + y, 0) : null;
  const total = totalCpu === null ? "" : ` CPU of every stage: ${(totalCpu / work.pages).toFixed(1)} ms a page.`;
  return ` Pages: ${work.compiled} compiled, ${work.finished} finished, ${work.cached} from the cache; stages (wall, then CPU of every thread): ${stages.join(", ")}.${total}`;
};
/** Each cache's hit rate in a build: pages taken whole from the build cache, code blocks found in the highlight memo. */
const hitRates = (w: SiteBuild["work"]) =>
  `finished pages from the build cache ${pct(w.cached, w.pages)} of ${w.pages}, pages compiled ${pct(w.compiled, w.pages)}, code blocks from the highlight memo ${pct(w.snippetHits ?? 0, w.snippets ?? 0)} of ${w.snippets ?? 0}`;
const hitRatesText = (r: ScaleReport) =>
  r.build.work
    ? `- Caches in the empty-cache build: ${hitRates(r.build.work)}; the real site's own empty-cache build in this run: ${r.realSiteWork ? hitRates(r.realSiteWork) : "not measured"}.`
    : "- Caches in the empty-cache build: not measured.";
const failed = (f: StepFigures) => (f.error ? ` (**failed**: ${f.error})` : "");
const writesText = (w: KvWrites) =>
  `${w.keys} keys, ${mib(w.bytes)}${w.largest ? `; largest value ${w.largest.key} (${mib(w.largest.bytes)})` : ""}`;

export function renderScaleMarkdown(r: ScaleReport): string {
  const s = r.serve;
  const lines = [
    `# Scale benchmark: ${r.build.pages} pages, ${r.date}`,
    "",
    `Requested ${r.requestedPages} pages: the real site plus ${r.copies} copies of its ${r.pagesPerCopy} content pages (scripts/bench/scale). ${r.node}. Load average (1/5/15 min) at start ${r.loadAverage.start.join(" / ")}, at end ${r.loadAverage.end.join(" / ")}.`,
    "",
    "## Build and publish",
    "",
    r.build.error
      ? `- Cold content build: **failed** after ${(r.build.wallMs / 1000).toFixed(1)} s, peak resident memory ${mib(r.build.peakRssBytes)}:\n\n\`\`\`text\n${r.build.error}\n\`\`\``
      : `- Cold content build, empty build cache (strict, one process as \`npm run build:content\` runs it, dist/content written; what a new contributor, a CI runner whose cache missed and any change to the build code run): ${(r.build.wallMs / 1000).toFixed(1)} s, peak resident memory ${mib(r.build.peakRssBytes)} (process tree sampled from /proc); ${r.build.outputFiles} files, ${mib(r.build.outputBytes)} in dist/content/<id>/.${workText(r.build)}`,
    hitRatesText(r),
    r.cachedBuild
      ? r.cachedBuild.error
        ? `- Build in a fresh process with the build cache: **failed** after ${(r.cachedBuild.wallMs / 1000).toFixed(1)} s: ${r.cachedBuild.error}`
        : `- Build in a fresh process with the build cache (one page changed since the last build; strict, dist/content written in ${ms(r.cachedBuild.writeMs ?? 0)}; not budgeted): ${(r.cachedBuild.wallMs / 1000).toFixed(1)} s, peak resident memory ${mib(r.cachedBuild.peakRssBytes)}.${workText(r.cachedBuild)}`
      : "- Build in a fresh process with the build cache: not measured.",
    r.ciRelease
      ? r.ciRelease.error
        ? `- One-page release as CI runs it (\`npm run publish -- --strict\`, fresh process, the build cache on disk, local KV): **failed** after ${(r.ciRelease.wallMs / 1000).toFixed(1)} s:\n\n\`\`\`text\n${r.ciRelease.error}\n\`\`\``
        : `- One-page release as CI runs it (\`npm run publish -- --strict\` spawned through npm, a fresh process, the build cache on disk, local KV): channel flipped ${(r.ciRelease.toFlipMs / 1000).toFixed(1)} s after the spawn (process exited at ${(r.ciRelease.wallMs / 1000).toFixed(1)} s), peak resident memory of its process tree ${mib(r.ciRelease.peakRssBytes)}; wrote ${r.ciRelease.keys} keys, ${mib(r.ciRelease.bytes ?? 0)}.`
      : "- One-page release as CI runs it: not measured.",
    r.buildCache
      ? `- Build cache on disk at the end: ${mib(r.buildCache.bytes)} in ${r.buildCache.files} files.`
      : "- Build cache on disk: not measured.",
    `- First publish to local KV: ${r.publish.ok ? "succeeded" : `**failed**: ${r.publish.error}`} in ${(r.publish.ms / 1000).toFixed(1)} s; ${r.publish.ok ? "wrote" : "sent (not all stored)"} ${writesText(r.publish.writes)}.`,
    r.edit
      ? `- One-page edit, as \`npm run dev\` does it${r.devStartMs === undefined ? "" : ` (its first build, with the build cache: ${(r.devStartMs / 1000).toFixed(1)} s)`}: rebuilt with the last search index in ${ms(r.edit.buildMs)} (same process, build cache), published in ${ms(r.edit.publishMs)}${failed(r.edit)}, writing ${writesText(r.edit.writes)}; served ${r.edit.toServedMs === null ? "never (not seen within the time limit)" : `${ms(r.edit.toServedMs)} after the edit`} (by the measured worker, which reads the channel pointer again once it is POINTER_RECHECK_MS old, as deployed).${r.edit.search ? ` Then rebuilt with a fresh search index in ${ms(r.edit.search.buildMs)}, published in ${ms(r.edit.search.publishMs)}${failed(r.edit.search)}, writing ${writesText(r.edit.search.writes)}.` : ""}`
      : "- One-page edit: not measured (the first publish failed).",
    r.release
      ? `- One-page release: another edit, built in full (search index included, dist/content written) in ${ms(r.release.buildMs)}, published in ${ms(r.release.publishMs)}${failed(r.release)}, writing ${writesText(r.release.writes)}.`
      : "- One-page release: not measured.",
    ...(r.releases?.length
      ? [
          `- Then ${r.releases.length} one-page releases in a row, each of another page with a word new to the site (each writes a search segment, and the segments pass MAX_SEGMENTS, so releases merge them): ${r.releases.map((f) => (f.error ? "**failed**" : `${mib(f.writes.bytes)} / ${f.writes.keys} keys`)).join(", ")}.${r.releases.map(failed).join("")}`,
        ]
      : []),
    "",
  ];
  if (s)
    lines.push(
      "## Served by local workerd",
      "",
      "Requests go to a socket straight into the worker (Miniflare's unsafeDirectSockets, bound to the worker's `direct` entrypoint), as Cloudflare's edge hands them over: past Miniflare's entry worker and the static-assets router. CPU is the workerd process's CPU time (all its threads, from /proc/<pid>/task/*/schedstat), so it still includes HTTP handling and the local KV and Cache simulators (JavaScript workers in the same process), none of which Cloudflare bills to the worker; /robots.txt, the least a request does, shows that floor. The part on V8's background threads (`V8 DefaultWorker`: concurrent and parallel garbage collection, background compilation) is given apart: it grows with what a request allocates and with the heap the isolate keeps. Memory is the growth of workerd's resident set (VmRSS), not the V8 heap alone.",
      "",
      row(["cold isolate", "status", "wall", "workerd CPU", "resident memory added"]),
      row(["---", "---", "---", "---", "---"]),
      coldRow("first page (/devs/getstarted)", s.coldPage),
      coldRow("first search, right after", s.coldSearch),
      "",
      ...(s.startup
        ? [
            `Before those requests, each isolate's workerd spent ${ms(s.startup.cpuMs)} of CPU starting (median; ${s.startup.cpuSamplesMs.map((x) => x.toFixed(1)).join(", ")}): workerd's and Miniflare's own services (${s.simulator?.startupMs === undefined ? "" : `the calibration worker below, with no static assets and a module that does nothing, started in ${ms(s.simulator.startupMs)}; `}this one also serves the static assets), then this worker's module, whose top level runs the search warm-up (worker/search/warm-up.ts). On Cloudflare an isolate's startup is limited apart from its requests' CPU.`,
            "",
          ]
        : []),
      row(["warm", "requests", "median", "p95", "workerd CPU per request"]),
      row(["---", "---", "---", "---", "---"]),
      requestRow("page (cached)", s.warmPage),
      requestRow("search", s.warmSearch),
      ...(s.settledSearch
        ? [
            requestRow(
              `search, isolate settled (${s.settledSearch.after} other searches first; not budgeted)`,
              s.settledSearch,
            ),
          ]
        : []),
      requestRow("page (DISABLE_PAGE_CACHE)", s.uncachedPage),
      ...(s.floor ? [requestRow("/robots.txt (the floor)", s.floor)] : []),
      "",
      ...(s.settledSearch
        ? [
            `The warm searches are an isolate's 7th to 46th (after its first page and search, 45 pages, and the run's ${WARMUP} unmeasured searches), and V8 is still compiling the search code then (the V8 background share), on top of what the searches themselves cost. The settled row sends the same searches to isolates that served only their first page and ${s.settledSearch.after} searches of other words (the real site's other pages) first; the measured searches then read the pieces those did not (how many: below).`,
            "",
          ]
        : []),
      ...(s.simulator
        ? [
            `What the local simulators cost workerd, measured with a calibration worker in its own workerd (scripts/bench/scale/simulator-cost.ts): a request that reads nothing ${s.simulator.requestMs} ms; each KV read ${s.simulator.kvReadMs} ms more (1 KiB; ${s.simulator.kvReadLargeMs} ms for 64 KiB); each Cache API lookup ${s.simulator.cacheMatchMs} ms more. Every figure above includes them: a page read from the page cache makes one lookup; an uncached page reads its page record the first time; a search reads each piece its query has not read before in this isolate; and any request reads the channel pointer when the isolate's last read is a second old (POINTER_RECHECK_MS; a run of 40 requests takes less).`,
            "",
          ]
        : []),
      ...(s.searchReads ? [searchReadsLine(s.searchReads, s.simulator), ""] : []),
      `HTML of ${s.html.route}: ${s.html.bytes} B${s.html.realSiteBytes ? ` (${(s.html.bytes / s.html.realSiteBytes).toFixed(2)}× the ${s.html.realSiteBytes} B of the 70-page site)` : " (no 70-page figure: run --pages 70 first)"}.`,
      "",
    );
  else lines.push("## Served by local workerd", "", "Not measured: the first publish failed.", "");
  if (r.versions) lines.push(...versionsMarkdown(r.versions));
  lines.push(
    `## Budgets${r.budgetKey ? ` (bench/budgets.json scale.${r.budgetKey})` : " (none for this size)"}`,
    "",
    ...r.met.map((m) => `- met: ${m}`),
    ...r.misses.map((m) => `- **missed**: ${m}`),
    "",
  );
  return `${lines.join("\n")}\n`;
}

/** The searches' KV reads, and what they cost workerd at the calibration's rates (a range: 1 KiB to 64 KiB values). */
function searchReadsLine(r: SearchReads, cost: SimulatorCost | undefined): string {
  // The two rates are measured apart, and a large value's may come out below a small one's.
  const [low, high] = cost ? [cost.kvReadMs, cost.kvReadLargeMs].sort((a, b) => a - b) : [0, 0];
  const ms = (reads: number) =>
    cost ? ` (${(reads * low!).toFixed(1)}–${(reads * high!).toFixed(1)} ms at the rates above)` : "";
  const kinds = (reads: ReadsByKind | undefined, digits: number) =>
    reads
      ? READ_KINDS.filter((k) => reads[k])
          .map((k) => `${reads[k]!.toFixed(digits)} ${k}`)
          .join(", ")
      : null;
  const cold = kinds(r.coldByKind, 0) ?? "the channel pointer, the search root and the pieces its query needs";
  const warm = kinds(r.warmByKind, 1);
  const replay =
    cost?.warmSearchReadsMs === undefined
      ? ""
      : ` Replayed alone over the same KV by the calibration worker (each search's reads at once, each value read for the first time in its workerd), the warm searches' reads cost ${cost.warmSearchReadsMs} ms of workerd CPU per search: the local KV simulator's part of the warm search's CPU above.`;
  return `KV reads of the searches, counted by running the worker's search code in Node over the same KV (scripts/bench/scale/search-reads.ts): the cold isolate's first search read ${r.cold} values${ms(r.cold)}: ${cold}; a warm search read ${r.warmPerQuery.toFixed(1)} on average${ms(r.warmPerQuery)}${warm ? `: ${warm}` : ""}${r.settledPerQuery === undefined ? "" : `; in a settled isolate, ${r.settledPerQuery.toFixed(1)}${ms(r.settledPerQuery)}`}.${replay}`;
}

/**
 * Checks the report against the budget for its page count, writes <outDir>/scale-<N>.{md,json},
 * and returns the exit code: 1 when any budget is missed (or could not be measured), else 0.
 */
export async function finishScaleReport(report: ScaleReport, budgets: Budgets, outDir: string): Promise<number> {
  const chosen = budgetFor(budgets.scale, report.requestedPages);
  report.budgetKey = chosen?.key ?? null;
  checkScaleBudgets(report, chosen?.budget ?? null);
  const markdown = renderScaleMarkdown(report);
  await mkdir(outDir, { recursive: true });
  const name = `scale-${report.requestedPages}${report.versions ? `x${report.versions.count}` : ""}`;
  await writeFile(path.join(outDir, `${name}.md`), markdown);
  await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${markdown}`);
  return report.misses.length ? 1 : 0;
}
