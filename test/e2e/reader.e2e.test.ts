/**
 * What a reader does in Chromium at phone, tablet and desktop widths: same-page links and Back /
 * Forward, the skip link and focus after navigation, the phone menu and outline without JavaScript,
 * the drawer, a click made before the page's script ran, '/' from first paint, a widget whose code
 * fails to load, and a page that crashes.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { kvKeys } from "../../common/page";
import { holdRequests, launchChromium, openPage } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

const WIDTHS = [390, 1000, 1440];
const LONG = "/learn/Basics/long";
const CRASHING = "/learn/Basics/crashing";
const filler = "A paragraph long enough to take some room on a narrow screen, so the page scrolls. ".repeat(6);
const sections = Array.from({ length: 8 }, (_, i) => `## Section ${i + 1}\n\n${filler}\n\n${filler}\n`).join("\n");

let browser: Browser;
let site: RunningSite;
let content: TempSite;

before(async () => {
  content = await tempSite();
  await content.write(
    "docs/learn/Basics/long.mdx",
    `---\ndescription: A long page.\nsidebar_position: 8\n---\n\n# Long Page\n\nJump to [the sixth section](#section-6).\n\n<Tabs>\n<TabItem value="a" label="First" default>\n\nFirst body.\n\n</TabItem>\n<TabItem value="b" label="Second">\n\nSecond body.\n\n</TabItem>\n</Tabs>\n\n${sections}`,
  );
  await content.write(
    "docs/learn/Basics/crashing.mdx",
    "---\ndescription: Breaks when rendered.\nunlisted: true\n---\n\n# Crashing\n",
  );
  [site, browser] = await Promise.all([serveSite(content.root), launchChromium()]);
  // A page record naming a component the renderer does not have: its render throws.
  const record = JSON.parse(
    (await site.server.kv.get(kvKeys.blob(site.build.manifest.blobs.pages[CRASHING]!)))!,
  ) as object;
  const broken = { ...record, tree: [["NoSuchComponent", null, "boom"]] };
  await site.server.kv.put(kvKeys.blob(site.build.manifest.blobs.pages[CRASHING]!), JSON.stringify(broken));
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await content?.remove();
});

const open = (width: number, path: string, options: BrowserContextOptions = {}): Promise<Page> =>
  openPage(browser, `${site.origin}${path}`, { width, height: 700 }, options);

/** Requests for page HTML made by the page after load (client navigation's fetches). */
function pageFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "fetch" && r.headers().accept === "text/html") seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/** Where a heading sits relative to the bottom of the sticky navbar (0 to 40 px below it is right). */
const belowNavbar = (page: Page, id: string) =>
  page.evaluate((id) => {
    const navbar = document.querySelector(".navbar")!.getBoundingClientRect();
    const bottom = getComputedStyle(document.querySelector(".navbar")!).position === "sticky" ? navbar.bottom : 0;
    return document.getElementById(id)!.getBoundingClientRect().top - bottom;
  }, id);

const waitForY = (page: Page, y: number) => page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, y);

