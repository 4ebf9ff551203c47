/**
 * A publish as readers of a deployment see it, in real workerd over the real KV simulator: an
 * isolate of a deployment serves its last read of the channel pointer while that read is under
 * POINTER_RECHECK_MS old, so a switched pointer is not served at once, while the local server
 * (POINTER_RECHECK_MS 0) serves it at the next request. That the isolate reads the pointer again
 * once its last read is that old is shown on a clock the test moves: test/worker/channel-pointer.node.test.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import type { SiteBuild } from "../../scripts/build/build";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";
import { publishBuild } from "../../scripts/publish/publish";
import { REPO_ROOT } from "../helpers/local-site";
import { editionBuilds, editionIn, TOOLS } from "../helpers/editions";
import { tempSite, type TempSite } from "../helpers/temp-site";

/** Far longer than the test: the deployment's isolate keeps its first read throughout. */
const RECHECK_MS = 600_000;

let site: TempSite;
let kvDir: string;
let first: SiteBuild;
let second: SiteBuild;
let deployed: LocalServer;
let local: LocalServer;

beforeAll(async () => {
  site = await tempSite();
  [first, second] = await editionBuilds(site, "alpha", "beta");
  kvDir = await mkdtemp(path.join(tmpdir(), "docs-pointer-"));
  deployed = await startLocalServer({
    root: REPO_ROOT,
    port: 0,
    kvPersist: kvDir,
    vars: { POINTER_RECHECK_MS: String(RECHECK_MS) },
  });
  local = await startLocalServer({ root: REPO_ROOT, port: 0, kvPersist: kvDir });
  await publishBuild(deployed.kv, second, "production");
  await publishBuild(deployed.kv, first, "production");
}, 180_000);

afterAll(async () => {
  await deployed?.dispose();
  await local?.dispose();
  if (kvDir) await rm(kvDir, { recursive: true, force: true });
  await site?.remove();
});

const edition = async (server: LocalServer) => {
  const res = await fetch(new URL(TOOLS, server.url));
  expect(res.status).toBe(200);
  return editionIn(await res.text());
};

describe("a switched channel pointer", () => {
  it("is not served by a deployment's isolate before its last read is POINTER_RECHECK_MS old, and is at once locally", async () => {
    expect(await edition(deployed)).toBe("alpha");
    await deployed.kv.put(kvKeys.channel("production"), second.buildId);
    expect(await edition(local)).toBe("beta");
    expect(await edition(deployed)).toBe("alpha");
    expect(await edition(local)).toBe("beta");
  }, 60_000);
});
