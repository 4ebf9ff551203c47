/**
 * `npm run search:eval [-- --channel c] [--strict]`: builds the content, runs the judged query set
 * against the worker in workerd (the build published to a temporary KV, or with --channel the
 * channel local KV holds, e.g. one `npm run publish -- --channel preview-x` wrote) and Pagefind,
 * prints both per kind with latency and the budgets of bench/budgets.json it misses; `--strict`
 * exits 1 on a miss. Needs `npm run build` (the worker bundle) first.
 *
 * `--from-insights` instead drafts judged queries from the signals into scripts/search/eval/drafts.json
 * (`--drafts file` elsewhere): the report of the local signals database (what `npm start` records;
 * `--site dir` another site folder's, `--since` as `npm run insights` takes it, default 30d), or of a
 * report file `npm run insights` wrote (`--from-insights insights-results/insights.json`, e.g. after
 * `npm run insights -- --remote`).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { insightsReport, insightsWindow, type InsightsReport } from "../../../common/insights";
import { buildSite, defaultCacheDir } from "../../build/build";
import { loadBudgets, missedSearchBudgets } from "../../bench/budgets";
import { openLocal } from "../../insights/database";
import { draftQueries } from "./drafts";
import { distinctPages } from "./metrics";
import { loadQueries, renderSearchEval, runSearchEval, startEvalServer } from "./run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function usage(message: string): never {
  console.error(
    `search:eval: ${message}\nusage: npm run search:eval -- [--channel c] [--strict] | --from-insights [insights.json] [--site dir] [--since 30d] [--drafts file]`,
  );
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      channel: { type: "string" },
      strict: { type: "boolean" },
      "from-insights": { type: "boolean" },
      site: { type: "string" },
      since: { type: "string" },
      drafts: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
} catch (e) {
  usage((e as Error).message);
}
const { values, positionals } = args;
if (values.channel !== undefined && !/^[a-z0-9][a-z0-9-]{0,62}$/.test(values.channel))
  usage(`invalid channel "${values.channel}" (lower-case letters, digits and "-")`);
if (!values["from-insights"]) {
  if (positionals.length) usage(`unexpected argument: ${positionals.join(" ")}`);
  for (const o of ["site", "since", "drafts"] as const)
    if (values[o] !== undefined) usage(`--${o} goes with --from-insights`);
}
if (positionals.length > 1) usage(`--from-insights takes one report file, got: ${positionals.join(" ")}`);
if (positionals.length && (values.site !== undefined || values.since !== undefined))
  usage("--site and --since choose the local signals to read; a report file is read as written");

/** The insights report the drafts come from: a file `npm run insights` wrote, or the local signals database's. */
async function readReport(file: string | undefined): Promise<InsightsReport> {
  if (file === undefined) {
    let window;
    try {
      window = insightsWindow(values.since ?? "30d", Date.now());
    } catch (e) {
      usage((e as Error).message);
    }
    const db = await openLocal(root, values.site ? path.resolve(values.site) : root);
    try {
      console.log(`search:eval: reading the signals of ${db.where}`);
      return await insightsReport(db.run, window);
    } finally {
      await db.close();
    }
  }
  let report: InsightsReport;
  try {
    report = JSON.parse(await readFile(path.resolve(file), "utf8")) as InsightsReport;
  } catch (e) {
    usage(`cannot read ${file} (${(e as Error).message}): run npm run insights first`);
  }
  if (!Array.isArray(report.zeroResultQueries) || !Array.isArray(report.pairs))
    usage(`${file} is not an insights report (npm run insights writes one)`);
  return report;
}

if (values["from-insights"]) {
  const report = await readReport(positionals[0]);
  const build = await buildSite({ root, cacheDir: defaultCacheDir() });
  const server = await startEvalServer(root, build, values.channel);
  try {
    const drafts = await draftQueries(report, await loadQueries(root), async (q) => {
      const pages = distinctPages((await server.ask(q)).urls);
      return pages[0] ?? null;
    });
    const out = path.resolve(values.drafts ?? path.join(root, "scripts/search/eval/drafts.json"));
    const $comment =
      "Drafts from the signals (npm run search:eval -- --from-insights), not part of the judged set: confirm each one's kind and targets, then move it into queries.json (without evidence).";
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify({ $comment, drafts }, null, 2)}\n`);
    console.log(
      `search:eval: ${drafts.length} draft judged queries from ${report.since} to ${report.until} → ${path.relative(process.cwd(), out)}`,
    );
    for (const d of drafts)
      console.log(`- [${d.kind}] "${d.query}" → ${d.targets.join(", ") || "(targets to choose)"}: ${d.evidence}`);
  } finally {
    await server.dispose();
  }
  process.exit(0);
}

const budgets = await loadBudgets(path.join(root, "bench/budgets.json"));
const build = await buildSite({ root, cacheDir: defaultCacheDir() });
const report = await runSearchEval(root, build, {
  runs: Number(process.env.SEARCH_EVAL_RUNS ?? 5),
  pagefind: process.env.SEARCH_EVAL_PAGEFIND !== "0",
  channel: values.channel,
});
if (values.channel) console.log(`Searched the channel ${values.channel} of local KV.`);
console.log(renderSearchEval(report));
const misses = missedSearchBudgets(report, budgets);
for (const m of misses) console.log(`budget missed: ${m}`);
process.exit(values.strict && misses.length ? 1 : 0);
