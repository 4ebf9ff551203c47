/**
 * `npm run mcp:tasks [-- --record-baseline]`: builds the content, serves it with the real worker
 * bundle on local workerd, runs the task set (tasks.json) through the official MCP client and
 * prints characters per task, lost answers and the change from baseline.json. Exits 1 when an
 * answer is lost. Needs `npm run build` (the worker bundle) first.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildSite } from "../../build/build";
import { startLocalServer } from "../../local/server";
import { publishBuild } from "../../publish/publish";
import { renderReport, runTasksAt } from "./run";
import { loadTasks, type TaskSetTotals } from "./tasks";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const { values } = parseArgs({ options: { "record-baseline": { type: "boolean", default: false } }, strict: true });
const baselineFile = path.join(root, "scripts/bench/mcp-tasks/baseline.json");

if (!existsSync(path.join(root, "dist/worker/index.js")))
  throw new Error("dist/worker/index.js is missing: run npm run build first");
const tasks = await loadTasks(root);
const build = await buildSite({ root });
const missing = tasks.filter((t) => !build.pages.has(t.page)).map((t) => `${t.id} (${t.page})`);
if (missing.length) throw new Error(`tasks.json names pages the build does not have: ${missing.join(", ")}`);

const kvDir = await mkdtemp(path.join(tmpdir(), "mcp-tasks-kv-"));
const server = await startLocalServer({ root, port: 0, kvPersist: kvDir });
try {
  await publishBuild(server.kv, build, "production");
  const report = await runTasksAt(server.url.origin, tasks);
  const baseline = existsSync(baselineFile)
    ? (JSON.parse(await readFile(baselineFile, "utf8")) as { totals: TaskSetTotals }).totals
    : undefined;
  console.log(renderReport(report, values["record-baseline"] ? undefined : baseline));
  if (values["record-baseline"]) {
    await writeFile(baselineFile, `${JSON.stringify({ buildId: build.manifest.buildId, ...report }, null, 2)}\n`);
    console.log(`recorded ${path.relative(root, baselineFile)}`);
  }
  process.exitCode = report.totals.lostAnswers ? 1 : 0;
} finally {
  await server.dispose();
  await rm(kvDir, { recursive: true, force: true });
}
