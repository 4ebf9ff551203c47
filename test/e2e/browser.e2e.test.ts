/** What a reader does in a real Chromium: read without JS, use arrows, tabs, the announcement bar. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT } from "../helpers/temp-site";

let site: RunningSite;
let browser: Browser;

before(async () => {
  site = await serveSite(FIXTURE_ROOT, { strict: true });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

describe("in Chromium", () => {
  it("is readable with JavaScript off: content, sidebar, TOC and every tab panel", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/learn/Basics/beta`);
    assert.equal(await page.locator("h1").textContent(), "Beta Page");
    assert.ok(await page.locator(".sidebar-link.active", { hasText: "Beta Page" }).isVisible());
    assert.ok(await page.locator(".toc a", { hasText: "Beta details" }).isVisible());
    assert.ok(await page.getByText("TypeScript body.").isVisible());
    assert.ok(await page.getByText("Python body.").isVisible());
    await context.close();
  });

  it("lays the content out at its final width before the TOC has arrived (no layout shift while streaming)", async () => {
    // The TOC comes after the article in the HTML; a browser paints the part it has parsed.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    const url = `${site.origin}/learn/Basics/beta`;
    await page.goto(url);
    const columnWidth = () => page.locator(".doc-column").evaluate((e) => e.getBoundingClientRect().width);
    const full = await columnWidth();
    const html = await (await fetch(url)).text();
    const cut = html.indexOf('<nav class="toc"');
    assert.ok(cut > 0, "the page has a TOC");
    await page.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html.slice(0, cut) }),
    );
    await page.goto(url);
    assert.equal(await page.locator(".toc").count(), 0);
    assert.equal(await columnWidth(), full);
    await context.close();
  });

  it("follows the next and previous links with the arrow keys, not while typing", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/learn/Basics/beta`);
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(`${site.origin}/learn/Basics/alpha`);
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(`${site.origin}/learn/Basics/beta`);
    // With a modifier the arrow is the browser's, not pagination: no page is fetched.
    let fetched = 0;
    page.on("request", (r) => r.resourceType() === "fetch" && fetched++);
    await page.keyboard.press("Alt+ArrowRight").catch(() => {});
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(new URL(page.url()).pathname, "/learn/Basics/beta");
    assert.equal(fetched, 0);
    await page.close();
  });

  it("switches tabs, starting from the default, and remembers the group's choice", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/learn/Basics/beta`);
    assert.ok(await page.getByText("Python body.").isVisible());
    assert.ok(!(await page.getByText("TypeScript body.").isVisible()));
    await page.getByRole("tab", { name: "TypeScript" }).click();
    assert.ok(await page.getByText("TypeScript body.").isVisible());
    assert.ok(!(await page.getByText("Python body.").isVisible()));
    await page.reload();
    assert.ok(await page.getByText("TypeScript body.").isVisible());
    await page.close();
  });

  it("dismisses the announcement bar and keeps it dismissed after a reload", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/`);
    const bar = page.getByText("Fixture announcement.");
    assert.ok(await bar.isVisible());
    await page.getByRole("button", { name: "Close announcement" }).click();
    assert.ok(!(await bar.isVisible()));
    await page.reload();
    assert.ok(!(await bar.isVisible()));
    await page.close();
  });

  it("hides and shows the docs sidebar", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.origin}/learn/Basics/alpha`);
    const link = page.locator(".sidebar-link", { hasText: "Zeta Page" });
    assert.ok(await link.isVisible());
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    assert.ok(!(await link.isVisible()));
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    assert.ok(await link.isVisible());
    await page.close();
  });

  it("runs under the CSP without violations", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${site.origin}/learn/Basics/beta`);
    await page.waitForLoadState("networkidle");
    assert.deepEqual(violations, []);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("js")), true);
    await page.close();
  });
});
