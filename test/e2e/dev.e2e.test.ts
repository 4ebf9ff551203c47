/**
 * `npm run dev` in Chromium: a save shows in the open tab by itself (in place, scroll kept), a
 * broken save shows an overlay naming the file and line until the next good save, and only the
 * tabs a change concerns update.
 */
import assert from "node:assert/strict";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type StartedServer } from "../helpers/dev-server";
import { tempSite, type TempSite } from "../helpers/temp-site";

const WAIT = { timeout: 30_000 };
const FILLERS = Array.from({ length: 60 }, (_, i) => `Filler paragraph ${i + 1} keeps the page tall enough to scroll.`);
/** The tools page, tall; `lead` is line 9 and `extra` line 11 of the file. */
const tools = (lead: string, extra = "") =>
  `---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\n${lead}\n\n${extra}\n\n${FILLERS.join("\n\n")}\n`;

let site: TempSite;
let dev: StartedServer;
let browser: Browser;
let toolsTab: Page;
let homeTab: Page;

const marker = (page: Page) => page.evaluate(() => (window as { devMarker?: string }).devMarker ?? null);
const setMarker = (page: Page) => page.evaluate(() => ((window as { devMarker?: string }).devMarker = "kept"));
const overlay = (page: Page) => page.locator("#docs-dev-overlay .errors");
const warnings = (page: Page) => page.locator("#docs-dev-overlay .warnings");

before(async () => {
  site = await tempSite();
  await site.write("docs/build/tools.mdx", tools("Install the tools."));
  dev = await startServer(site.root, { watch: true });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  toolsTab = await context.newPage();
  await toolsTab.goto(`${dev.origin}/build/tools`);
  await toolsTab.getByText("Filler paragraph 60").waitFor(WAIT);
  homeTab = await context.newPage();
  await homeTab.goto(`${dev.origin}/`);
  await setMarker(toolsTab);
  await setMarker(homeTab);
  await toolsTab.evaluate(() => window.scrollTo(0, 900));
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  await site?.remove();
});

