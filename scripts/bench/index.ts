/**
 * `npm run bench`: measures the production bundle on local workerd (loopback only, bounded runs)
 * and checks the figures against bench/budgets.json. Writes bench-results/report.{md,json} and
 * exits 1 naming every budget missed. Not part of npm test.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildSite } from "../build/build";
import { startLocalServer } from "../local/server";
import { publishBuild } from "../publish/publish";
import { renderCpuMs } from "./render-cpu";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CANDIDATES = [
  "/",
  "/devs/getstarted",
  "/general/UsingMovement/connect_to_movement",
  "/general/Introduction/",
  "/api/node/get-transactions",
  "/api/node/movement-labs-node-api",
  "/devs/interactonchain/tsSdk",
];
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface PageFigures {
  route: string;
  htmlRaw: number;
  htmlGzip: number;
  jsBeforeInputGzip: number;
  cssGzip: number;
  requests: number;
  renderCpuMs: number;
  cached: { rps: number; p50: number; p99: number };
  uncached: { rps: number; p50: number; p99: number };
}

const budgets = JSON.parse(await readFile(path.join(root, "bench/budgets.json"), "utf8"));
const buildStart = performance.now();
const build = await buildSite({ root });
const buildMs = performance.now() - buildStart;
const pages = CANDIDATES.filter((r) => build.pages.has(r));

const kvDir = await mkdtemp(path.join(tmpdir(), "docs-bench-"));
const cached = await startLocalServer({ root, port: 0, kvPersist: kvDir });
await publishBuild(cached.kv, build, "production");
const uncached = await startLocalServer({ root, port: 0, kvPersist: kvDir, vars: { DISABLE_PAGE_CACHE: "1" } });

async function load(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx responses under load`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function assetGzip(origin: string, href: string): Promise<number> {
  const body = Buffer.from(await (await fetch(new URL(href, origin))).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

const cpu = await renderCpuMs(pages.map((r) => build.pages.get(r)!), build.manifest);
const figures: PageFigures[] = [];
for (const route of pages) {
  const url = `${cached.url.origin}${route}`;
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  const text = html.toString("utf8");
  const scripts = [...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  let js = 0;
  for (const s of scripts) js += await assetGzip(cached.url.origin, s);
  let css = 0;
  for (const s of styles) css += await assetGzip(cached.url.origin, s);
  figures.push({
    route,
    htmlRaw: html.length,
    htmlGzip: gzipSync(html, { level: 9 }).length,
    jsBeforeInputGzip: js,
    cssGzip: css,
    requests: 1 + scripts.length + styles.length,
    renderCpuMs: Number(cpu.get(route)!.toFixed(2)),
    cached: await load(url),
    uncached: await load(`${uncached.url.origin}${route}`),
  });
}
await cached.dispose();
await uncached.dispose();
await rm(kvDir, { recursive: true, force: true });

const misses: string[] = [];
for (const f of figures) {
  const kind = f.route.startsWith("/api/") ? "api" : "docs";
  if (f.jsBeforeInputGzip > budgets.jsBeforeInputGzipBytes[kind]) misses.push(`${f.route}: JS before input ${f.jsBeforeInputGzip} B gzip > ${budgets.jsBeforeInputGzipBytes[kind]} B`);
  if (f.renderCpuMs > budgets.renderCpuMedianMs[kind]) misses.push(`${f.route}: render CPU median ${f.renderCpuMs} ms > ${budgets.renderCpuMedianMs[kind]} ms`);
  if (f.htmlRaw > budgets.htmlRawBytesMax) misses.push(`${f.route}: HTML ${f.htmlRaw} B > ${budgets.htmlRawBytesMax} B`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const lines = [
  `# Benchmark (${new Date().toISOString()})`,
  "",
  `Production worker bundle on local workerd (Miniflare), loopback, autocannon ${CONNECTIONS} connections × ${LOAD_SECONDS} s per run.`,
  `Content build: ${build.pages.size} pages in ${Math.round(buildMs)} ms (warm process).`,
  "",
  "| page | HTML raw | HTML gzip | JS before input (gzip) | CSS gzip | requests | render CPU (median) | cached rps | cached p50/p99 ms | uncached rps | uncached p50/p99 ms |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
  ...figures.map(
    (f) =>
      `| ${f.route} | ${kb(f.htmlRaw)} | ${kb(f.htmlGzip)} | ${kb(f.jsBeforeInputGzip)} | ${kb(f.cssGzip)} | ${f.requests} | ${f.renderCpuMs} ms | ${f.cached.rps} | ${f.cached.p50}/${f.cached.p99} | ${f.uncached.rps} | ${f.uncached.p50}/${f.uncached.p99} |`,
  ),
  "",
  misses.length ? `## Budgets missed\n\n${misses.map((m) => `- ${m}`).join("\n")}` : "All budgets in bench/budgets.json met.",
];
const report = lines.join("\n");
await mkdir(path.join(root, "bench-results"), { recursive: true });
await writeFile(path.join(root, "bench-results/report.md"), `${report}\n`);
await writeFile(path.join(root, "bench-results/report.json"), JSON.stringify({ buildMs, figures, misses }, null, 2));
console.log(report);
process.exit(misses.length ? 1 : 0);
