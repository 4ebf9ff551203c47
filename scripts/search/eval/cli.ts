/**
 * `npm run search:eval`: builds the content, runs the judged query set against the worker in
 * workerd and Pagefind, prints both per kind with latency, and exits 1 when a search budget in
 * bench/budgets.json is missed. Needs `npm run build` (the worker bundle) first.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "../../build/build";
import { loadBudgets, missedSearchBudgets } from "../../bench/budgets";
import { renderSearchEval, runSearchEval } from "./run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const budgets = await loadBudgets(path.join(root, "bench/budgets.json"));
const build = await buildSite({ root });
const report = await runSearchEval(root, build, {
  runs: Number(process.env.SEARCH_EVAL_RUNS ?? 5),
  pagefind: process.env.SEARCH_EVAL_PAGEFIND !== "0",
});
console.log(renderSearchEval(report));
const misses = missedSearchBudgets(report, budgets);
for (const m of misses) console.log(`budget missed: ${m}`);
process.exit(misses.length ? 1 : 0);
