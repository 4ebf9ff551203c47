/**
 * Reading the Node API reference in Chromium, on the real site: a large type that several
 * operations return (Transaction) is drawn once, on a page of its own, and the operation pages
 * link into it. What a reader clicks on an operation page lands on that type, and a field's link opens
 * the folds it sits in, with JavaScript on and off.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

let site: RunningSite;
let browser: Browser;

before(async () => {
  site = await serveSite(REPO_ROOT);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

/** Where an element sits in the viewport, and whether the reader can see it. */
const placeOf = (page: Page, id: string) =>
  page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return { top: box.top, visible: box.height > 0 && box.top >= 0 && box.bottom <= innerHeight };
  }, id);

describe("the Transaction type in the API reference", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`takes a reader from an operation's response to a variant of the type (JavaScript ${javaScriptEnabled ? "on" : "off"}, 1000 px)`, async () => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1000, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/api/node/get-account-transactions`);
      const response = page.locator(".heading:has(#response-200) ~ .api-media").first();
      assert.match(
        (await response.textContent()) ?? "",
        /Schema: Transaction \(drawn in full on the page The Transaction type\)/,
      );
      await response.getByRole("link", { name: "user_transaction" }).click();
      await page.waitForURL(`${site.origin}/api/node/transaction-type#schema-Transaction.user_transaction`);
      await page.waitForFunction(() => document.title.startsWith("The Transaction type"));
      assert.equal((await placeOf(page, "schema-Transaction.user_transaction"))?.visible, true);
      // The variant opens on a click, and shows its fields.
      await page.locator('[id="schema-Transaction.user_transaction"] > details > summary').click();
      assert.ok(await page.locator('[id="schema-Transaction.user_transaction.sender"]').isVisible());
      await context.close();
    });
  }

  it("opens the folds around a field a link points to, without JavaScript (390 px)", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/api/node/transaction-type#schema-Transaction.user_transaction.version`);
    const place = await placeOf(page, "schema-Transaction.user_transaction.version");
    assert.equal(place?.visible, true, JSON.stringify(place));
    assert.match(
      (await page.locator('[id="schema-Transaction.user_transaction.version"]').textContent()) ?? "",
      /^version U64/,
    );
    await context.close();
  });

  it("opens the folds around a field a link from another page points to, when the page is swapped in by script", async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`${site.origin}/api/node/get-transactions`);
    // A link such as a docs page may hold: to a field of a variant, folded twice.
    await page.evaluate(() => {
      (window as unknown as { marker?: number }).marker = 1;
      const a = document.createElement("a");
      a.href = "/api/node/transaction-type#schema-Transaction.user_transaction.version";
      a.id = "to-field";
      a.textContent = "the version of a user transaction";
      document.querySelector("article")!.prepend(a);
    });
    await page.click("#to-field");
    await page.waitForURL(/#schema-Transaction\.user_transaction\.version$/);
    await page.waitForFunction(() => document.title.startsWith("The Transaction type"));
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, "no full reload");
    const place = await placeOf(page, "schema-Transaction.user_transaction.version");
    assert.equal(place?.visible, true, JSON.stringify(place));
    // Away and Back: the page comes back from its HTML, folds closed, and is put where it was.
    await page.locator(".sidebar-link", { hasText: "The WriteSetChange type" }).click();
    await page.waitForURL(`${site.origin}/api/node/write-set-change-type`);
    await page.goBack();
    await page.waitForURL(/#schema-Transaction\.user_transaction\.version$/);
    await page.waitForFunction(() => document.title.startsWith("The Transaction type"));
    const back = await placeOf(page, "schema-Transaction.user_transaction.version");
    assert.equal(back?.visible, true, JSON.stringify(back));
    assert.ok(Math.abs(back!.top - place!.top) < 2, `${back!.top} vs ${place!.top}`);
    await page.close();
  });

  it("sends an old link to a field an operation page drew before the type had a home on to that field (JavaScript on, 390 px)", async () => {
    const field = "schema-Transaction.user_transaction.sender";
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    // A bookmark, or a link from another site: a full load.
    await page.goto(`${site.origin}/api/node/get-account-transactions#${field}`);
    await page.waitForURL(`${site.origin}/api/node/transaction-type#${field}`);
    await page.waitForFunction(() => document.title.startsWith("The Transaction type"));
    await page.waitForFunction((id) => document.getElementById(id)?.getBoundingClientRect().height, field);
    assert.equal((await placeOf(page, field))?.visible, true);
    // A link followed inside the site (the page swapped in by script), from another section.
    await page.goto(`${site.origin}/devs/getstarted`);
    await page.evaluate((href) => {
      const a = document.createElement("a");
      a.href = href;
      a.id = "old-link";
      a.textContent = "the sender of a user transaction";
      document.querySelector("article")!.prepend(a);
    }, `/api/node/get-transactions#${field}`);
    await page.click("#old-link");
    await page.waitForURL(`${site.origin}/api/node/transaction-type#${field}`);
    await page.waitForFunction(() => document.title.startsWith("The Transaction type"));
    await page.waitForFunction((id) => document.getElementById(id)?.getBoundingClientRect().height, field);
    assert.equal((await placeOf(page, field))?.visible, true);
    await page.close();
  });

  it("names the type on the Transactions page, and carries the page's old anchors on to the type's page", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${site.origin}/api/node/transactions`);
    await page.locator(".toc a", { hasText: "The Transaction type" }).click();
    await page.waitForURL(/#type-transaction$/);
    await page
      .locator(".heading:has(#type-transaction) ~ p")
      .getByRole("link", { name: "The Transaction type" })
      .click();
    await page.waitForURL(`${site.origin}/api/node/transaction-type`);
    const intro = page.locator("article p", { hasText: "Drawn in full here for" });
    for (const operation of ["Get blocks by height", "Get transactions", "Get account transactions"])
      assert.ok(await intro.getByRole("link", { name: operation }).isVisible(), operation);
    await intro.getByRole("link", { name: "Get blocks by height" }).click();
    await page.waitForURL(`${site.origin}/api/node/get-block-by-height`);
    assert.equal(await page.locator("h1").textContent(), "Get blocks by height");
    // A field's anchor from when the Transactions page drew the type.
    const field = "schema-Transaction.user_transaction.sender";
    await page.goto(`${site.origin}/api/node/transactions#${field}`);
    await page.waitForURL(`${site.origin}/api/node/transaction-type#${field}`);
    await page.waitForFunction((id) => document.getElementById(id)?.getBoundingClientRect().height, field);
    assert.equal((await placeOf(page, field))?.visible, true);
    await page.close();
  });
});
