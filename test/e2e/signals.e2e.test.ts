/**
 * Signals in Chromium against the real bundle on local workerd, read back from its local D1:
 * "Was this page helpful?" with JavaScript on (no reload, the thank-you announced, the vote
 * remembered and changed, a reason and a note) and off (the form's answer page, never cached);
 * Global Privacy Control honoured (no form, nothing sent or stored); the search modal's final
 * queries, an opened result and a reformulation pair; a result opened from /search; the form under
 * a base URL; and the form itself: axe finds nothing serious at 360 px in either palette, and
 * nothing scrolls sideways.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { after, before, beforeEach, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { SIGNAL_TABLES } from "../../common/signals";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT, tempSite } from "../helpers/temp-site";

const PAGE = "/learn/Basics/alpha";

let site: RunningSite;
let browser: Browser;

before(async () => {
  [site, browser] = await Promise.all([serveSite(FIXTURE_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
});
beforeEach(async () => {
  const db = site.server.signals;
  await db.batch(SIGNAL_TABLES.map((t) => db.prepare(`DELETE FROM ${t}`)));
});

async function rows(table: string): Promise<Record<string, unknown>[]> {
  return (await site.server.signals.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>()).results;
}

/** Waits until `table` holds rows matching `check` (the worker writes after it answers). */
async function eventually(
  table: string,
  check: (r: Record<string, unknown>[]) => boolean,
): Promise<Record<string, unknown>[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const r = await rows(table);
    if (check(r)) return r;
    if (Date.now() > until) assert.fail(`${table} never matched: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function open(path: string, options: BrowserContextOptions = {}, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`);
  return page;
}

const feedback = (page: Page) => page.getByRole("region", { name: "Was this page helpful?" });
const status = (page: Page) => feedback(page).getByRole("status");

describe("Was this page helpful?", () => {
  it("with JavaScript: votes without a reload, announces the thanks, remembers the vote and changes it", async () => {
    const page = await open(PAGE);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await feedback(page).getByRole("button", { name: "Yes" }).click();
    await status(page).getByText("Thank you for your answer.").waitFor();
    assert.equal(await status(page).getAttribute("aria-live"), "polite");
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, "no reload");
    assert.equal(await feedback(page).getByRole("button", { name: "Yes" }).getAttribute("aria-pressed"), "true");
    await eventually("feedback_daily", (r) => r.length === 1 && r[0]!.yes === 1 && r[0]!.no === 0);

    await feedback(page).getByRole("button", { name: "No" }).click();
    await status(page).getByText("Thank you: your answer is now “No”.").waitFor();
    await eventually("feedback_daily", (r) => r[0]?.yes === 0 && r[0]?.no === 1);

    await page.reload();
    await status(page).getByText("You answered “No” for this page. You can change your answer.").waitFor();
    assert.equal(await feedback(page).getByRole("button", { name: "No" }).getAttribute("aria-pressed"), "true");

    await feedback(page).getByText("Add a reason or a note (optional)").click();
    await feedback(page).getByLabel("Reason").selectOption("missing");
    await feedback(page).getByLabel(/^Note/).fill("The page never says which port the node listens on.");
    await feedback(page).getByRole("button", { name: "No" }).click();
    await status(page).getByText("Thank you: your reason and note were added.").waitFor();
    await eventually("feedback_notes", (r) => r[0]?.note === "The page never says which port the node listens on.");
    assert.deepEqual(
      (await rows("feedback_reasons_daily")).map((r) => [r.vote, r.reason, r.count]),
      [["no", "missing", 1]],
    );
    assert.equal((await rows("feedback_daily"))[0]!.no, 1, "adding a note moves no count");
    await page.context().close();
  });

  it("without JavaScript: the form's answer is the page with its thank-you, never cached, and it can be changed", async () => {
    const page = await open(PAGE, { javaScriptEnabled: false });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("feedback=no")),
      feedback(page).getByRole("button", { name: "No" }).click(),
    ]);
    assert.equal(answer.headers()["cache-control"], "no-store");
    assert.equal(new URL(page.url()).search, "?feedback=no");
    await status(page).getByText("Thank you for your answer (No). You can change it.").waitFor();
    await eventually("feedback_daily", (r) => r[0]?.no === 1);

    await feedback(page).getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(/feedback=yes/);
    await eventually("feedback_daily", (r) => r[0]?.yes === 1 && r[0]?.no === 0);

    await page.goto(`${site.origin}${PAGE}`);
    assert.equal(await page.locator("#feedback .feedback-status").textContent(), "");
    await page.context().close();
  });

  it("honours Global Privacy Control: no form, no request, nothing stored, with or without JavaScript", async () => {
    const gpc: BrowserContextOptions = { extraHTTPHeaders: { "Sec-GPC": "1" } };
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...gpc });
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true }),
    );
    const page = await context.newPage();
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/_signals/") && sent.push(r.url()));
    await page.goto(`${site.origin}${PAGE}`);
    await feedback(page)
      .getByText("Your browser asks sites not to record you (Global Privacy Control or Do Not Track)")
      .waitFor();
    assert.equal(await feedback(page).getByRole("button", { name: "Yes" }).isVisible(), false);
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor();
    await page.keyboard.type("zeta");
    await page.locator(".DocSearch-Hit a").first().waitFor();
    await page.keyboard.press("Escape");
    await page.waitForTimeout(500);
    assert.deepEqual(sent, []);
    await context.close();

    const noScript = await open(PAGE, { ...gpc, javaScriptEnabled: false });
    await feedback(noScript).getByRole("button", { name: "Yes" }).click();
    await status(noScript)
      .getByText("Your browser asks sites not to record you, so your answer was not kept.")
      .waitFor();
    await noScript.context().close();
    for (const table of SIGNAL_TABLES) assert.deepEqual(await rows(table), [], table);
  });

  it("passes axe at 360 px in both palettes, answered and with its fields open, and does not scroll sideways", async () => {
    const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    for (const theme of ["dark", "light"]) {
      const page = await open(PAGE, { bypassCSP: true }, 360);
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await feedback(page).getByText("Add a reason or a note (optional)").click();
      await feedback(page).getByRole("button", { name: "Yes" }).click();
      await status(page).getByText("Thank you for your answer.").waitFor();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (ctx: unknown) => Promise<{ violations: { id: string; impact: string }[] }> };
          }
        ).axe;
        return (await axe.run({ include: [["#feedback"]] })).violations;
      });
      assert.deepEqual(
        violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
        [],
        theme,
      );
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
      await page.context().close();
    }
  });
});