describe("npm run dev in the browser", () => {
  it("shows a saved page in the open tab without a reload, at the same scroll position", async () => {
    await site.write("docs/build/tools.mdx", tools("Install the freshly saved tools."));
    await toolsTab.getByText("Install the freshly saved tools.").waitFor({ state: "attached", ...WAIT });
    assert.equal(await marker(toolsTab), "kept", "the tab was not reloaded");
    assert.equal(await toolsTab.evaluate(() => window.scrollY), 900);
    // Another page's tab was not concerned and stays as it was.
    assert.equal(await marker(homeTab), "kept");
    await dev.waitForOutput(
      /\d\d:\d\d:\d\d saved content\/docs\/build\/tools\.mdx: rebuilt .*\/build\/tools.* in \d+ ms/,
    );
    const lines = dev
      .output()
      .split("\n")
      .filter((l) => l.includes("saved content/docs/build/tools.mdx"));
    assert.equal(lines.length, 1, "one terminal line per save");
  });

  it("shows a broken save in an overlay naming the file and line, then the fixed page", async () => {
    await site.write("docs/build/tools.mdx", tools("Install the freshly saved tools.", "A sum {1 +} here."));
    await overlay(toolsTab).waitFor(WAIT);
    const text = await overlay(toolsTab).innerText();
    assert.match(text, /content\/docs\/build\/tools\.mdx:11:\d+/);
    assert.match(text, /A sum \{1 \+\} here\./, "the code frame shows the line");
    // The page behind keeps the last good build.
    assert.ok(await toolsTab.getByText("Install the freshly saved tools.").count());

    await site.write("docs/build/tools.mdx", tools("Install the repaired tools."));
    await toolsTab.getByText("Install the repaired tools.").waitFor({ state: "attached", ...WAIT });
    await overlay(toolsTab).waitFor({ state: "detached", ...WAIT });
    assert.equal(await marker(toolsTab), "kept");
    assert.equal(await toolsTab.evaluate(() => window.scrollY), 900);
  });

  it("lists a broken link from a save as a warning in the page and the terminal", async () => {
    await site.write("docs/build/tools.mdx", tools("Install the repaired tools.", "See [the missing page](/nowhere)."));
    await warnings(toolsTab).waitFor(WAIT);
    assert.match(
      await warnings(toolsTab).innerText(),
      /content\/docs\/build\/tools\.mdx:11:\d+[\s\S]*broken link to \/nowhere/,
    );
    await dev.waitForOutput(/warning: content\/docs\/build\/tools\.mdx:11:\d+ broken link to \/nowhere/);

    await site.write("docs/build/tools.mdx", tools("Install the repaired tools."));
    await warnings(toolsTab).waitFor({ state: "detached", ...WAIT });
  });

  it("updates every page's sidebar when a folder's label changes", async () => {
    await site.write(
      "docs/learn/Basics/_category_.json",
      '{ "label": "Basics Renamed", "position": 2, "collapsed": false }',
    );
    await homeTab.locator(".sidebar", { hasText: "Basics Renamed" }).waitFor(WAIT);
    assert.equal(await marker(homeTab), "kept", "swapped in place");
  });

  it("follows a link to a page saved since it was prefetched and shows the saved page", async () => {
    const link = homeTab.locator(".sidebar a", { hasText: "Alpha" });
    await link.hover();
    const alpha = path.join(site.root, "content/docs/learn/Basics/alpha.mdx");
    await writeFile(alpha, `${await readFile(alpha, "utf8")}\n\nAlpha saved just now.\n`);
    await dev.waitForOutput(/saved content\/docs\/learn\/Basics\/alpha\.mdx: /);
    await link.click();
    await homeTab.getByText("Alpha saved just now.").waitFor(WAIT);
    assert.equal(new URL(homeTab.url()).pathname, "/learn/Basics/alpha");
    assert.ok(await homeTab.getByText("Alpha saved just now.").isVisible(), "the saved text, not the prefetched page");
  });

  it("reloads at the same position when the site configuration changes", async () => {
    const yaml = path.join(site.root, "content/site.yaml");
    await writeFile(yaml, (await readFile(yaml, "utf8")).replace("Fixture announcement.", "Fresh announcement."));
    await toolsTab.getByText("Fresh announcement.").waitFor(WAIT);
    await toolsTab.waitForFunction(() => window.scrollY === 900, undefined, WAIT);
    assert.equal(await marker(toolsTab), null, "the tab was reloaded");
    assert.ok(await toolsTab.getByText("Fresh announcement.").isVisible());
    assert.equal(await toolsTab.evaluate(() => window.scrollY), 900);
  });

  it("shows a new page in the tab that had its 404, and the 404 page when a page is deleted", async () => {
    const tab = await browser.newPage();
    await tab.goto(`${dev.origin}/learn/fresh`);
    await tab.getByRole("heading", { name: "Page Not Found" }).waitFor(WAIT);
    await site.write("docs/learn/fresh.mdx", "---\ndescription: A new page.\n---\n\n# Fresh Page\n\nJust written.\n");
    await tab.getByRole("heading", { name: "Fresh Page" }).waitFor(WAIT);
    assert.ok(await tab.getByText("Just written.").isVisible());
    assert.equal(await tab.getByRole("heading", { name: "Page Not Found" }).count(), 0);

    await tab.goto(`${dev.origin}/learn/Basics/zeta`);
    await tab.getByRole("heading", { name: "Zeta Page" }).waitFor(WAIT);
    await rm(path.join(site.root, "content/docs/learn/Basics/zeta.mdx"));
    await tab.getByRole("heading", { name: "Page Not Found" }).waitFor(WAIT);
    assert.equal(await tab.getByRole("heading", { name: "Zeta Page" }).count(), 0);
    assert.equal(new URL(tab.url()).pathname, "/learn/Basics/zeta");
    await tab.close();
  });
});
