/**
 * `npm run bench`: one report (bench-results/report.{md,json}) of what readers and authors feel,
 * checked against bench/budgets.json; exits 1 naming every budget missed. Not part of npm test.
 * Everything runs on this machine: the production bundle on local workerd, loopback only, bounded
 * load runs, Lighthouse in Debian's Chromium. BENCH_SECONDS (load run length, default 5) and
 * BENCH_LIGHTHOUSE_RUNS (default 3) shorten a trial run.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "../build/build";
import { chromiumPath } from "../local/chromium";
import { productionVars, startLocalServer, type LocalServer } from "../local/server";
import { publishBuild } from "../publish/publish";
import { runSearchEval } from "../search/eval/run";
import { isApiRoute, loadBudgets, missedBudgets, missedSearchBudgets } from "./budgets";
import { coldBuild, publishOnePageChange, saveToServed } from "./build-figures";
import { pageBytes } from "./bytes";
import { lighthouseFigures } from "./lighthouse";
import { loadRun } from "./load";
import { childProcessesNamed, newProcessNamed } from "./procfs";
import { renderCpuMsApart } from "./render-cpu-child";
import { renderMarkdown, type BenchReport, type PageReport } from "./report";
import { saveToVisible } from "./save-to-visible";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PAGES = [
  "/",
  "/devs/getstarted",
  "/general/UsingMovement/connect_to_movement",
  "/api/node/get-transactions",
  // The page that draws the Transaction type, the reference's largest, for the operations that link to it.
  "/api/node/transaction-type",
  "/api/node/movement-labs-node-api",
  "/devs/interactonchain/tsSdk",
];
const LOAD = { connections: 10, seconds: Number(process.env.BENCH_SECONDS ?? 5) };
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const step = (what: string) => console.log(`bench: ${what}`);

const budgets = await loadBudgets(path.join(root, "bench/budgets.json"));
const chromium = execFileSync(chromiumPath(), ["--version"], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "ignore"],
}).trim();

step("cold full build (dist/ removed, an empty build cache): npm run build, then each of its steps alone");
const cold = await coldBuild(root);
const build = await buildSite({ root });
const missing = PAGES.filter((r) => !build.pages.has(r));
if (missing.length) throw new Error(`the benchmark's pages are not in the build: ${missing.join(", ")}`);

/** Starts a local server and finds its workerd process, for the CPU figures. */
async function serve(
  kvPersist: string,
  vars?: Record<string, string>,
): Promise<{ server: LocalServer; workerd: number }> {
  const before = childProcessesNamed("workerd");
  const server = await startLocalServer({ root, port: 0, kvPersist, vars: { ...productionVars, ...vars } });
  return { server, workerd: newProcessNamed("workerd", before) };
}

const kvDir = await mkdtemp(path.join(tmpdir(), "docs-bench-kv-"));
const cached = await serve(kvDir);
await publishBuild(cached.server.kv, build, "production");
const uncached = await serve(kvDir, { DISABLE_PAGE_CACHE: "1" });

const pages: PageReport[] = [];
let largestApiPage: BenchReport["largestApiPage"];
try {
  const origin = cached.server.url.origin;
  const apiSizes = await Promise.all(
    [...build.pages.keys()]
      .filter(isApiRoute)
      .map(async (route) => ({ route, htmlRaw: (await (await fetch(`${origin}${route}`)).arrayBuffer()).byteLength })),
  );
  const largest = apiSizes.sort((a, b) => b.htmlRaw - a.htmlRaw)[0]!;
  largestApiPage = { ...largest, renderCpuMs: 0 };

  for (const route of PAGES) {
    step(`${route}: Lighthouse mobile and desktop × ${LIGHTHOUSE_RUNS}, bytes, load`);
    const mobile = await lighthouseFigures(`${origin}${route}`, "mobile", LIGHTHOUSE_RUNS);
    const desktop = await lighthouseFigures(`${origin}${route}`, "desktop", LIGHTHOUSE_RUNS);
    pages.push({
      route,
      bytes: await pageBytes(`${origin}${route}`, mobile.requests),
      renderCpuMs: 0,
      cached: await loadRun(`${origin}${route}`, cached.workerd, LOAD),
      uncached: await loadRun(`${uncached.server.url.origin}${route}`, uncached.workerd, LOAD),
      lighthouse: { mobile: mobile.figures, desktop: desktop.figures },
    });
  }
} finally {
  await cached.server.dispose();
  await uncached.server.dispose();
  await rm(kvDir, { recursive: true, force: true });
}

step("search evaluation (npm run search:eval)");
const searchEval = await runSearchEval(root, build);

step("render CPU");
const render = await renderCpuMsApart([...PAGES, largestApiPage.route], [...build.pages.values()], build.manifest);
for (const page of pages) page.renderCpuMs = render.cpu.get(page.route)!;
largestApiPage.renderCpuMs = render.cpu.get(largestApiPage.route)!;

step("save one MDX file → served (npm run dev on a copy of the site)");
const saved = await saveToServed(root);
step("save one MDX file → visible in the open tab (npm run dev and Chromium on a copy of the site)");
const visible = await saveToVisible(root);
step("publish a one-page change to local KV (npm run publish on a copy of the site)");
const published = await publishOnePageChange(root);

const report: BenchReport = {
  date: new Date().toISOString(),
  setup: {
    load: `autocannon, ${LOAD.connections} connections × ${LOAD.seconds} s per run after a 200-request warm-up`,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    node: `Node ${process.version}`,
    chromium,
  },
  pages,
  largestApiPage,
  renderColdFirstMs: render.coldFirstMs,
  build: { pages: build.pages.size, cold, saveToServed: saved, saveToVisible: visible, publish: published },
  search: searchEval,
  misses: [],
};
report.misses = [...missedBudgets(report, budgets), ...missedSearchBudgets(searchEval, budgets)];

const markdown = renderMarkdown(report);
await mkdir(path.join(root, "bench-results"), { recursive: true });
await writeFile(path.join(root, "bench-results/report.md"), markdown);
await writeFile(path.join(root, "bench-results/report.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${markdown}`);
process.exit(report.misses.length ? 1 : 0);
