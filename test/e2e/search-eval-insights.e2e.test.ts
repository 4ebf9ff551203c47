/**
 * The relevance loop's first step as an author runs it: signals recorded by the worker into a
 * local D1 (a modal's misses and its reformulation, a /search query that found nothing), then
 * `npm run search:eval -- --from-insights` reads that database and drafts judged queries: the
 * reformulation's page as a miss's target, a miss with no reformulation left for the author to
 * target. Bad arguments exit 2 naming them, before anything is built.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { promisify } from "node:util";
import { buildSite } from "../../scripts/build/build";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";
import { publishBuild } from "../../scripts/publish/publish";
import { localD1PersistDir } from "../../scripts/signals/local-d1";
import { REPO_ROOT } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

const run = promisify(execFile);
let dir: string;

async function evalCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "search:eval", "--", ...args], {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 600_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

async function eventually(server: LocalServer, sql: string, check: (rows: Record<string, unknown>[]) => boolean) {
  const until = Date.now() + 10_000;
  for (;;) {
    const { results } = await server.signals.prepare(sql).all<Record<string, unknown>>();
    if (check(results)) return;
    if (Date.now() > until) assert.fail(`${sql} never matched: ${JSON.stringify(results)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "docs-eval-insights-"));
});
after(() => rm(dir, { recursive: true, force: true }));

it("drafts judged queries from the signals the worker recorded in local D1", { timeout: 900_000 }, async () => {
  const site = path.join(dir, "site");
  const server = await startLocalServer({
    root: REPO_ROOT,
    port: 0,
    kvPersist: path.join(dir, "kv"),
    d1Persist: localD1PersistDir(site),
  });
  try {
    await publishBuild(server.kv, await buildSite({ root: FIXTURE_ROOT }), "production");
    const signal = (body: object) =>
      fetch(new URL("/_signals/search", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ event: "query", source: "modal", version: "current", ...body }),
      });
    // A reader's modal: "gas staton" finds nothing twice; "gas fee" then finds a result they open.
    for (const body of [
      { query: "gas staton", hits: 0, opened: false },
      { query: "gas staton", hits: 0, opened: false },
      { query: "gas fee", hits: 7, opened: true, miss: "gas staton" },
    ])
      assert.equal((await signal(body)).status, 204);
    // Another reader's /search page finds nothing and has no reformulation.
    assert.equal((await fetch(new URL("/search?q=zzqxv", server.url))).status, 200);
    await eventually(server, "SELECT query FROM search_daily", (r) => r.length === 3);
    await eventually(server, "SELECT count FROM search_pairs_daily", (r) => r[0]?.count === 1);
  } finally {
    await server.dispose();
  }

  const drafts = path.join(dir, "out/drafts.json");
  const { code, out } = await evalCli("--from-insights", "--site", site, "--drafts", drafts);
  assert.equal(code, 0, out);
  assert.match(out, /reading the signals of local D1/);
  assert.match(out, /2 draft judged queries/);
  const written = JSON.parse(await readFile(drafts, "utf8")) as {
    drafts: { kind: string; query: string; targets: string[]; evidence: string }[];
  };
  const byQuery = Object.fromEntries(written.drafts.map((d) => [d.query, d]));
  assert.deepEqual(Object.keys(byQuery).sort(), ["gas staton", "zzqxv"]);
  // The reformulation's page, as this site's search finds "gas fee".
  assert.equal(byQuery["gas staton"]!.targets.length, 1);
  assert.match(byQuery["gas staton"]!.targets[0]!, /^\/\S+/);
  assert.match(byQuery["gas staton"]!.evidence, /^2 searches with no result \(modal\).*"gas fee"/);
  assert.deepEqual(byQuery.zzqxv!.targets, []);
  assert.match(byQuery.zzqxv!.evidence, /^1 search with no result \(page\)/);
});

it("refuses bad arguments by name before building anything", async () => {
  const since = await evalCli("--from-insights", "--site", dir, "--since", "yesterday");
  assert.equal(since.code, 2, since.out);
  assert.match(since.out, /--since/);
  const site = await evalCli("--site", dir);
  assert.equal(site.code, 2, site.out);
  assert.match(site.out, /--site goes with --from-insights/);
  const missing = await evalCli("--from-insights", path.join(dir, "no-such-report.json"));
  assert.equal(missing.code, 2, missing.out);
  assert.match(missing.out, /cannot read .*no-such-report\.json.*run npm run insights first/);
});
