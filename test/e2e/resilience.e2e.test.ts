/**
 * Failures a reader may meet, in Chromium: storage blocked, an island that throws, a page served
 * outside the base URL, and the optional assistant script (loaded only when configured; a load
 * failure changes nothing else).
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT, tempSite, type TempSite } from "../helpers/temp-site";

let browser: Browser;
let site: RunningSite;
let assisted: RunningSite;
let assistedContent: TempSite;

before(async () => {
  browser = await launchChromium();
  site = await serveSite(FIXTURE_ROOT);
  assistedContent = await tempSite();
  const yaml = await readFile(`${assistedContent.root}/content/site.yaml`, "utf8");
  await assistedContent.write(
    "site.yaml",
    `${yaml}\nassistant: { enabled: true, scriptUrl: "https://assistant.example.test/widget.js" }\n`,
  );
  assisted = await serveSite(assistedContent.root);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await assisted?.stop();
  await assistedContent?.remove();
});

describe("resilience", () => {
  it("works with storage blocked: warns once, tabs and the announcement still respond", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site.origin}/learn/Basics/beta`);
    await page.getByRole("tab", { name: "TypeScript" }).click();
    assert.ok(await page.getByText("TypeScript body.").isVisible());
    await page.getByRole("button", { name: "Close announcement" }).click();
    assert.ok(!(await page.getByText("Fixture announcement.").isVisible()));
    assert.deepEqual(errors, []);
    assert.equal(warnings.filter((w) => w.includes("Browser storage is unavailable")).length, 1);
    await page.close();
  });

  it("shows 'This page crashed.' with 'Try again' in place of an island that throws", async () => {
    const page = await browser.newPage();
    await page.route(/SearchModal\.island-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'export default function Broken() { throw new Error("boom"); }',
      }),
    );
    await page.goto(`${site.origin}/learn/Basics/alpha`);
    await page.locator("[data-island=SearchModal]").hover();
    await page.getByText("This page crashed.").waitFor();
    assert.ok(await page.getByRole("button", { name: "Try again" }).isVisible());
    assert.equal(await page.locator("h1").textContent(), "Alpha Page", "the rest of the page stays");
    await page.close();
  });

  it("says 'Your site did not load properly.' when served outside the base URL", async () => {
    // The page as a deployment configured for /docs/ would serve it, opened at /learn/….
    const page = await browser.newPage();
    const html = await (await fetch(`${site.origin}/learn/Basics/alpha`)).text();
    const served = html.replace('data-base-url="/"', 'data-base-url="/docs/"');
    await page.route(`${site.origin}/learn/Basics/zeta`, (route) =>
      route.fulfill({ contentType: "text/html", body: served }),
    );
    await page.goto(`${site.origin}/learn/Basics/zeta`);
    const notice = page.getByText("Your site did not load properly.");
    await notice.waitFor();
    assert.ok(await notice.isVisible());
    // The page's own text stays readable beside the notice.
    assert.equal(await page.locator("h1").textContent(), "Alpha Page");
    await page.close();
  });

  it("loads the assistant only when configured, after the page is interactive, and survives its failure", async () => {
    const requested: string[] = [];
    const page = await browser.newPage();
    let asked!: () => void;
    const assistantAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route("https://assistant.example.test/**", (route) => {
      requested.push(route.request().url());
      asked();
      return route.abort("failed");
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${assisted.origin}/learn/Basics/beta`, { waitUntil: "load" });
    await assistantAsked;
    assert.deepEqual(requested, ["https://assistant.example.test/widget.js"]);
    const csp = (await (await fetch(`${assisted.origin}/`)).headers.get("content-security-policy")) ?? "";
    assert.ok(csp.includes("https://assistant.example.test"), "the CSP allows the configured origin");
    await page.getByRole("tab", { name: "TypeScript" }).click();
    assert.ok(await page.getByText("TypeScript body.").isVisible());
    assert.deepEqual(errors, []);
    const plain = await browser.newPage();
    const none: string[] = [];
    plain.on("request", (r) => r.url().includes("assistant.example.test") && none.push(r.url()));
    await plain.goto(`${site.origin}/`, { waitUntil: "networkidle" });
    // The idle callback that would load it has had its turn.
    await plain.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    assert.deepEqual(none, []);
    await page.close();
    await plain.close();
  });
});
