/**
 * The interactive layer in a real Chromium: colour mode (both readings of the spec), drawer,
 * dropdowns, hide-on-scroll, sidebar, TOC, client-side navigation and the JavaScript budget.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { FIXTURE_ROOT, tempSite, type TempSite } from "../helpers/temp-site";

let browser: Browser;
let locked: RunningSite; // the shipped reading: dark only, no switch
let open: RunningSite; // the other reading: switch enabled, plus a dropdown and hide-on-scroll
let openSite: TempSite;

const SWITCHABLE = `
colorMode: { defaultMode: dark, disableSwitch: false, respectPrefersColorScheme: true }
`;

before(async () => {
  browser = await launchChromium();
  locked = await serveSite(FIXTURE_ROOT, { strict: true });
  openSite = await tempSite();
  const { readFile } = await import("node:fs/promises");
  const yaml = await readFile(`${openSite.root}/content/site.yaml`, "utf8");
  await openSite.write(
    "site.yaml",
    yaml
      .replace("  title: Fixture\n", "  title: Fixture\n  hideOnScroll: true\n")
      .replace(
        "    - { type: search, position: left }\n",
        "    - { type: search, position: left }\n    - { type: dropdown, label: Community, position: right, items: [{ label: Forum, href: 'https://forum.example.test/' }, { label: Chat, href: 'https://chat.example.test/' }] }\n",
      ) + SWITCHABLE,
  );
  open = await serveSite(openSite.root, { strict: true });
});

after(async () => {
  await browser?.close();
  await locked?.stop();
  await open?.stop();
  await openSite?.remove();
});

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe("colour mode", () => {
  it("is dark only, with no toggle, when the switch is disabled (the shipped reading)", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${locked.origin}/`);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    assert.equal(await theme(page), "dark");
    assert.equal(await page.locator("[data-theme-toggle]").count(), 0);
    await context.close();
  });

  it("follows the system preference, toggles, persists and syncs across tabs when enabled", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${open.origin}/`);
    assert.equal(await theme(page), "light", "respectPrefersColorScheme picks the system's light mode");
    const other = await context.newPage();
    await other.goto(`${open.origin}/build/tools`);
    await page.locator("[data-theme-toggle]").click();
    assert.equal(await theme(page), "dark");
    await other.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    // Applied before first paint on the next load: the attribute is set before any script runs.
    await page.reload({ waitUntil: "commit" });
    await page.waitForSelector("body");
    assert.equal(await theme(page), "dark");
    await context.close();
  });
});

describe("navigation chrome", () => {
  it("opens the drawer below 996 px with the sidebar, goes back to the main menu, closes on Escape and on widening", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 800 } });
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    const toggle = page.getByRole("button", { name: "Open navigation" });
    const box = await toggle.locator("svg").boundingBox();
    assert.deepEqual([box?.width, box?.height], [30, 30]);
    await toggle.click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    assert.ok(await drawer.getByRole("link", { name: "Zeta Page" }).isVisible());
    await drawer.getByRole("button", { name: "Back to main menu" }).click();
    assert.ok(await drawer.getByRole("link", { name: "Build" }).isVisible());
    await page.keyboard.press("Escape");
    // The dialog's close event, which gives the focus back, is a task after the key press.
    await page.locator('button[aria-label="Open navigation"][aria-expanded="false"]').waitFor();
    assert.ok(!(await drawer.isVisible()));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Open navigation");
    await toggle.click();
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.waitForFunction(() => !document.documentElement.classList.contains("drawer-open"));
    await page.close();
  });

  it("opens dropdowns on hover and Enter, closes them on outside click and Escape", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${open.origin}/`);
    const menu = page.locator(".dropdown-menu");
    await page.locator(".navbar-dropdown > summary").hover();
    assert.ok(await menu.isVisible());
    await page.mouse.click(5, 500);
    assert.ok(!(await menu.isVisible()));
    await page.locator(".navbar-dropdown > summary").focus();
    await page.keyboard.press("Enter");
    assert.ok(await menu.isVisible());
    await page.keyboard.press("Escape");
    assert.ok(!(await menu.isVisible()));
    await page.close();
  });

  it("hides the navbar when scrolling down and shows it when scrolling up", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 400 } });
    await page.goto(`${open.origin}/learn/Basics/beta`);
    const navbar = page.locator(".navbar");
    // Where the navbar is once it has stopped moving (it slides out and in).
    const settledBox = async () => {
      await navbar.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      return (await navbar.boundingBox())!;
    };
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.documentElement.classList.contains("navbar-hidden"));
    const hidden = await settledBox();
    assert.ok(hidden.y + hidden.height <= 0, `the navbar is above the window (bottom at ${hidden.y + hidden.height})`);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => !document.documentElement.classList.contains("navbar-hidden"));
    assert.equal((await settledBox()).y, 0, "the navbar is back at the top of the window");
    assert.ok(await page.locator(".navbar-link", { hasText: "Build" }).isVisible());
    await page.close();
  });

  it("collapses and expands sidebar categories", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${locked.origin}/learn/Basics/zeta`);
    const link = page.locator(".sidebar-link", { hasText: "Alpha (label)" });
    assert.ok(await link.isVisible());
    await page.locator(".sidebar-category > details > summary").click();
    await page.waitForFunction(() => !document.querySelector<HTMLDetailsElement>(".sidebar-category > details")!.open);
    await page.locator(".sidebar-category > details > summary").click();
    await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>(".sidebar-category > details")!.open);
    assert.ok(await link.isVisible());
    await page.close();
  });
});

describe("client-side navigation", () => {
  it("swaps pages without a reload, scrolls to hashes and restores scroll on back", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 300 } });
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.evaluate(() => window.scrollTo(0, 200));
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 100, `the page scrolls (${scrolled})`);
    // A DOM click, so the test driver does not scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLElement>('.navbar-link[href="/build/tools"]')!.click());
    await page.waitForURL(`${locked.origin}/build/tools`);
    assert.equal(await page.locator("h1").textContent(), "Tools");
    assert.equal(await page.title(), "Tools | Fixture Docs");
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42, "no full reload");
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // What points agents to the page's Markdown follows the page.
    assert.equal(
      await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute("href"),
      "https://docs.example.test/build/tools.md",
    );
    assert.match(
      (await page.locator("[data-agent-directive]").textContent()) ?? "",
      /Markdown is at https:\/\/docs\.example\.test\/build\/tools\.md\./,
    );
    assert.equal(await page.locator("[data-agent-directive]").count(), 1);
    await page.goBack();
    await page.waitForURL(`${locked.origin}/learn/Basics/alpha`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);
    await page.goto(`${locked.origin}/`);
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/learn/Basics/beta#beta-details";
      a.id = "jump";
      a.textContent = "jump";
      document.querySelector("article")!.append(a);
    });
    await page.click("#jump");
    await page.waitForURL(/beta#beta-details$/);
    await page.waitForFunction(
      () => Math.abs(document.getElementById("beta-details")!.getBoundingClientRect().top) < 120,
    );
    await page.close();
  });

  it("shows the progress bar only when loading takes over 200 ms", async () => {
    const page = await browser.newPage();
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    let sawBar = false;
    await page.exposeFunction("barSeen", () => (sawBar = true));
    await page.evaluate(() =>
      new MutationObserver(
        () => document.querySelector(".nav-progress") && (window as unknown as { barSeen: () => void }).barSeen(),
      ).observe(document.body, { childList: true }),
    );
    // The next page is held until the bar shows (a bounded wait: a bar that never shows fails below).
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await page.route("**/build/tools", async (route) => {
      await bar.waitFor({ timeout: 10_000 }).catch(() => {});
      await route.continue();
    });
    await page.locator(".navbar-link", { hasText: "Build" }).click();
    await page.waitForURL(`${locked.origin}/build/tools`);
    assert.ok(sawBar, "slow navigation shows the bar");
    sawBar = false;
    await page.locator(".navbar-link", { hasText: "Learn" }).click();
    await page.waitForURL(`${locked.origin}/`);
    assert.ok(!sawBar, "fast navigation does not");
    assert.equal(await page.locator(".nav-progress").count(), 0);
    await page.close();
  });

  it("falls back to a full load when the next page cannot be fetched", async () => {
    const page = await browser.newPage();
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    let failed = false;
    await page.route("**/build/tools", (route) => {
      if (failed || route.request().resourceType() === "document") return route.continue();
      failed = true;
      return route.abort("failed");
    });
    await page.locator(".navbar-link", { hasText: "Build" }).click();
    await page.waitForURL(`${locked.origin}/build/tools`);
    assert.equal(await page.locator("h1").textContent(), "Tools");
    await page.close();
  });

  it("shows an error box with Retry when offline", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    await context.setOffline(true);
    await page.locator(".navbar-link", { hasText: "Build" }).click();
    const box = page.getByRole("alert");
    await box.waitFor();
    assert.match((await box.textContent()) ?? "", /Could not load \/build\/tools/);
    await context.setOffline(false);
    await box.getByRole("button", { name: "Retry" }).click();
    await page.waitForURL(`${locked.origin}/build/tools`);
    await context.close();
  });

  it("prefetches a link on hover", async () => {
    const page = await browser.newPage();
    await page.goto(`${locked.origin}/learn/Basics/alpha`);
    const requests: string[] = [];
    page.on("request", (r) => r.url().endsWith("/build/tools") && requests.push(r.resourceType()));
    const prefetched = page.waitForResponse((r) => r.url().endsWith("/build/tools"));
    await page.locator(".navbar-link", { hasText: "Build" }).hover();
    assert.equal((await prefetched).status(), 200);
    // The click shows the page from what the hover fetched: no second request, no full load.
    await page.locator(".navbar-link", { hasText: "Build" }).click();
    await page.waitForURL(`${locked.origin}/build/tools`);
    assert.equal(await page.locator("h1").textContent(), "Tools");
    assert.deepEqual(requests, ["fetch"]);
    await page.close();
  });
});

describe("the JavaScript budget", () => {
  it("fetches at most 25 KB of gzipped JavaScript before any input", async () => {
    const page = await browser.newPage();
    const sizes: number[] = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script") {
        const sizesInfo = await res.request().sizes();
        sizes.push(sizesInfo.responseBodySize);
      }
    });
    await page.goto(`${locked.origin}/learn/Basics/beta`, { waitUntil: "networkidle" });
    const { gzipSync } = await import("node:zlib");
    const total = await page.evaluate(async () => {
      const urls = performance
        .getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === "script" || e.name.endsWith(".js"))
        .map((e) => e.name);
      const bodies = await Promise.all(urls.map((u) => fetch(u).then((r) => r.text())));
      return bodies;
    });
    const gzipped = total.reduce((n, body) => n + gzipSync(body).length, 0);
    assert.ok(gzipped <= 25 * 1024, `fetched ${gzipped} bytes of gzipped JS`);
    assert.ok(!total.some((b) => b.includes("react-dom")), "React is not fetched before input");
    await page.close();
  });
});
