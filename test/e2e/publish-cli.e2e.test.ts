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
import { FIXTURE_ROOT } from "../helpers/temp-site";

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
  assert.match(dry.out, /added: \/, /);
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
  assert.match(dry.out, /added: [^\n]*\/build\/tools/);
  assert.doesNotMatch(dry.out, /added: [^\n]*\/devs\/getstarted/);
  const missing = await cli("publish", "--site");
  assert.equal(missing.code, 2);
  assert.match(missing.out, /--site needs a folder/);
});