describe("same-page links", () => {
  for (const width of WIDTHS) {
    it(`jump without refetching, land below the navbar, and Back/Forward restore positions at ${width} px`, async () => {
      const page = await open(width, LONG);
      const fetched = pageFetches(page);
      await page.getByRole("tab", { name: "Second" }).click();
      // The TOC column from 1,201 px, the collapsed outline below.
      if (width > 1200) await page.locator(".toc a", { hasText: "Section 4" }).click();
      else {
        await page.locator(".toc-outline > summary").click();
        await page.locator(".toc-outline a", { hasText: "Section 4" }).click();
      }
      await page.waitForURL(/#section-4$/);
      await page.waitForFunction(() => window.scrollY > 200);
      const atFour = await page.evaluate(() => window.scrollY);
      const offset = await belowNavbar(page, "section-4");
      assert.ok(offset >= 0 && offset < 40, `the heading is ${offset} px below the navbar`);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => history.state?.y === 0);
      await page.getByRole("link", { name: "the sixth section" }).click();
      await page.waitForURL(/#section-6$/);
      const atSix = await page.evaluate(() => window.scrollY);
      assert.ok(atSix > atFour);

      await page.goBack();
      await page.waitForURL(/#section-4$/);
      await waitForY(page, 0);
      await page.goBack();
      await page.waitForURL(`${site.origin}${LONG}`);
      await page.goForward();
      await page.waitForURL(/#section-4$/);
      await page.goForward();
      await page.waitForURL(/#section-6$/);
      await waitForY(page, atSix);
      assert.deepEqual(fetched, [], "no page was fetched");
      assert.ok(await page.getByText("Second body.").isVisible(), "the page kept its state (the chosen tab)");
      await page.context().close();
    });
  }

  it("restore each page's position with Back and Forward between pages", async () => {
    const page = await open(1000, LONG);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => history.state?.y === 900);
    await page.evaluate(() => document.querySelector<HTMLElement>('.pagination-link[rel="next"]')!.click());
    await page.waitForURL((url) => url.pathname !== LONG);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.goBack();
    await page.waitForURL(`${site.origin}${LONG}`);
    await waitForY(page, 900);
    await page.goForward();
    await page.waitForURL((url) => url.pathname !== LONG);
    await waitForY(page, 0);
    await page.context().close();
  });

  it("the skip link moves focus to the content; client navigation moves it to the new page's heading", async () => {
    const page = await open(1440, LONG);
    const fetched = pageFetches(page);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to main content");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "main");
    assert.deepEqual(fetched, []);
    await page.locator(".sidebar-link", { hasText: "Zeta Page" }).click();
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Zeta Page");
    await page.context().close();
  });

  it("a link to a heading of another page lands below the navbar, also without JavaScript at 390 px", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await open(390, "/", { javaScriptEnabled });
      await page.goto(`${site.origin}${LONG}#section-5`);
      await page.waitForFunction(() => window.scrollY > 200);
      const offset = await belowNavbar(page, "section-5");
      assert.ok(offset >= 0 && offset < 40, `JS ${javaScriptEnabled}: the heading is ${offset} px below the navbar`);
      await page.context().close();
    }
  });
});

describe("phones", () => {
  it("without JavaScript, a menu opens the page's one sidebar; wider screens show it as a column", async () => {
    const html = await (await fetch(`${site.origin}${LONG}`)).text();
    assert.equal(html.split('class="sidebar-nav"').length - 1, 1, "the sidebar is in the page once");
    for (const width of WIDTHS) {
      const page = await open(width, LONG, { javaScriptEnabled: false });
      const menu = page.locator(".sidebar-menu > summary");
      const zeta = page.locator(".sidebar-link", { hasText: "Zeta Page" });
      if (width < 997) {
        assert.equal(await menu.textContent(), "Learn pages");
        assert.ok(!(await zeta.isVisible()), "closed at first");
        await menu.click();
        await zeta.click();
        await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
        assert.equal(await page.locator("h1").textContent(), "Zeta Page");
      } else {
        assert.ok(!(await menu.isVisible()));
        assert.ok(await zeta.isVisible());
      }
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.ok(!scrolls, `no horizontal scrolling at ${width} px`);
      await page.context().close();
    }
  });

  it("with JavaScript, the drawer holds the sidebar and Tab and Shift+Tab never leave it for the page behind; the menu is not shown", async () => {
    const page = await open(390, LONG);
    assert.ok(!(await page.locator(".sidebar-menu > summary").isVisible()));
    await page.getByRole("button", { name: "Open navigation" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("link", { name: "Zeta Page" }).waitFor();
    // Where the focus is: in the drawer, on the page behind it, or on no element of the page (the
    // browser's own controls, which a modal dialog lets Tab reach between its last control and its first).
    const where = () =>
      page.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return "browser";
        if (a.hasAttribute("data-first")) return "first";
        return a.closest("#drawer") ? "drawer" : `the page: ${a.outerHTML.slice(0, 80)}`;
      });
    await page.evaluate(() => document.activeElement?.setAttribute("data-first", ""));
    assert.equal(await where(), "first", "the drawer has the focus");
    const controls = await drawer.locator("a[href]:visible, button:visible, summary:visible").count();
    assert.ok(controls > 5, `${controls} controls in the drawer`);
    for (const key of ["Tab", "Shift+Tab"]) {
      const stops: string[] = [];
      do {
        await page.keyboard.press(key);
        stops.push(await where());
      } while (stops.at(-1) !== "first" && stops.length <= controls + 1);
      assert.equal(stops.at(-1), "first", `${key} comes round to the first control: ${stops.join(", ")}`);
      assert.deepEqual(
        stops.filter((s) => s.startsWith("the page")),
        [],
        `${key} never focuses the page behind the drawer`,
      );
      assert.ok(
        stops.filter((s) => s === "drawer").length >= controls - 1,
        `${key} visits every control: ${stops.join(", ")}`,
      );
    }
    await page.context().close();
  });

  for (const width of [360, 390]) {
    it(`at ${width} px, the drawer closes on Escape and on a click on its backdrop, and gives the focus back to its button`, async () => {
      const page = await open(width, LONG);
      const button = page.getByRole("button", { name: "Open navigation" });
      const drawer = page.getByRole("dialog", { name: "Navigation" });
      const buttonFocused = () =>
        page.evaluate(() => document.activeElement?.getAttribute("aria-label") === "Open navigation");
      const box = async () => (await drawer.boundingBox())!;
      await button.click();
      await drawer.getByRole("link", { name: "Zeta Page" }).waitFor();
      const { x, width: panel } = await box();
      assert.equal(x, 0);
      assert.ok(panel < width && panel >= 0.8 * width, `the panel is ${panel} px of ${width}`);
      assert.equal(await button.getAttribute("aria-expanded"), "true");
      await page.keyboard.press("Escape");
      // The dialog's close event, which resets the button's state, is a task after the key press.
      await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("dialog#drawer")?.open);
      await page.locator('button[aria-label="Open navigation"][aria-expanded="false"]').waitFor();
      assert.ok(!(await drawer.isVisible()), "Escape closes it");
      assert.ok(await buttonFocused(), "the button has the focus again");
      await button.click();
      await drawer.getByRole("link", { name: "Zeta Page" }).waitFor();
      await page.mouse.click(width - 10, 350);
      await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("dialog#drawer")?.open);
      await page.locator('button[aria-label="Open navigation"][aria-expanded="false"]').waitFor();
      assert.ok(await buttonFocused(), "the button has the focus again");
      assert.ok(!(await page.evaluate(() => document.documentElement.classList.contains("drawer-open"))));
      // A click inside the panel, off any control, leaves it open.
      await button.click();
      await drawer.getByRole("link", { name: "Zeta Page" }).waitFor();
      const header = (await drawer.locator(".drawer-header").boundingBox())!;
      await page.mouse.click(header.x + header.width - 60, header.y + 5);
      assert.ok(await drawer.isVisible(), "a click in the panel keeps it open");
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.ok(!scrolls, `no horizontal scrolling at ${width} px`);
      await page.context().close();
    });
  }

  it("the outline is collapsed where the TOC column is hidden and opens without JavaScript", async () => {
    for (const width of WIDTHS) {
      const page = await open(width, LONG, { javaScriptEnabled: false });
      const outline = page.locator(".toc-outline");
      if (width > 1200) {
        assert.ok(!(await outline.isVisible()));
        assert.ok(await page.locator(".toc a", { hasText: "Section 2" }).isVisible());
      } else {
        assert.ok(!(await page.locator(".toc").isVisible()));
        const link = outline.getByRole("link", { name: "Section 2" });
        assert.ok(!(await link.isVisible()), "collapsed at first");
        await outline.getByText("On this page").click();
        await link.click();
        await page.waitForURL(/#section-2$/);
        assert.ok(await page.evaluate(() => window.scrollY > 200));
      }
      await page.context().close();
    }
  });

  it("shows the announcement bar again when its id changes", async () => {
    const page = await open(390, "/");
    await page.getByRole("button", { name: "Close announcement" }).click();
    await page.reload();
    assert.ok(!(await page.getByText("Fixture announcement.").isVisible()));
    const html = await (await fetch(`${site.origin}/`)).text();
    await page.route(`${site.origin}/`, (route) =>
      route.fulfill({ contentType: "text/html", body: html.replaceAll("fixture-1", "fixture-2") }),
    );
    await page.reload();
    assert.ok(await page.getByText("Fixture announcement.").isVisible());
    await page.context().close();
  });
});

