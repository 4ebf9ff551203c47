/**
 * The edges of `npm run dev`: a first build that fails shows the overlay while the server keeps
 * running, and recovers on the next save; nothing of the live update reaches `npm start`, the
 * client bundle or the CSP.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer } from "../helpers/dev-server";
import { REPO_ROOT } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

const WAIT = { timeout: 30_000 };
const TOOLS = "---\ntitle: Tools\ndescription: The tools page.\nsidebar_position: 1\n---\n\n# Tools\n\n";

let site: TempSite;
let browser: Browser;

before(async () => {
  site = await tempSite();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.remove();
});

describe("npm run dev at its edges", () => {
  it("shows a failed first build in the browser, keeps serving, and recovers on the next save", async () => {
    await site.write("docs/build/tools.mdx", `${TOOLS}Broken <Tabs value={ here.\n`);
    const dev = await startServer(site.root, { watch: true });
    try {
      await dev.waitForOutput(/startup: build failed/);
      const page = await browser.newPage();
      await page.goto(`${dev.origin}/build/tools`);
      const overlay = page.locator("#docs-dev-overlay .errors");
      await overlay.waitFor(WAIT);
      assert.match(await overlay.innerText(), /content\/docs\/build\/tools\.mdx:\d+:\d+/);

      await site.write("docs/build/tools.mdx", `${TOOLS}Install the working tools.\n`);
      await page.getByText("Install the working tools.").waitFor(WAIT);
      await overlay.waitFor({ state: "detached", ...WAIT });
      assert.equal(dev.child.exitCode, null);
      await page.close();
    } finally {
      await dev.stop();
    }
  });

  it("leaves npm start, the client bundle and the CSP as they are", async () => {
    await site.write("docs/build/tools.mdx", `${TOOLS}Install the tools.\n`);
    // One after the other: both serve from the site's local KV folder.
    const fetchFrom = async (watch: boolean, paths: string[]) => {
      const server = await startServer(site.root, { watch });
      try {
        return await Promise.all(
          paths.map(async (p) => {
            const res = await fetch(`${server.origin}${p}`);
            return { path: p, status: res.status, headers: res.headers, text: await res.text() };
          }),
        );
      } finally {
        await server.stop();
      }
    };
    const [devPage] = await fetchFrom(true, ["/build/tools"]);
    const [prodPage, ...prodDev] = await fetchFrom(false, ["/build/tools", "/__dev/live.js", "/__dev/events"]);
    assert.match(devPage!.text, /<script src="\/__dev\/live\.js"/);
    assert.match(prodPage!.text, /Install the tools\./);
    assert.doesNotMatch(prodPage!.text, /__dev/);
    // The dev server adds a same-origin script and stream, which the production CSP allows as it is.
    const csp = prodPage!.headers.get("content-security-policy");
    assert.match(csp ?? "", /script-src 'self' 'sha256-/);
    assert.equal(devPage!.headers.get("content-security-policy"), csp);
    for (const res of prodDev) {
      assert.equal(res.status, 404, `${res.path} under npm start`);
      assert.doesNotMatch(res.text, /EventSource/);
    }
    // The client build holds no trace of the dev script.
    const dist = path.join(REPO_ROOT, "dist/client");
    const files = (await readdir(dist, { recursive: true })).filter((f) => /\.(js|css|html)$/.test(f));
    assert.ok(files.length > 0);
    for (const f of files) assert.doesNotMatch(await readFile(path.join(dist, f), "utf8"), /__dev|EventSource/, f);
  });
});
