/**
 * The page actions next to the title, in Chromium on a doc page and an API page at desktop and
 * phone widths: "Copy page" puts the page's Markdown twin on the clipboard, "View as Markdown"
 * opens the twin, the ChatGPT and Claude links carry a prompt naming the public Markdown URL, and
 * with JavaScript off the links are still there (Copy page is not shown). "Connect an assistant"
 * opens the MCP server's URL to copy and the Cursor and VS Code install links, with or without
 * JavaScript. Below 997 px every action is folded into one "Page actions" menu beside the
 * breadcrumbs, so the title comes first (the outline follows it); Escape closes the menu and
 * focus goes back to its button; it opens without JavaScript too. Wider, the actions stay a row.
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
/** The narrow screens' menu button (a <summary>). */
const menuButton = (page: Page) => page.locator("summary", { hasText: "Page actions" });

/** Opens the page actions menu where the actions are folded into it (narrow screens). */
async function unfold(page: Page): Promise<void> {
  if (await menuButton(page).isVisible()) await menuButton(page).click();
}

for (const [kind, route] of Object.entries(PAGES)) {
  describe(`page actions on the ${kind} page ${route}`, () => {
    for (const width of WIDTHS) {
      it(`copies the page's Markdown at ${width} px`, async () => {
        const page = await open(width, route, { permissions: ["clipboard-read", "clipboard-write"] });
        const twin = await (await fetch(`${site.origin}${route}.md`)).text();
        assert.match(twin, /^> Markdown version of .*\n\n# /);
        await unfold(page);
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
      await unfold(page);
      for (const name of ["View as Markdown", "Open in ChatGPT", "Open in Claude"])
        assert.equal(await actions(page).getByRole("link", { name }).isVisible(), true, name);
      assert.equal(await actions(page).getByRole("button", { name: "Copy page" }).isVisible(), false);
      await page.context().close();
    });
  });
}

describe("page actions on a legacy version's page", () => {
  // A page whose subject changed between the versions: its two twins differ.
  const route = "/general/UsingMovement/connect_to_movement";
  const legacy = `/2025${route}`;

  it("copies, shows and hands to assistants the legacy version's twin, not the current one", async () => {
    const page = await open(1440, legacy, { permissions: ["clipboard-read", "clipboard-write"] });
    const [legacyTwin, currentTwin] = await Promise.all(
      [legacy, route].map(async (r) => (await fetch(`${site.origin}${r}.md`)).text()),
    );
    assert.notEqual(legacyTwin, currentTwin);
    await actions(page).getByRole("button", { name: "Copy page" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), legacyTwin);
    const view = await actions(page).getByRole("link", { name: "View as Markdown" }).getAttribute("href");
    assert.equal(view, `${legacy}.md`);
    const md = encodeURIComponent(`${site.build.manifest.config.url}${legacy}.md`);
    for (const name of ["Open in ChatGPT", "Open in Claude"]) {
      const href = await actions(page).getByRole("link", { name }).getAttribute("href");
      assert.ok(href!.includes(md), `${name}: ${href} names the legacy twin`);
    }
    await page.context().close();
  });
});

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
    await unfold(page);
    await actions(page).getByText("Connect an assistant").click();
    assert.equal(await actions(page).getByText(serverUrl(), { exact: true }).isVisible(), true);
    for (const name of ["Add to Cursor", "Add to VS Code"])
      assert.equal(await actions(page).getByRole("link", { name }).isVisible(), true, name);
    assert.equal(await actions(page).getByRole("button", { name: "Copy MCP server URL" }).isVisible(), false);
    await page.context().close();
  });
});

/** Top and bottom of what `selector` matches first, or null when it is not on screen. */
const box = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const el = document.querySelector(selector);
    const r = el?.getBoundingClientRect();
    return r && r.height > 0 ? { top: r.top, bottom: r.bottom } : null;
  }, selector);

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  describe(`page actions on narrow screens, ${js}`, () => {
    for (const [kind, route] of Object.entries(PAGES)) {
      it(`fold into one menu beside the breadcrumbs, with the title first, on the ${kind} page at 390 px`, async () => {
        const page = await open(390, route, { javaScriptEnabled });
        const title = (await box(page, "h1"))!;
        const crumbs = (await box(page, ".breadcrumbs"))!;
        const button = (await menuButton(page).boundingBox())!;
        assert.ok(button, "the menu button is shown");
        assert.ok(button.y < title.top, "the menu button is above the title");
        assert.ok(button.y + button.height <= crumbs.bottom + 12, "on the breadcrumbs' row");
        assert.ok(title.top - crumbs.bottom < 40, `the title is ${title.top - crumbs.bottom} px below the breadcrumbs`);
        const outline = await box(page, ".toc-outline");
        if (outline) assert.ok(outline.top > title.bottom, "the outline follows the title");
        // Every action is in the menu: none is on screen until it opens, then each is.
        // The group is hidden while the menu is closed, so it is found by its name among hidden elements too.
        const items = page.getByRole("group", { name: "Page actions", includeHidden: true }).locator(":scope > *");
        const count = await items.count();
        assert.ok(count >= 5, `${count} actions`);
        for (let i = 0; i < count; i++) assert.equal(await items.nth(i).isVisible(), false, `action ${i} folded`);
        await menuButton(page).click();
        for (let i = 0; i < count; i++) {
          const item = items.nth(i);
          const hiddenWithoutJs = !javaScriptEnabled && (await item.evaluate((el) => el.matches(".page-action-copy")));
          assert.equal(await item.isVisible(), !hiddenWithoutJs, `action ${i} shown in the open menu`);
        }
        await page.context().close();
      });
    }

    it("leave the actions as a row above the title at 1440 px", async () => {
      const page = await open(1440, PAGES.doc, { javaScriptEnabled });
      assert.equal(await menuButton(page).isVisible(), false);
      const title = (await box(page, "h1"))!;
      const tops = new Set<number>();
      for (const name of ["View as Markdown", "Open in ChatGPT", "Open in Claude"]) {
        const b = (await actions(page).getByRole("link", { name }).boundingBox())!;
        assert.ok(b.y + b.height < title.top, `${name} is above the title`);
        tops.add(Math.round(b.y));
      }
      assert.equal(tops.size, 1, "on one row");
      assert.equal(await actions(page).getByText("Connect an assistant").isVisible(), true);
      await page.context().close();
    });
  });
}

describe("the page actions menu, with JavaScript", () => {
  for (const width of [390, 996]) {
    it(`closes on Escape and gives focus back to its button at ${width} px`, async () => {
      const page = await open(width, PAGES.api);
      await menuButton(page).click();
      const view = actions(page).getByRole("link", { name: "View as Markdown" });
      assert.equal(await view.isVisible(), true);
      await page.keyboard.press("Tab");
      assert.equal(
        await actions(page)
          .getByRole("button", { name: "Copy page" })
          .evaluate((el) => el === document.activeElement),
        true,
      );
      await page.keyboard.press("Escape");
      assert.equal(await view.isVisible(), false, "closed");
      assert.equal(
        await menuButton(page).evaluate((el) => el === document.activeElement),
        true,
        "focus is on its button",
      );
      await page.context().close();
    });
  }

  it("closes on a click outside it", async () => {
    const page = await open(390, PAGES.doc);
    await menuButton(page).click();
    // The title's left end: the open menu lies over its right-hand part.
    await page.locator("h1").click({ position: { x: 4, y: 4 } });
    assert.equal(await actions(page).getByRole("link", { name: "View as Markdown" }).isVisible(), false);
    await page.context().close();
  });
});