describe("a click before the page's script has run", () => {
  it("is made once the script is in: a tab chosen and the announcement closed while it loads", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 700 } });
    const page = await context.newPage();
    const release = await holdRequests(page, /\/boot-[\w-]+\.js$/);
    await page.goto(`${site.origin}${LONG}`, { waitUntil: "commit" });
    await page.getByRole("tab", { name: "Second" }).click();
    await page.getByRole("button", { name: "Close announcement" }).click();
    assert.ok(await page.getByText("Fixture announcement.").isVisible(), "nothing happens before the script");
    release();
    await page.getByText("Second body.").waitFor();
    assert.equal(await page.getByRole("tab", { name: "Second" }).getAttribute("aria-selected"), "true");
    await page.getByText("Fixture announcement.").waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("search from first paint", () => {
  for (const key of ["/", "Control+k"]) {
    it(`'${key}' loads search, opens it and keeps what was typed meanwhile`, async () => {
      const page = await open(1440, LONG);
      const release = await holdRequests(page, /SearchModal\.island-[\w-]+\.js$/);
      await page.keyboard.press(key);
      await page.keyboard.type("zeta");
      release();
      await page.locator(".DocSearch-Input").waitFor();
      assert.equal(await page.locator(".DocSearch-Input").inputValue(), "zeta");
      await page.locator(".DocSearch-Hit", { hasText: "Zeta Page" }).first().waitFor();
      assert.equal(new URL(page.url()).pathname, LONG);
      await page.context().close();
    });
  }
});

