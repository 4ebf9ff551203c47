/**
 * `npm run bench:scale [-- --pages N] [--versions K] [--keep] [--out DIR]`: a synthetic site of
 * about N pages (default 2000; 70 is the real site unchanged) in a temporary folder, built,
 * published to local KV and served by local workerd on 127.0.0.1, measured, and checked against
 * bench/budgets.json's `scale` section. With --versions K the site has K docs versions, most of
 * whose pages are the same (scale/versions.ts), each measured. Writes <out>/scale-<N>.{md,json}
 * (scale-<N>x<K> with --versions; out defaults to bench-results/) and exits 1 naming every budget
 * missed or not measured. Every step is bounded in time.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { loadBudgets } from "../budgets";
import { EDITED_PAGE } from "../build-figures";
import { median } from "../median";
import { sampleTreeMemory } from "../procfs";
import type { ChildMessage, StepFigures } from "./build-publish";
import { copySiteInputs, generateScaledSite } from "./generate";
import { finishScaleReport, type ScaleReport } from "./report";
import {
  coldRequest,
  requestRun,
  SEARCH_SETTLE_MS,
  searchRun,
  untilServed,
  WARMUP,
  type RequestFigures,
} from "./requests";
import { countSearchReads } from "./search-reads";
import { measureReplayCost, measureSimulatorCost } from "./simulator-cost";
import { buildNodeFlags, DEV_NODE_FLAGS } from "./node-flags";
import {
  COLD_ISOLATES,
  measureLegacy,
  medianRun,
  medianSample,
  searchUrl as versionSearchUrl,
  serve,
  type ColdSample,
  type Served,
} from "./serve";
import { generateVersions, legacyFile, type VersionsFigures } from "./versions";
import { benchChild, nextMessage, stopChild } from "./child";
import { sizeOf } from "./size-of";
import { cachedBuild, ciRelease } from "./fresh-process";
import { realSite } from "./baseline";
import { otherSearchTerms, releasedPages, RELEASE_RUN, searchTerms, SETTLING_SEARCHES } from "./terms";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const EDIT_TIMEOUT_MS = 10 * 60_000;
const PAGE = EDITED_PAGE.route;
class BuildDied extends Error {}
const step = (what: string) => console.log(`bench:scale: ${what}`);

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "2000" },
    keep: { type: "boolean", default: false },
    versions: { type: "string" },
    out: { type: "string", default: path.join(root, "bench-results") },
  },
});
const requestedPages = Number(values.pages);
if (!Number.isInteger(requestedPages) || requestedPages < 1 || requestedPages > 100_000) {
  console.error(`--pages must be a whole number from 1 to 100000, got "${values.pages}"`);
  process.exit(2);
}
const versionCount = values.versions === undefined ? null : Number(values.versions);
if (versionCount !== null && (!Number.isInteger(versionCount) || versionCount < 1 || versionCount > 5)) {
  console.error(`--versions must be a whole number from 1 to 5, got "${values.versions}"`);
  process.exit(2);
}
/** A build's time limit: 45 minutes per 10,000 pages (a shared machine's cold build of 30,000 takes more than 45). */
const BUILD_TIMEOUT_MS = Math.max(1, requestedPages / 10_000) * 45 * 60_000;
const outDir = path.resolve(values.out);
const workerBundle = path.join(root, "dist/worker/index.js");
if (!existsSync(workerBundle)) {
  // The site is served by the worker bundle; without it every serving figure would be lost after the build.
  console.error(`bench:scale serves the site with ${path.relative(root, workerBundle)}: run \`npm run build\` first`);
  process.exit(2);
}
const loadAverage = async () => (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).map(Number);

