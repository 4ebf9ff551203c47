/**
 * The relevance loop's last step as an author runs it: `npm run publish -- --channel preview-x`,
 * then `npm run search:eval -- --channel preview-x` on local workerd. A channel that serves pages
 * the judged queries cannot find is reported below the budgets, and `--strict` fails on it; the
 * site's own content on a channel holds the relevance budgets.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { promisify } from "node:util";
import { loadBudgets, missedSearchBudgets } from "../../scripts/bench/budgets";
import { buildSite, defaultCacheDir } from "../../scripts/build/build";
import { openLocalKv } from "../../scripts/publish/local-kv";
import { publishBuild } from "../../scripts/publish/publish";
import { runSearchEval } from "../../scripts/search/eval/run";
import { REPO_ROOT } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

const run = promisify(execFile);
let state: string;

async function npm(script: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DOCS_LOCAL_STATE: state, SEARCH_EVAL_RUNS: "1", CLOUDFLARE_ZONE_ID: "" },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 600_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

before(async () => {
  state = await mkdtemp(path.join(tmpdir(), "docs-eval-channel-"));
});
after(() => rm(state, { recursive: true, force: true }));

it("reports a preview channel below the budgets, and fails on it with --strict", { timeout: 900_000 }, async () => {
  // A preview whose pages the judged queries cannot find: another site's content.
  const published = await npm("publish", "--channel", "preview-x", "--site", FIXTURE_ROOT);
  assert.equal(published.code, 0, published.out);

  const reported = await npm("search:eval", "--channel", "preview-x");
  assert.equal(reported.code, 0, reported.out);
  assert.match(reported.out, /Searched the channel preview-x of local KV\./);
  assert.match(reported.out, /budget missed: search: success@10/);

  const strict = await npm("search:eval", "--channel", "preview-x", "--strict");
  assert.equal(strict.code, 1, strict.out);
  assert.match(strict.out, /budget missed: search: success@10/);

  const absent = await npm("search:eval", "--channel", "preview-none", "--strict");
  assert.notEqual(absent.code, 0);
  assert.match(absent.out, /local KV has no channel "preview-none": publish to it first/);
});

it("holds the relevance budgets for the site's own content on a channel", { timeout: 900_000 }, async () => {
  const build = await buildSite({ root: REPO_ROOT, cacheDir: defaultCacheDir() });
  const local = await openLocalKv(path.join(state, "v3/kv"));
  try {
    await publishBuild(local.kv, build, "preview-y");
  } finally {
    await local.dispose();
  }
  process.env.DOCS_LOCAL_STATE = state;
  try {
    const report = await runSearchEval(REPO_ROOT, build, { runs: 1, pagefind: false, channel: "preview-y" });
    const budgets = await loadBudgets(path.join(REPO_ROOT, "bench/budgets.json"));
    // Latency on a shared machine is the bench's to judge; relevance is the channel's content.
    const relevance = missedSearchBudgets(report, budgets).filter((m) => !/latency|ms\b/i.test(m));
    assert.deepEqual(relevance, []);
    assert.match(JSON.stringify(report.pagefind), /the channel preview-y was searched/);
  } finally {
    delete process.env.DOCS_LOCAL_STATE;
  }
});
