/**
 * The page actions next to the title, in Chromium on a doc page and an API page at desktop and
 * phone widths: "Copy page" puts the page's Markdown twin on the clipboard, "View as Markdown"
 * opens the twin, the ChatGPT and Claude links carry a prompt naming the public Markdown URL, and
 * with JavaScript off the links are still there (Copy page is not shown). "Connect an assistant"
 * opens the MCP server's URL to copy and the Cursor and VS Code install links, with or without
 * JavaScript.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { launchChromium, openPage } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

const PAGES = { doc: "/devs/faq", api: "/api/node/get-account" };
const WIDTHS = [1440, 390];

let browser: Browser;
let site: RunningSite;

before(async () => {
  [site, browser] = await Promise.all([serveSite(REPO_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (width: number, path: string, options: BrowserContextOptions = {}): Promise<Page> =>
  openPage(browser, `${site.origin}${path}`, { width, height: 800 }, options);

const actions = (page: Page) => page.getByRole("group", { name: "Page actions" });

for (const [kind, route] of Object.entries(PAGES)) {
  describe(`page actions on the ${kind} page ${route}`, () => {
    for (const width of WIDTHS) {
      it(`copies the page's Markdown at ${width} px`, async () => {
        const page = await open(width, route, { permissions: ["clipboard-read", "clipboard-write"] });
        const twin = await (await fetch(`${site.origin}${route}.md`)).text();
        assert.match(twin, /^> Markdown version of .*\n\n# /);
        const copy = actions(page).getByRole("button", { name: "Copy page" });
        assert.equal(await copy.isVisible(), true);
        await copy.click();
        await page.getByRole("button", { name: "Copied" }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), twin);
        await page.context().close();
      });
    }

    it("links to the Markdown twin and to ChatGPT and Claude with the public Markdown URL", async () => {
      const page = await open(1440, route);
      const view = actions(page).getByRole("link", { name: "View as Markdown" });
      const href = await view.getAttribute("href");
      assert.equal(href, `${route}.md`);
      const res = await fetch(new URL(href!, site.origin));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/markdown; charset=utf-8");
      const url = site.build.manifest.config.url;
      assert.match(url, /^https:\/\//);
      const md = encodeURIComponent(`${url}${route}.md`);
      const chatgpt = await actions(page).getByRole("link", { name: "Open in ChatGPT" }).getAttribute("href");
      const claude = await actions(page).getByRole("link", { name: "Open in Claude" }).getAttribute("href");
      assert.ok(chatgpt!.startsWith("https://chatgpt.com/?q="), chatgpt!);
      assert.ok(claude!.startsWith("https://claude.ai/new?q="), claude!);
      for (const link of [chatgpt!, claude!]) {
        assert.ok(link.includes(md), `${link} names ${url}${route}.md`);
        assert.ok(!link.includes(encodeURIComponent(site.origin)), "the prompt never names the serving host");
      }
      await page.context().close();
    });

    it("keeps the links with JavaScript off, without Copy page", async () => {
      const page = await open(390, route, { javaScriptEnabled: false });
      for (const name of ["View as Markdown", "Open in ChatGPT", "Open in Claude"])
        assert.equal(await actions(page).getByRole("link", { name }).isVisible(), true, name);
      assert.equal(await actions(page).getByRole("button", { name: "Copy page" }).isVisible(), false);
      await page.context().close();
    });
  });
}

describe("connecting an assistant to the MCP server", () => {
  const serverUrl = () => `${site.build.manifest.config.url}/mcp`;

  it("copies the MCP server's public URL and offers the Cursor and VS Code install links", async () => {
    const page = await open(1440, PAGES.doc, { permissions: ["clipboard-read", "clipboard-write"] });
    const connect = actions(page).getByText("Connect an assistant");
    await connect.click();
    const copy = actions(page).getByRole("button", { name: "Copy MCP server URL" });
    assert.equal(await copy.isVisible(), true);
    await copy.click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), serverUrl());
    const cursor = new URL((await actions(page).getByRole("link", { name: "Add to Cursor" }).getAttribute("href"))!);
    assert.equal(
      `${cursor.protocol}//${cursor.host}${cursor.pathname}`,
      "cursor://anysphere.cursor-deeplink/mcp/install",
    );
    assert.equal(cursor.searchParams.get("name"), "movement-docs");
    assert.deepEqual(JSON.parse(atob(cursor.searchParams.get("config")!)), { url: serverUrl() });
    const vscode = (await actions(page).getByRole("link", { name: "Add to VS Code" }).getAttribute("href"))!;
    assert.ok(vscode.startsWith("vscode:mcp/install?"), vscode);
    assert.deepEqual(JSON.parse(decodeURIComponent(vscode.slice("vscode:mcp/install?".length))), {
      name: "movement-docs",
      type: "http",
      url: serverUrl(),
    });
    assert.ok(
      await actions(page).getByText(`claude mcp add --transport http movement-docs ${serverUrl()}`).isVisible(),
    );
    await page.context().close();
  });

  it("shows the server URL and the install links with JavaScript off, without the copy button", async () => {
    const page = await open(390, PAGES.api, { javaScriptEnabled: false });
    await actions(page).getByText("Connect an assistant").click();
    assert.equal(await actions(page).getByText(serverUrl(), { exact: true }).isVisible(), true);
    for (const name of ["Add to Cursor", "Add to VS Code"])
      assert.equal(await actions(page).getByRole("link", { name }).isVisible(), true, name);
    assert.equal(await actions(page).getByRole("button", { name: "Copy MCP server URL" }).isVisible(), false);
    await page.context().close();
  });
});