describe("a widget whose code fails to load", () => {
  // Any URL of the chunk, a retry's fresh query string included.
  const chunk = /SearchModal\.island-[\w-]+\.js(?:\?.*)?$/;

  it("shows a red box with the error and Retry, which loads it again", async () => {
    const page = await open(1440, LONG);
    let fail = true;
    await page.route(chunk, (route) => (fail ? route.abort("failed") : route.continue()));
    await page.getByRole("button", { name: "Search docs" }).hover();
    const box = page.locator(".island-error[role=alert]");
    await box.waitFor();
    assert.match((await box.textContent()) ?? "", /could not load: .+/);
    fail = false;
    await box.getByRole("button", { name: "Retry" }).click();
    await page.waitForFunction(
      () => document.querySelector("[data-island=SearchModal]")?.getAttribute("data-island-state") === "ready",
    );
    assert.equal(await box.count(), 0);
    await page.getByRole("button", { name: "Search docs" }).click();
    await page.locator(".DocSearch-Input").waitFor();
    await page.context().close();
  });

  it("offers a page reload when it fails twice", async () => {
    const page = await open(1440, LONG);
    await page.route(chunk, (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Search docs" }).hover();
    await page.locator(".island-error").getByRole("button", { name: "Retry" }).click();
    const reload = page.locator(".island-error").getByRole("button", { name: "Reload the page" });
    await reload.waitFor();
    await page.unroute(chunk);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await reload.click();
    await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker);
    // The same page, loaded afresh: no error box, and the search opens now that its code loads.
    assert.equal(new URL(page.url()).pathname, LONG);
    assert.equal(await page.locator("h1").textContent(), "Long Page");
    assert.equal(await page.locator(".island-error").count(), 0);
    await page.getByRole("button", { name: "Search docs" }).click();
    await page.locator(".DocSearch-Input").waitFor();
    assert.ok(await page.locator(".DocSearch-Input").isVisible());
    await page.context().close();
  });

  it("after client navigation, loads the page in full once instead", async () => {
    const page = await open(1440, LONG);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator(".sidebar-link", { hasText: "Zeta Page" }).click();
    await page.waitForURL(`${site.origin}/learn/Basics/zeta`);
    let failures = 0;
    await page.route(chunk, (route) => (failures++ === 0 ? route.abort("failed") : route.continue()));
    await page.getByRole("button", { name: "Search docs" }).hover();
    await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker);
    assert.equal(new URL(page.url()).pathname, "/learn/Basics/zeta");
    await page.getByRole("button", { name: "Search docs" }).click();
    await page.locator(".DocSearch-Input").waitFor();
    assert.equal(failures, 2, "one failed load, then the full page's");
    await page.context().close();
  });
});

describe("a page that fails to render", () => {
  it("answers 500 with the crash page, and 'Try again' asks again for the same address, query included", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 700 } });
    const page = await context.newPage();
    const res = await page.goto(`${site.origin}${CRASHING}?tab=ts&x=a%20b`);
    assert.equal(res?.status(), 500);
    assert.match(await page.title(), /^Page Error\b/);
    assert.equal(await page.locator("h1").textContent(), "This page crashed.");
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === CRASHING);
    await page.getByRole("link", { name: "Try again" }).click();
    assert.equal((await again).url(), `${site.origin}${CRASHING}?tab=ts&x=a%20b`);
    assert.equal((await again).status(), 500);
    assert.equal(await page.locator("h1").textContent(), "This page crashed.");
    await context.close();
  });
});
