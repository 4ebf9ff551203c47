/**
 * `npm run soak [-- --minutes 30 --connections 20]`: the real site on local workerd (127.0.0.1 only)
 * under mixed load while publishes, rollbacks and garbage collection run one after another, as an
 * operator and CI would. It passes with no 5xx, no error line from the worker, and workerd's memory
 * at the end within 20% of its value at the 5-minute mark (5 minutes in: the caches are full by then).
 * Writes bench-results/soak.{md,json}; exits 1 naming what failed. Needs `npm run build` first.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Request } from "autocannon";
import { buildSite, type SiteBuild } from "../build/build";
import { productionVars, startLocalServer } from "../local/server";
import { collectGarbage } from "../publish/gc";
import { withLease } from "../publish/lease";
import { rollback } from "../publish/operations";
import { publishBuild } from "../publish/publish";
import { childProcessesNamed, newProcessNamed, residentBytes } from "./procfs";

const root = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: { minutes: { type: "string", default: "30" }, connections: { type: "string", default: "20" } },
});
const minutes = Number(values.minutes);
const connections = Number(values.connections);
if (!(minutes > 0 && minutes <= 240) || !(connections > 0 && connections <= 200))
  throw new Error("--minutes must be 1-240 and --connections 1-200");
const MEMORY_MARK_MS = Math.min(5 * 60_000, (minutes * 60_000) / 6);

/** Two builds of the real site that differ in one page, so publishes and rollbacks change what is served. */
async function twoBuilds(): Promise<[SiteBuild, SiteBuild]> {
  const copy = await mkdtemp(path.join(tmpdir(), "docs-soak-site-"));
  await cp(path.join(root, "content"), path.join(copy, "content"), { recursive: true });
  await cp(path.join(root, "openapi"), path.join(copy, "openapi"), { recursive: true });
  const faq = path.join(copy, "content/docs/devs/faq.mdx");
  await writeFile(faq, `${await readFile(faq, "utf8")}\n\n## Soak edition\n\nA second edition of this page.\n`);
  const first = await buildSite({ root });
  const second = await buildSite({ root: copy });
  await rm(copy, { recursive: true, force: true });
  return [first, second];
}

/** What the load asks for: pages, a twin, files, 404s, the search page and both search protocols, MCP. */
function requests(build: SiteBuild): Request[] {
  const routes = Object.keys(build.manifest.blobs.pages).filter((_, i) => i % 4 === 0);
  const index = build.manifest.config.search.indexName;
  const get = (p: string) => ({ method: "GET" as const, path: p });
  const post = (p: string, body: unknown) => ({
    method: "POST" as const,
    path: p,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
  });
  return [
    ...routes.map(get),
    get("/devs/faq.md"),
    get("/sitemap.xml"),
    get("/llms.txt"),
    get("/no/such/page"),
    get("/search?q=faucet"),
    get(`/1/indexes/${index}?query=${encodeURIComponent("[u8]")}`),
    post("/1/indexes/*/queries", { requests: [{ indexName: index, query: "run a full node", hitsPerPage: 20 }] }),
    post("/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }),
  ];
}

/**
 * Publishes the build that is not live, rolls back to the one that was, and collects garbage, one
 * after another under the write lease, until `stop`: each step moves what readers are served.
 */
async function operations(kv: Parameters<typeof publishBuild>[0], builds: [SiteBuild, SiteBuild], stop: () => boolean) {
  const done = { publish: 0, rollback: 0, gc: 0 };
  const pause = () => new Promise((r) => setTimeout(r, 4000));
  const live = builds[0].buildId;
  while (!stop()) {
    const next = builds.find((b) => b.buildId !== live)!;
    await withLease(kv, "soak publish", () => publishBuild(kv, next, "production"));
    done.publish++;
    await pause();
    await withLease(kv, "soak rollback", () => rollback(kv, "production", live));
    done.rollback++;
    await pause();
    await withLease(kv, "soak gc", () => collectGarbage(kv, 0));
    done.gc++;
    await pause();
  }
  return done;
}

async function main(): Promise<void> {
  const builds = await twoBuilds();
  const state = await mkdtemp(path.join(tmpdir(), "docs-soak-kv-"));
  const errorLines: string[] = [];
  const before = childProcessesNamed("workerd");
  const server = await startLocalServer({
    root,
    port: 0,
    kvPersist: state,
    vars: { ...productionVars },
    onRuntimeLine: (line) => {
      if (line.includes('"level":"error"')) errorLines.push(line);
    },
  });
  const workerd = newProcessNamed("workerd", before);
  try {
    await publishBuild(server.kv, builds[0], "production");
    const started = Date.now();
    const end = started + minutes * 60_000;
    let rssAtMark = 0;
    const mark = setTimeout(() => (rssAtMark = residentBytes(workerd).rss), MEMORY_MARK_MS);
    const ops = operations(server.kv, builds, () => Date.now() > end - 10_000);
    const load = await autocannon({
      url: server.url.origin,
      connections,
      duration: minutes * 60,
      requests: requests(builds[0]),
    });
    const statuses = Object.fromEntries(Object.entries(load.statusCodeStats).map(([s, { count }]) => [s, count]));
    clearTimeout(mark);
    const done = await ops;
    const rssEnd = residentBytes(workerd).rss;
    const fiveXx = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    const growth = rssAtMark ? rssEnd / rssAtMark - 1 : NaN;
    const failures = [
      ...(fiveXx ? [`${fiveXx} responses were 5xx`] : []),
      ...(errorLines.length ? [`the worker logged ${errorLines.length} error line(s), first: ${errorLines[0]}`] : []),
      ...(load.errors ? [`${load.errors} requests failed without a response`] : []),
      ...(!(growth <= 0.2)
        ? [
            `workerd's memory grew ${(growth * 100).toFixed(1)}% after the ${(MEMORY_MARK_MS / 60_000).toFixed(1)}-minute mark`,
          ]
        : []),
    ];
    const report = {
      minutes,
      connections,
      requests: load.requests.total,
      statuses,
      operations: done,
      errorLines: errorLines.length,
      rssAtMarkMiB: +(rssAtMark / 2 ** 20).toFixed(1),
      rssEndMiB: +(rssEnd / 2 ** 20).toFixed(1),
      failures,
    };
    await mkdir(path.join(root, "bench-results"), { recursive: true });
    await writeFile(path.join(root, "bench-results/soak.json"), `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      `# Soak: ${minutes} min, ${connections} connections, local workerd`,
      "",
      `- requests: ${report.requests} (${Object.entries(statuses)
        .map(([s, c]) => `${s}: ${c}`)
        .join(", ")})`,
      `- operations: ${done.publish} publishes, ${done.rollback} rollbacks, ${done.gc} garbage collections`,
      `- worker error lines: ${errorLines.length}`,
      `- workerd RSS: ${report.rssAtMarkMiB} MiB at ${(MEMORY_MARK_MS / 60_000).toFixed(1)} min, ${report.rssEndMiB} MiB at the end`,
      "",
      failures.length ? failures.map((f) => `- **failed**: ${f}`).join("\n") : "Passed.",
      "",
    ].join("\n");
    await writeFile(path.join(root, "bench-results/soak.md"), md);
    console.log(md);
    if (failures.length) process.exitCode = 1;
  } finally {
    await server.dispose();
    await rm(state, { recursive: true, force: true });
  }
}

await main();
