/**
 * The author's loop: `npm run dev` (scripts/start.ts --watch) serves a site, and saving an MDX file
 * serves the change without restarting the worker.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { after, before, it } from "node:test";
import { REPO_ROOT } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";
import { freePort } from "../../scripts/local/free-port";

let site: TempSite;
let child: ChildProcess;
let origin: string;

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

before(async () => {
  site = await tempSite();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--watch", "--site", site.root], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  await waitFor(async () => output.includes("published build"), 60_000, `the dev server to start:\n${output}`);
});

after(async () => {
  child?.kill("SIGTERM");
  await site?.remove();
});

it("serves an edited page without a restart, then finds its new words in search", async () => {
  const before = await (await fetch(`${origin}/build/tools`)).text();
  assert.match(before, /Install the tools\./);
  const pid = child.pid;
  await site.write(
    "docs/build/tools.mdx",
    "---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nInstall the new tools with the quokkaflux helper.\n",
  );
  await waitFor(
    async () => (await (await fetch(`${origin}/build/tools`)).text()).includes("Install the new tools"),
    10_000,
    "the edited page",
  );
  // The page is published first with the last search index; the fresh index follows.
  await waitFor(
    async () => (await (await fetch(`${origin}/search?q=quokkaflux`)).text()).includes('href="/build/tools'),
    10_000,
    "the new word in search",
  );
  assert.equal(child.pid, pid);
  assert.equal(child.exitCode, null);
});
