/**
 * The MCP task set (scripts/bench/mcp-tasks) against the real worker bundle on local workerd with
 * the real content: every question keeps its answer, and the tools' results together are at least
 * 30% shorter than on the tools before issue 44 (baseline.json).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { runTasksAt } from "../../scripts/bench/mcp-tasks/run";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadTasks, type TaskSetTotals } from "../../scripts/bench/mcp-tasks/tasks";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

let site: RunningSite;
before(async () => {
  site = await serveSite(REPO_ROOT);
});
after(async () => {
  await site?.stop();
});

describe("the MCP task set on the production bundle", () => {
  it("answers every question with at least 30% fewer characters than the baseline: each expected fact is in the task's tool results", async () => {
    const tasks = await loadTasks(REPO_ROOT);
    for (const t of tasks) assert.ok(site.build.pages.has(t.page), `${t.id}: no page ${t.page}`);
    const report = await runTasksAt(site.origin, tasks);
    const lost = report.tasks.filter((t) => t.lost.length).map((t) => `${t.id}: ${t.lost.join(", ")}`);
    assert.deepEqual(lost, []);
    assert.equal(report.totals.errors, 0);
    const file = path.join(REPO_ROOT, "scripts/bench/mcp-tasks/baseline.json");
    const baseline = (JSON.parse(await readFile(file, "utf8")) as { totals: TaskSetTotals }).totals;
    assert.ok(
      report.totals.chars <= 0.7 * baseline.chars,
      `${report.totals.chars} characters, baseline ${baseline.chars}`,
    );
  });
});