/** Measures the served site; returns the page-cached server, still up, for the edit. */
async function measureServing(siteDir: string, kvDir: string, report: ScaleReport, work: string): Promise<Served> {
  const site = parseYaml(await readFile(path.join(siteDir, "content/site.yaml"), "utf8")) as {
    search: { indexName: string };
  };
  const terms = await searchTerms(siteDir);
  // The current docs version's index, as DocSearch asks for it (a query naming no version reads every version's).
  const searchUrl = (origin: string, q: string) => versionSearchUrl(origin, site.search.indexName, "current", q);
  const warmTerms = Array.from({ length: 40 }, (_, i) => terms[i % Math.max(1, terms.length)] ?? "movement");
  const settlingTerms = await otherSearchTerms(siteDir, terms, SETTLING_SEARCHES);
  step(
    `${COLD_ISOLATES} fresh isolates: first page, first search, then warm pages, searches and /robots.txt; and the same searches in isolates that served ${settlingTerms.length} others first`,
  );
  const cached = await serve(kvDir);
  try {
    const pairs: { page: ColdSample; search: ColdSample }[] = [];
    const warm: { page: RequestFigures; search: RequestFigures; floor: RequestFigures }[] = [];
    const uncached: RequestFigures[] = [];
    const settled: RequestFigures[] = [];
    const startups: number[] = [];
    for (let i = 0; i < COLD_ISOLATES; i++) {
      const fresh = i === 0 ? cached : await serve(kvDir);
      startups.push(Number(fresh.startupCpuMs.toFixed(2)));
      try {
        const o = fresh.origin;
        const page = await coldRequest(`${o}${PAGE}`, fresh.workerd);
        const search = await coldRequest(searchUrl(o, terms[0] ?? "movement"), fresh.workerd, SEARCH_SETTLE_MS);
        if (page.status !== 200 || search.status !== 200)
          throw new Error(`the cold requests answered ${page.status} (page) and ${search.status} (search)`);
        pairs.push({ page, search });
        warm.push({
          page: await requestRun(Array(40).fill(`${o}${PAGE}`), fresh.workerd),
          search: await searchRun(
            warmTerms.map((t) => searchUrl(o, t)),
            fresh.workerd,
          ),
          floor: await requestRun(Array(40).fill(`${o}/robots.txt`), fresh.workerd),
        });
      } finally {
        if (fresh !== cached) await fresh.server.dispose();
      }
      const bare = await serve(kvDir, { DISABLE_PAGE_CACHE: "1" });
      try {
        uncached.push(await requestRun(Array(40).fill(`${bare.origin}${PAGE}`), bare.workerd));
      } finally {
        await bare.server.dispose();
      }
      // The same warm searches in an isolate that has served SETTLING_SEARCHES others first.
      const settling = await serve(kvDir);
      try {
        const o = settling.origin;
        await searchRun([`${o}${PAGE}`, ...settlingTerms.map((t) => searchUrl(o, t))], settling.workerd, 0);
        settled.push(
          await searchRun(
            warmTerms.map((t) => searchUrl(o, t)),
            settling.workerd,
          ),
        );
      } finally {
        await settling.server.dispose();
      }
    }
    const coldPage = medianSample(pairs.map((p) => p.page));
    const coldSearch = medianSample(pairs.map((p) => p.search));
    step("the local simulators' own cost (a calibration worker)");
    const simulator = await measureSimulatorCost();
    step("the searches' KV reads (the worker's search code in Node, over the same KV), then replayed alone");
    const { warmReads, ...searchReads } = await countSearchReads(
      kvDir,
      "production",
      terms[0] ?? "movement",
      warmTerms,
      WARMUP,
      settlingTerms,
    );
    simulator.warmSearchReadsMs = await measureReplayCost(kvDir, warmReads);
    let realSiteBytes: number | null = null;
    if (requestedPages === 70) realSiteBytes = Buffer.byteLength(coldPage.body);
    else {
      step("the real site built (empty build cache), published and served in this run: its HTML of the page");
      const real = await realSite(path.join(work, "real"), BUILD_TIMEOUT_MS).catch((e: Error) => {
        console.error(`bench:scale: the real site could not be measured: ${e.message}`);
        return null;
      });
      realSiteBytes = real?.htmlBytes ?? null;
      if (real) report.realSiteWork = real.work;
    }
    const strip = ({ body: _body, ...figures }: typeof coldPage) => figures;
    report.serve = {
      startup: { cpuMs: median(startups), cpuSamplesMs: startups },
      coldPage: strip(coldPage),
      coldSearch: strip(coldSearch),
      warmPage: medianRun(warm.map((w) => w.page)),
      warmSearch: medianRun(warm.map((w) => w.search)),
      settledSearch: { ...medianRun(settled), after: settlingTerms.length },
      uncachedPage: medianRun(uncached),
      floor: medianRun(warm.map((w) => w.floor)),
      simulator,
      searchReads,
      html: { route: PAGE, bytes: Buffer.byteLength(coldPage.body), realSiteBytes },
    };
    return cached;
  } catch (e) {
    await cached.server.dispose();
    throw e;
  }
}

