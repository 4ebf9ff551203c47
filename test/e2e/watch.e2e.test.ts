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
  // The save's terminal line comes once both its builds are published: the page first with the
  // last search index, then the fresh index.
  await dev.waitForOutput(/saved content\/docs\/build\/tools\.mdx: .* \(search index \d+ ms more\)/);
  assert.match(await (await fetch(`${dev.origin}/build/tools`)).text(), /Install the new tools/);
  assert.match(await (await fetch(`${dev.origin}/search?q=quokkaflux`)).text(), /href="\/build\/tools/);
  assert.equal(dev.child.pid, pid);
  assert.equal(dev.child.exitCode, null);
});
