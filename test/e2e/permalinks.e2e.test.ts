/**
 * Permalinks, in Chromium at 1440 and 390 px: the "#" beside every h2-h4 of a doc page and of an
 * API page, and the name of every field and parameter row of the API reference that has an id,
 * which is the link to its row, its "#" after it. The "#" is hidden until the heading or row is
 * hovered or the link has keyboard focus, Tab reaches the link, and a click or Enter copies the
 * URL with "Link copied" announced (role status); with JavaScript off it is a plain link to the
 * anchor. Headings keep their text as their accessible
 * name, and the links stay out of the Markdown twins, the MCP text and the search records.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { launchChromium, openPage } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

const DOC = "/learn/Basics/anchors";
const API = "/api/node/get-account";
const WIDTHS = [1440, 390];
const filler = "Words that fill a line or two of the page, so there is something to scroll past. ".repeat(4);

let browser: Browser;
/** The fixture site with a page of h2-h4 headings. */
let site: RunningSite;
/** The real site, for its API reference. */
let real: RunningSite;
let content: TempSite;

before(async () => {
  content = await tempSite();
  await content.write(
    "docs/learn/Basics/anchors.mdx",
    [
      "---\ndescription: Headings at three levels.\nsidebar_position: 9\n---\n",
      "# Anchors Page\n",
      `Intro. ${filler}\n`,
      `## Getting started\n\n${filler}\n`,
      `### Install the \`movement\` CLI\n\n${filler}\n`,
      `#### A fine point\n\n${filler}\n`,
      `## Next steps\n\n${filler}\n`,
    ].join("\n"),
  );
  [site, browser] = await Promise.all([serveSite(content.root), launchChromium()]);
  real = await serveSite(REPO_ROOT);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await real?.stop();
  await content?.remove();
});

/** `path` on the real site when it is an API page, else on the fixture site. */
const origin = (path: string) => (path.startsWith("/api/") ? real : site).origin;
const open = (width: number, path: string, options: BrowserContextOptions = {}): Promise<Page> =>
  openPage(browser, `${origin(path)}${path}`, { width, height: 800 }, options);

/** The opacity of the link's "#": the link itself, or for a field's name its ::after. */
const opacity = (link: Locator, pseudo: string | null = null) =>
  link.evaluate((el, p) => Number(getComputedStyle(el, p).opacity), pseudo);
/** Waits for the fade in or out to end, then reads the opacity of the link's "#". */
async function settledOpacity(page: Page, link: Locator, pseudo: string | null = null): Promise<number> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  return opacity(link, pseudo);
}

/** Presses Tab until `link` has focus (at most 80 presses), from the element before it in the page. */
async function tabTo(page: Page, link: Locator): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await link.evaluate((el) => el === document.activeElement)) return;
  }
  assert.fail("Tab never reached the permalink");
}

const HEADINGS = [
  { level: 2, id: "getting-started", text: "Getting started" },
  { level: 3, id: "install-the-movement-cli", text: "Install the movement CLI" },
  { level: 4, id: "a-fine-point", text: "A fine point" },
];

describe("permalinks on headings", () => {
  for (const width of WIDTHS) {
    it(`show on hover and on focus, and copy the section's URL with an announcement at ${width} px`, async () => {
      const page = await open(width, DOC, { permissions: ["clipboard-read", "clipboard-write"] });
      for (const { level, id, text } of HEADINGS) {
        const heading = page.getByRole("heading", { level, name: text, exact: true });
        assert.equal(await heading.count(), 1, `the h${level}'s accessible name is "${text}"`);
        const link = page.getByRole("link", { name: `Link to this section: ${text}`, exact: true });
        assert.equal(await link.getAttribute("href"), `#${id}`);
        await page.mouse.move(0, 0);
        assert.equal(await settledOpacity(page, link), 0, `h${level}: hidden at rest`);
        await heading.hover();
        assert.equal(await settledOpacity(page, link), 1, `h${level}: shown on hover`);
      }

      // Keyboard: Tab reaches the h3's link, which shows while focused; Enter copies the URL.
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.getByRole("heading", { name: "Getting started" }).evaluate((h) => {
        // Focus starts just before the section, so the next Tab stops are in it.
        h.setAttribute("tabindex", "-1");
        h.focus();
      });
      const link = page.getByRole("link", { name: "Link to this section: Install the movement CLI" });
      await tabTo(page, link);
      assert.equal(await settledOpacity(page, link), 1, "shown while it has keyboard focus");
      await page.keyboard.press("Enter");
      await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
      assert.equal(
        await page.evaluate(() => navigator.clipboard.readText()),
        `${site.origin}${DOC}#install-the-movement-cli`,
      );
      await page.waitForURL(`${site.origin}${DOC}#install-the-movement-cli`);
      await page.context().close();
    });
  }

  it("copies the URL on a click", async () => {
    const page = await open(1440, DOC, { permissions: ["clipboard-read", "clipboard-write"] });
    await page.getByRole("heading", { name: "Next steps" }).hover();
    await page.getByRole("link", { name: "Link to this section: Next steps" }).click();
    await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${site.origin}${DOC}#next-steps`);
    await page.context().close();
  });

  for (const width of WIDTHS) {
    it(`are plain links to the anchor with JavaScript off at ${width} px`, async () => {
      const page = await open(width, DOC, { javaScriptEnabled: false });
      for (const { level, text } of HEADINGS)
        assert.equal(await page.getByRole("heading", { level, name: text, exact: true }).count(), 1);
      await page.getByRole("heading", { name: "Next steps" }).hover();
      const link = page.getByRole("link", { name: "Link to this section: Next steps" });
      assert.equal(await settledOpacity(page, link), 1);
      await link.click();
      await page.waitForURL(`${site.origin}${DOC}#next-steps`);
      await page.context().close();
    });
  }

  it("are on the API pages' headings too", async () => {
    const page = await open(1440, API);
    assert.equal(await page.getByRole("heading", { level: 2, name: "Responses", exact: true }).count(), 1);
    const link = page.getByRole("link", { name: "Link to this section: Responses", exact: true });
    assert.equal(await link.getAttribute("href"), "#responses");
    await page.context().close();
  });
});