/**
 * Resolves once the modal shows its answer to `query`, as its live region announces it (a
 * keystroke's answer, even one from the client's cache, never takes its place once it shows).
 */
const shows = (page: Page, status: string) =>
  page.locator(".DocSearch-Modal [role=status]", { hasText: status }).waitFor({ state: "attached" });

describe("search signals", () => {
  it("the modal reports a final query, an opened result and a reformulation pair, not its keystrokes", async () => {
    const page = await open(PAGE);
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor();
    await page.keyboard.type("zzqxv");
    await shows(page, "No results for “zzqxv”");
    await page.locator(".DocSearch-Input").fill("");
    await page.keyboard.type("zeta");
    await shows(page, "1 result for “zeta”");
    assert.equal(await page.locator(".DocSearch-HitsFooter a").textContent(), "See 1 result");
    await page.locator(".DocSearch-Hit a").first().click();
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    const searches = await eventually("search_daily", (r) => r.length > 0);
    assert.deepEqual(
      searches.map((r) => [r.source, r.query, r.searches, r.opened]),
      [["modal", "zeta", 1, 1]],
    );
    assert.deepEqual(
      (await eventually("search_pairs_daily", (r) => r.length > 0)).map((r) => [r.miss, r.found, r.count]),
      [["zzqxv", "zeta", 1]],
    );

    // A query showing when the modal closes is final too, with nothing opened.
    await page.keyboard.press("Control+k");
    await page.locator(".DocSearch-Input").waitFor();
    await page.keyboard.type("beta");
    await shows(page, "for “beta”");
    await page.keyboard.press("Escape");
    await eventually("search_daily", (r) =>
      r.some((x) => x.query === "beta" && x.opened === 0 && x.source === "modal"),
    );
    await page.context().close();
  });

  it("a /search query is counted when served, and a result opened from it", async () => {
    const page = await open("/search?q=zeta");
    await eventually("search_daily", (r) => r.length === 1 && r[0]!.source === "page" && r[0]!.opened === 0);
    await page.locator(".search-results a").first().click();
    await page.waitForURL(/\/learn\/Basics\/zeta/);
    await eventually("search_daily", (r) => r[0]?.opened === 1 && r[0]?.searches === 1);
    await page.context().close();
  });
});

describe("under a base URL", () => {
  it("votes with and without JavaScript, back to the page under the base, the route recorded without it", async () => {
    const copy = await tempSite();
    const yaml = (await readFile(path.join(copy.root, "content/site.yaml"), "utf8")).replace(
      /^title:/m,
      "baseUrl: /docs/\ntitle:",
    );
    await copy.write("site.yaml", yaml);
    const docs = await serveSite(copy.root);
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${docs.origin}/docs${PAGE}`);
      await feedback(page).getByRole("button", { name: "No" }).click();
      await page.waitForURL(`${docs.origin}/docs${PAGE}?feedback=no#feedback`);
      await status(page).getByText("Thank you for your answer (No).", { exact: false }).waitFor();
      await context.close();

      const scripted = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await scripted.goto(`${docs.origin}/docs${PAGE}`);
      await feedback(scripted).getByRole("button", { name: "Yes" }).click();
      await status(scripted).getByText("Thank you for your answer.").waitFor();
      await scripted.close();

      const until = Date.now() + 10_000;
      let counts: Record<string, unknown>[] = [];
      while (Date.now() < until) {
        counts = (await docs.server.signals.prepare("SELECT * FROM feedback_daily").all<Record<string, unknown>>())
          .results;
        if (counts[0]?.yes === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.deepEqual(
        counts.map((r) => [r.page, r.yes, r.no]),
        [[PAGE, 1, 1]],
      );
    } finally {
      await docs.stop();
      await copy.remove();
    }
  });
});
