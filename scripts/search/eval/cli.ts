/**
 * `npm run search:eval [-- --channel c] [--strict]`: builds the content, runs the judged query set
 * against the worker in workerd (the build published to a temporary KV, or with --channel the
 * channel local KV holds, e.g. one `npm run publish -- --channel preview-x` wrote) and Pagefind,
 * prints both per kind with latency and the budgets of bench/budgets.json it misses; `--strict`
 * exits 1 on a miss. Needs `npm run build` (the worker bundle) first.
 *
 * `--from-insights [file]` instead drafts judged queries from the insights report (`npm run
 * insights` writes insights-results/insights.json) into scripts/search/eval/drafts.json.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { InsightsReport } from "../../../client/contracts/insights";
import { BuildCache, buildSite, defaultCacheDir } from "../../build/build";
import { loadBudgets, missedSearchBudgets } from "../../bench/budgets";
import { draftQueries } from "./drafts";
import { distinctPages } from "./metrics";
import { loadQueries, renderSearchEval, runSearchEval, startEvalServer } from "./run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function usage(message: string): never {
  console.error(
    `search:eval: ${message}\nusage: npm run search:eval -- [--channel c] [--strict] | --from-insights [insights.json]`,
  );
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { channel: { type: "string" }, strict: { type: "boolean" }, "from-insights": { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
} catch (e) {
  usage((e as Error).message);
}
const { values, positionals } = args;
if (values.channel !== undefined && !/^[a-z0-9][a-z0-9-]{0,62}$/.test(values.channel))
  usage(`invalid channel "${values.channel}" (lower-case letters, digits and "-")`);
if (!values["from-insights"] && positionals.length) usage(`unexpected argument: ${positionals.join(" ")}`);

if (values["from-insights"]) {
  const file = path.resolve(positionals[0] ?? "insights-results/insights.json");
  let report: InsightsReport;
  try {
    report = JSON.parse(await readFile(file, "utf8")) as InsightsReport;
  } catch (e) {
    usage(
      `cannot read ${file} (${(e as Error).message}): run npm run insights first (add --remote for the account's signals)`,
    );
  }
  if (!Array.isArray(report.zeroResultQueries) || !Array.isArray(report.pairs))
    usage(`${file} is not an insights report (npm run insights writes one)`);
  const build = await buildSite({ root, cache: new BuildCache(), cacheDir: defaultCacheDir() });
  const server = await startEvalServer(root, build, values.channel);
  try {
    const drafts = await draftQueries(report, await loadQueries(root), async (q) => {
      const pages = distinctPages((await server.ask(q)).urls);
      return pages[0] ?? null;
    });
    const out = path.join(root, "scripts/search/eval/drafts.json");
    const $comment =
      "Drafts from the signals (npm run search:eval -- --from-insights), not part of the judged set: confirm each one's kind and targets, then move it into queries.json (without evidence).";
    await writeFile(out, `${JSON.stringify({ $comment, drafts }, null, 2)}\n`);
    console.log(
      `search:eval: ${drafts.length} draft judged queries from ${report.since} to ${report.until} → ${path.relative(root, out)}`,
    );
    for (const d of drafts)
      console.log(`- [${d.kind}] "${d.query}" → ${d.targets.join(", ") || "(targets to choose)"}: ${d.evidence}`);
  } finally {
    await server.dispose();
  }
  process.exit(0);
}

const budgets = await loadBudgets(path.join(root, "bench/budgets.json"));
const build = await buildSite({ root, cache: new BuildCache(), cacheDir: defaultCacheDir() });
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
