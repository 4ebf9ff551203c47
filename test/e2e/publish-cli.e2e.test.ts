/**
 * The operations commands as an operator runs them, on local KV through wrangler (the code path
 * --remote uses): dry run, publish with its route diff, the history, rollback and its refusals.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { promisify } from "node:util";
import { REPO_ROOT } from "../helpers/local-site";
import { FIXTURE_ROOT, tempSite } from "../helpers/temp-site";

const run = promisify(execFile);
let state: string;

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/publish/cli.ts", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DOCS_LOCAL_STATE: state, CLOUDFLARE_ZONE_ID: "", CLOUDFLARE_API_TOKEN: "" },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

before(async () => {
  state = await mkdtemp(path.join(tmpdir(), "docs-cli-"));
});
after(() => rm(state, { recursive: true, force: true }));

it("publishes with a dry run first, records the build, and refuses bad rollbacks", async () => {
  const dry = await cli("publish", "--dry-run");
  assert.equal(dry.code, 0, dry.out);
  assert.match(dry.out, /live: none/);
  assert.match(dry.out, /added \(\d+\): \/, /);
  assert.match(dry.out, /dry run: nothing written/);

  const empty = await cli("builds");
  assert.equal(
    empty.out
      .trim()
      .split("\n")
      .filter((l) => /^[0-9a-f]{12} /.test(l)).length,
    0,
  );

  const published = await cli("publish");
  assert.equal(published.code, 0, published.out);
  const id = /build ([0-9a-f]{12}) →/.exec(published.out)?.[1];
  assert.ok(id, published.out);
  assert.match(published.out, /cache purge skipped: no zone credentials/);

  const builds = await cli("builds");
  assert.match(builds.out, new RegExp(`${id} .*\\(live\\)`));

  const again = await cli("publish");
  assert.match(again.out, /changed: none/);
  assert.match(again.out, /the channel already serves this build/);

  const unknown = await cli("rollback", "0123456789ab");
  assert.equal(unknown.code, 1);
  assert.match(unknown.out, /build 0123456789ab is not in KV/);
  const malformed = await cli("rollback", "../../etc");
  assert.equal(malformed.code, 1);
  assert.match(malformed.out, /not a build id/);
  const badChannel = await cli("publish", "--channel", "Prod/../x");
  assert.equal(badChannel.code, 2);
});

it("publishes another site folder with --site, and refuses --site without a folder", async () => {
  const dry = await cli("publish", "--dry-run", "--site", FIXTURE_ROOT);
  assert.equal(dry.code, 0, dry.out);
  // The fixture site's own pages are new; this repository's are not part of its build.
  assert.match(dry.out, /added \(\d+\): [^\n]*\/build\/tools/);
  assert.doesNotMatch(dry.out, /added \(\d+\): [^\n]*\/devs\/getstarted/);
  const missing = await cli("publish", "--site");
  assert.equal(missing.code, 2);
  assert.match(missing.out, /--site needs a folder/);
});

it("marks collected builds in the history, and refuses a second writer while one holds the lease", async () => {
  // Three distinct builds in a row: the fixture, an edited copy of it, then this repository's site.
  const site = await tempSite();
  try {
    const first = await cli("publish", "--site", site.root);
    assert.equal(first.code, 0, first.out);
    const firstId = /build ([0-9a-f]{12}) →/.exec(first.out)![1]!;
    await site.write("docs/build/tools.mdx", "---\ndescription: Edited.\n---\n\n# Tools\n\nAn edited page.\n");
    const second = await cli("publish", "--site", site.root);
    assert.equal(second.code, 0, second.out);
    const third = await cli("publish");
    assert.equal(third.code, 0, third.out);
    // The first is neither live nor previous: gc with no retention collects it.
    const gc = await cli("gc", "--retention-days", "0");
    assert.equal(gc.code, 0, gc.out);
    const builds = await cli("builds");
    const line = builds.out.split("\n").find((l) => l.startsWith(`${firstId} `));
    assert.match(line ?? "", /\(collected\)$/, builds.out);
    const refusedGone = await cli("rollback", firstId);
    assert.equal(refusedGone.code, 1);
    assert.match(refusedGone.out, /is not in KV/);
  } finally {
    await site.remove();
  }
  // A lease left by another writer (here written by hand) stops every writing command.
  const { openLocalKv } = await import("../../scripts/publish/local-kv");
  const local = await openLocalKv(path.join(state, "v3/kv"));
  const until = new Date(Date.now() + 60_000).toISOString();
  const lease = {
    owner: "x",
    operation: "publish to production",
    host: "elsewhere",
    at: new Date().toISOString(),
    until,
  };
  await local.kv.put("lease/writer", JSON.stringify(lease));
  await local.dispose();
  const refused = await cli("gc");
  assert.equal(refused.code, 1);
  assert.match(refused.out, /publish to production on elsewhere .* holds the KV write lease until/);
});