/** Each legacy docs version's serving figures (scale/serve.ts), against the current version's page on the 70-page site. */
async function measureLegacyVersions(
  siteDir: string,
  kvDir: string,
  report: ScaleReport,
  versions: VersionsFigures,
): Promise<void> {
  const site = parseYaml(await readFile(path.join(siteDir, "content/site.yaml"), "utf8")) as {
    search: { indexName: string };
  };
  const terms = await searchTerms(siteDir);
  for (const legacy of versions.legacy) {
    step(`version ${legacy.name}: ${COLD_ISOLATES} fresh isolates: its page and search, warm searches, uncached pages`);
    legacy.serve = await measureLegacy(
      kvDir,
      legacy,
      PAGE,
      site.search.indexName,
      terms,
      report.serve?.html.realSiteBytes ?? null,
    );
  }
}

async function main(): Promise<number> {
  const startLoad = await loadAverage();
  const work = await mkdtemp(path.join(tmpdir(), `docs-bench-scale-${requestedPages}-`));
  const siteDir = path.join(work, "site");
  // Local state as `npm run publish` opens it (DOCS_LOCAL_STATE: <state>/v3/kv), for the CI release.
  const stateDir = path.join(work, "state");
  const kvDir = path.join(stateDir, "v3/kv");
  const cacheDir = path.join(work, "build-cache");
  step(`site of about ${requestedPages} pages in ${work}`);
  await copySiteInputs(root, siteDir);
  const generated = await generateScaledSite(siteDir, requestedPages);
  let versions: VersionsFigures | undefined;
  if (versionCount !== null) {
    versions = await generateVersions(siteDir, versionCount);
    step(
      `${versionCount} docs versions: the current one and ${versions.legacy.map((v) => v.name).join(", ") || "none"}`,
    );
  }

  const started = performance.now();
  const { child, output } = benchChild(
    "build-publish.ts",
    [siteDir, kvDir, path.join(siteDir, EDITED_PAGE.file), cacheDir],
    buildNodeFlags(),
  );
  const killTimer = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS + EDIT_TIMEOUT_MS);
  const memory = sampleTreeMemory(child.pid!, 100);
  const report: ScaleReport = {
    date: new Date().toISOString(),
    requestedPages,
    ...generated,
    node: `Node ${process.version}`,
    loadAverage: { start: startLoad, end: [] },
    build: { pages: 0, wallMs: 0, peakRssBytes: 0, outputBytes: 0, outputFiles: 0 },
    publish: { ok: false, ms: 0, writes: { keys: 0, bytes: 0, largest: null } },
    budgetKey: null,
    met: [],
    misses: [],
    ...(versions ? { versions } : {}),
  };
  /** The `npm run dev` process of the edit and release steps, once started. */
  let dev: ReturnType<typeof benchChild> | undefined;
  try {
    step("cold content build (strict, its own process)");
    const built = await nextMessage(child, "built", BUILD_TIMEOUT_MS, output).catch((e: Error) => {
      // A build that dies (out of memory, say) is a report with the reason, not a crash of the bench.
      report.build = { ...report.build, wallMs: Math.round(performance.now() - started), peakRssBytes: memory.stop() };
      report.build.error = e.message.slice(-2000);
      report.publish.error = "not run (the build failed)";
      return null;
    });
    if (!built) throw new BuildDied();
    const wallMs = performance.now() - started;
    const peak = memory.stop();
    const latest = (await readFile(path.join(siteDir, "dist/content/latest"), "utf8")).trim();
    const out = await sizeOf(path.join(siteDir, "dist/content", latest));
    report.build = {
      pages: built.pages,
      wallMs: Math.round(wallMs),
      peakRssBytes: Math.max(peak, built.maxRssBytes),
      outputBytes: out.bytes,
      outputFiles: out.files,
      work: built.work,
      phases: built.phases,
      phasesCpu: built.phasesCpu,
    };
    step(`built ${built.pages} pages in ${(wallMs / 1000).toFixed(1)} s; publishing to local KV`);
    const published = await nextMessage(child, "published", BUILD_TIMEOUT_MS, output);
    report.publish = {
      ok: !published.error,
      ms: Math.round(published.ms),
      writes: published.writes,
      error: published.error,
    };
    if (versions && published.values) versions.firstPublishValues = published.values;
    await stopChild(child);
    if (report.publish.ok) {
      const serving = await measureServing(siteDir, kvDir, report, work);
      if (versions) await measureLegacyVersions(siteDir, kvDir, report, versions);
      step("npm run dev starting: its first build, with the build cache");
      dev = benchChild(
        "build-publish.ts",
        [siteDir, kvDir, path.join(siteDir, EDITED_PAGE.file), cacheDir, "--dev"],
        DEV_NODE_FLAGS,
      );
      const { child: devChild, output: devOutput } = dev;
      const devKillTimer = setTimeout(() => devChild.kill("SIGKILL"), BUILD_TIMEOUT_MS + 2 * EDIT_TIMEOUT_MS);
      try {
        report.devStartMs = Math.round((await nextMessage(devChild, "primed", BUILD_TIMEOUT_MS, devOutput)).ms);
        step("one-page edit → rebuilt, published, served");
        const marker = `m${Date.now().toString(36)}`;
        const since = performance.now();
        const edited = nextMessage(devChild, "edited", EDIT_TIMEOUT_MS, devOutput);
        const searchedNext = nextMessage(devChild, "searched", EDIT_TIMEOUT_MS, devOutput);
        devChild.send({ edit: marker });
        const [done, toServedMs] = await Promise.all([
          edited,
          untilServed(`${serving.origin}${PAGE}`, marker, since, EDIT_TIMEOUT_MS),
        ]);
        const searched = await searchedNext;
        const figures = ({ step: _step, ...f }: ChildMessage & StepFigures): StepFigures => f;
        report.edit = {
          ...figures(done),
          toServedMs: toServedMs === null ? null : Math.round(toServedMs),
          search: figures(searched),
        };
        step("one-page release → full build, written, published");
        const released = nextMessage(devChild, "released", EDIT_TIMEOUT_MS, devOutput);
        devChild.send({ release: `r${Date.now().toString(36)}` });
        report.release = figures(await released);
        const pages = await releasedPages(siteDir, RELEASE_RUN);
        step(`${pages.length} more one-page releases in a row, each of another page`);
        report.releases = [];
        for (const [i, file] of pages.entries()) {
          const next = nextMessage(devChild, "released", EDIT_TIMEOUT_MS, devOutput);
          devChild.send({ release: `r${i}${Date.now().toString(36)}`, file });
          report.releases.push(figures(await next));
        }
        for (const legacy of versions?.legacy ?? []) {
          step(`one-page release in version ${legacy.name}`);
          const next = nextMessage(devChild, "released", EDIT_TIMEOUT_MS, devOutput);
          devChild.send({
            release: `v${legacy.name}${Date.now().toString(36)}`,
            file: legacyFile(legacy.name, EDITED_PAGE.file),
          });
          legacy.release = figures(await next);
        }
      } finally {
        clearTimeout(devKillTimer);
        await serving.server.dispose();
      }
    }
  } catch (e) {
    if (!(e instanceof BuildDied)) throw e;
  } finally {
    memory.stop();
    clearTimeout(killTimer);
    await stopChild(child);
    if (dev) await stopChild(dev.child);
    if (!report.build.error) {
      step("a build in a fresh process, with the build cache (one page changed)");
      report.cachedBuild = await cachedBuild(siteDir, cacheDir, BUILD_TIMEOUT_MS);
      if (report.publish.ok) {
        step("a one-page release as CI runs it: npm run publish, with the build cache");
        const file = path.join(siteDir, EDITED_PAGE.file);
        report.ciRelease = await ciRelease(siteDir, stateDir, cacheDir, file, BUILD_TIMEOUT_MS);
      }
      report.buildCache = await sizeOf(cacheDir).catch(() => undefined);
    }
    if (values.keep) console.log(`bench:scale: kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }

  report.loadAverage.end = await loadAverage();
  return finishScaleReport(report, await loadBudgets(path.join(root, "bench/budgets.json")), outDir);
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`bench:scale: ${e.stack ?? e.message}`);
    process.exit(1);
  },
);
