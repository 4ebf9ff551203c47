/**
 * The author's loop over HTTP: `npm run dev` (scripts/start.ts --watch) serves a site, and saving
 * an MDX file serves the change without restarting the worker (the browser side: dev.e2e.test.ts).
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startServer, type StartedServer } from "../helpers/dev-server";
import { tempSite, type TempSite } from "../helpers/temp-site";

let site: TempSite;
let dev: StartedServer;

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
  dev = await startServer(site.root, { watch: true });
});

after(async () => {
  await dev?.stop();
  await site?.remove();
});

it("serves an edited page without a restart, then finds its new words in search", async () => {
  const before = await (await fetch(`${dev.origin}/build/tools`)).text();
  assert.match(before, /Install the tools\./);
  const pid = dev.child.pid;
  await site.write(
    "docs/build/tools.mdx",
    "---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nInstall the new tools with the quokkaflux helper.\n",
  );
  await waitFor(
    async () => (await (await fetch(`${dev.origin}/build/tools`)).text()).includes("Install the new tools"),
    30_000,
    "the edited page",
  );
  // The page is published first with the last search index; the fresh index follows.
  await waitFor(
    async () => (await (await fetch(`${dev.origin}/search?q=quokkaflux`)).text()).includes('href="/build/tools'),
    30_000,
    "the new word in search",
  );
  assert.equal(dev.child.pid, pid);
  assert.equal(dev.child.exitCode, null);
});