describe("permalinks on the API reference's fields and parameters", () => {
  const ROWS = [
    { id: "schema-AccountData.sequence_number", name: "sequence_number" },
    { id: "param-path-address", name: "address" },
  ];

  for (const width of WIDTHS) {
    it(`are the names, their "#" shown on hover and on focus, and copy the row's URL at ${width} px`, async () => {
      const page = await open(width, API, { permissions: ["clipboard-read", "clipboard-write"] });
      for (const { id, name } of ROWS) {
        const row = page.locator(`[id="${id}"]`);
        const link = row.getByRole("link", { name, exact: true });
        assert.equal(await link.getAttribute("href"), `#${id}`);
        assert.equal(await link.textContent(), name, "the link is the name");
        await row.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        assert.equal(await opacity(link), 1, `${id}: the name is always shown`);
        assert.equal(await settledOpacity(page, link, "::after"), 0, `${id}: "#" hidden at rest`);
        await row.hover();
        assert.equal(await settledOpacity(page, link, "::after"), 1, `${id}: "#" shown on hover`);
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await row.evaluate((el) => {
          // Focus starts just before the row, so the next Tab stop is its link.
          el.setAttribute("tabindex", "-1");
          el.focus();
        });
        await tabTo(page, link);
        assert.equal(await settledOpacity(page, link, "::after"), 1, `${id}: "#" shown while focused`);
        await page.keyboard.press("Enter");
        await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${real.origin}${API}#${id}`);
        await page.waitForURL(`${real.origin}${API}#${id}`);
      }
      await page.context().close();
    });
  }

  it("are plain links to the row with JavaScript off", async () => {
    const page = await open(390, API, { javaScriptEnabled: false });
    await page
      .locator('[id="schema-AccountData.sequence_number"]')
      .getByRole("link", { name: "sequence_number", exact: true })
      .click();
    await page.waitForURL(`${real.origin}${API}#schema-AccountData.sequence_number`);
    await page.context().close();
  });
});

describe("what readers' tools read", () => {
  it("has no permalink: the Markdown twins, the MCP text and the search records", async () => {
    for (const route of [DOC, API]) {
      const twin = await (await fetch(`${origin(route)}${route}.md`)).text();
      assert.match(twin, /Getting started|sequence_number/);
      assert.doesNotMatch(twin, /Link to|\[\]\(#/, `${route}.md`);
    }
    const res = await fetch(`${real.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_api_operation", arguments: { operationId: "get_account" } },
      }),
    });
    const answer = (await res.json()) as { result: { content: { text: string }[] } };
    const text = answer.result.content[0]!.text;
    assert.match(text, /sequence_number/);
    assert.doesNotMatch(text, /Link to|\[\]\(#/);
    // Search records as the Algolia protocol answers with them, every attribute retrieved.
    const index = real.build.manifest.config.search.indexName;
    const search = await fetch(`${real.origin}/1/indexes/${index}?query=sequence_number&hitsPerPage=50`);
    const { hits } = (await search.json()) as { hits: object[] };
    assert.ok(hits.length > 3);
    const records = JSON.stringify(hits);
    assert.match(records, /sequence_number/);
    assert.doesNotMatch(records, /Link to (this section|field|parameter)/);
  });
});
