/**
 * Sub-path hosting: the real content built once with `baseUrl: /docs/` and served by the real
 * worker. Every page, link, asset and script works under /docs/ (crawled in Chromium with
 * JavaScript on); "/" leads to /docs/ and paths outside it get the 404 page; the sitemap, a Markdown
 * twin and search (modal and endpoint) are under /docs/; without JavaScript pages read and links
 * work. The "Your site did not load properly." banner shows when a proxy serves the HTML under a
 * prefix that does not match (its styles and scripts then fail), with or without JavaScript, and
 * never on a healthy page.
 */
import assert from "node:assert/strict";
import { createServer, request as httpRequest, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { repoSiteWith } from "../helpers/repo-site";
import type { TempSite } from "../helpers/temp-site";

const BASE = "/docs/";
const BANNER = "Your site did not load properly.";

let content: TempSite;
let site: RunningSite;
let browser: Browser;
let proxy: Server;
let proxyOrigin: string;

/** A proxy on 127.0.0.1 that serves the site's /docs/* at /wrong/* and nothing else (404). */
function startProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (!req.url?.startsWith("/wrong/")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not here");
      return;
    }
    const upstream = httpRequest(
      new URL(`${BASE}${req.url.slice("/wrong/".length)}`, target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

before(async () => {
  // The repository's site with `baseUrl: /docs/` in site.yaml.
  content = await repoSiteWith((yaml) => yaml.replace(/^baseUrl: \/$/m, `baseUrl: ${BASE}`));
  [site, browser] = await Promise.all([serveSite(content.root), launchChromium()]);
  proxy = await startProxy(site.origin);
  const address = proxy.address();
  assert.ok(address && typeof address === "object");
  proxyOrigin = `http://127.0.0.1:${address.port}`;
});
after(async () => {
  proxy?.close();
  await browser?.close();
  await site?.stop();
  await content?.remove();
});

const get = (p: string) => fetch(`${site.origin}${p}`, { redirect: "manual" });

/**
 * Every URL the page names in href, src and action, as written in the markup; a form that posts
 * is marked "POST " (its address must be under the base URL, but a GET of it is not a page).
 */
function urlsOf(page: Page): Promise<string[]> {
  return page.$$eval("[href], [src], [action]", (els) =>
    els.flatMap((el) =>
      ["href", "src", "action"]
        .map((a) => {
          const v = el.getAttribute(a);
          const posts = a === "action" && el.getAttribute("method")?.toLowerCase() === "post";
          return v !== null && posts ? `POST ${v}` : v;
        })
        .filter((v): v is string => v !== null),
    ),
  );
}

const bannerVisible = (page: Page) => page.getByText(BANNER).isVisible();

describe("a site built with baseUrl /docs/", () => {
  // The timeout guards against a hang: the crawl of every page takes seconds alone and several
  // times that beside the rest of the suite on two cores.
  it("has every page, link, asset and script working under /docs/, JavaScript on", { timeout: 600_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const broken: string[] = [];
    const errors: string[] = [];
    // From /docs/ and every page of the sitemap (the API reference is not linked from the navbar).
    const sitemap = await (await get(`${BASE}sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const outside: string[] = [];
    const pages = new Set<string>([BASE, ...listed]);
    const files = new Set<string>();
    const queue = [...pages];

    /** One tab taking pages from the queue until it is empty. */
    const tab = async () => {
      const page = await context.newPage();
      page.on("response", (res) => {
        if (res.status() >= 400) broken.push(`${res.status()} ${res.url()} (on ${page.url()})`);
      });
      page.on("requestfailed", (req) => {
        // A prefetch cut short by the next navigation is aborted, not broken.
        if (new URL(req.url()).origin === site.origin && req.failure()?.errorText !== "net::ERR_ABORTED")
          broken.push(`failed ${req.url()} (on ${page.url()})`);
      });
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      while (queue.length) {
        const at = queue.shift()!;
        await page.goto(`${site.origin}${at}`, { waitUntil: "load" });
        assert.equal(await bannerVisible(page), false, `no banner on ${at}`);
        for (const named of await urlsOf(page)) {
          const posted = named.startsWith("POST ");
          const raw = posted ? named.slice("POST ".length) : named;
          if (posted) {
            if (!raw.startsWith(BASE)) outside.push(`${raw} (a form on ${at})`);
            continue;
          }
          if (raw.startsWith("#") || /^[a-z]+:/i.test(raw) || raw.startsWith("//")) continue;
          const url = new URL(raw, page.url());
          if (url.origin !== site.origin) continue;
          if (!raw.startsWith(BASE)) outside.push(`${raw} (on ${at})`);
          const p = url.pathname;
          if (/\.[a-z0-9]+$/i.test(p)) files.add(p);
          else if (!pages.has(p)) {
            pages.add(p);
            queue.push(p);
          }
        }
      }
    };
    await Promise.all([tab(), tab(), tab()]);
    await context.close();
    assert.deepEqual(outside, [], "every internal URL starts with /docs/");
    // Files (assets, images, Markdown twins, the API document) answer 200.
    for (const f of files) {
      const res = await get(f);
      if (res.status !== 200) broken.push(`${res.status} ${f}`);
    }
    assert.deepEqual(broken, []);
    assert.deepEqual(errors, []);
    assert.ok(pages.size > 60, `crawled ${pages.size} pages`);
    assert.ok(files.has("/docs/api/node/openapi.yaml"), "the API document's download link");
  });

  it('answers "/" with 301 to /docs/, and a path outside it with the 404 page', { timeout: 60_000 }, async () => {
    for (const p of ["/", "/docs"]) {
      const res = await get(p);
      assert.equal(res.status, 301, p);
      assert.equal(res.headers.get("Location"), BASE);
    }
    const res = await get("/devs/getstarted");
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /<title>Page Not Found/);
    assert.match(html, /href="\/docs\//);
    assert.equal((await get("/docs/devs/getstarted")).status, 200);
    assert.equal((await get("/1/indexes/movementnetwork")).status, 404);
  });

  it("adds /docs/ to redirects: the configured ones and clean-URL 301s", { timeout: 60_000 }, async () => {
    const configured = await get("/docs/devs/firstmove");
    assert.equal(configured.status, 301);
    assert.equal(configured.headers.get("Location"), "/docs/devs/firstMoveContract");
    const clean = await get("/docs/devs/getstarted.html");
    assert.equal(clean.status, 301);
    assert.equal(clean.headers.get("Location"), "/docs/devs/getstarted");
  });

  it(
    "lists sitemap entries, robots.txt and llms.txt under /docs/, and serves a Markdown twin there",
    { timeout: 60_000 },
    async () => {
      const sitemap = await (await get("/docs/sitemap.xml")).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      assert.ok(locs.length > 30);
      for (const loc of locs) assert.ok(loc.startsWith("https://docs.movementnetwork.xyz/docs/"), loc);
      assert.match(
        await (await get("/docs/robots.txt")).text(),
        /^Sitemap: https:\/\/docs\.movementnetwork\.xyz\/docs\/sitemap\.xml$/m,
      );
      assert.match(
        await (await get("/docs/llms.txt")).text(),
        /\(https:\/\/docs\.movementnetwork\.xyz\/docs\/devs\/[^)]+\.md\)/,
      );
      const twin = await get("/docs/devs/getstarted.md");
      assert.equal(twin.status, 200);
      assert.match(twin.headers.get("Content-Type") ?? "", /^text\/markdown/);
      // The twin names its page and llms.txt under /docs/, and every link in it is absolute under /docs/.
      const md = await twin.text();
      assert.match(
        md,
        /^> Markdown version of <https:\/\/docs\.movementnetwork\.xyz\/docs\/devs\/getstarted>\. Index of every page: <https:\/\/docs\.movementnetwork\.xyz\/docs\/llms\.txt>\n/,
      );
      const links = [...md.matchAll(/\]\((\/[^)]*|https:\/\/docs\.movementnetwork\.xyz[^)]*)\)/g)].map((m) => m[1]!);
      assert.ok(links.length > 3);
      for (const link of links) assert.ok(link.startsWith("https://docs.movementnetwork.xyz/docs/"), link);
      // Another spelling of a twin leads to the canonical one under /docs/.
      const spelled = await get("/docs/devs/getstarted/index.md");
      assert.equal(spelled.status, 301);
      assert.equal(spelled.headers.get("Location"), "/docs/devs/getstarted.md");
      // The page names its Markdown version under /docs/, in its head and in a Link header.
      const page = await get("/docs/devs/getstarted");
      const alternate = "https://docs.movementnetwork.xyz/docs/devs/getstarted.md";
      assert.equal(page.headers.get("Link"), `<${alternate}>; rel="alternate"; type="text/markdown"`);
      const html = await page.text();
      assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="${alternate}"/>`));
      assert.ok(
        html.includes(
          `this page as Markdown is at ${alternate}. The index of every page is at https://docs.movementnetwork.xyz/docs/llms.txt.`,
        ),
      );
    },
  );

  it(
    "copies the page's Markdown from under /docs/, and hands assistants the public /docs/ twin",
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({
        viewport: { width: 1000, height: 800 },
        permissions: ["clipboard-read", "clipboard-write"],
      });
      const page = await context.newPage();
      await page.goto(`${site.origin}/docs/devs/getstarted`);
      await page.getByRole("button", { name: "Copy page" }).click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      const twin = await (await get("/docs/devs/getstarted.md")).text();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), twin);
      const claude = await page.getByRole("link", { name: /Open in Claude/ }).getAttribute("href");
      assert.match(decodeURIComponent(claude ?? ""), /\/docs\/devs\/getstarted\.md /);
      await context.close();
    },
  );

  it(
    "searches from the modal at 1000 px: '/', a word, and a result under /docs/ opens",
    { timeout: 60_000 },
    async () => {
      const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
      const queries: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/1/indexes/")) queries.push(new URL(r.url()).pathname);
      });
      await page.goto(`${site.origin}/docs/devs/getstarted`);
      await page.keyboard.press("/");
      await page.locator(".DocSearch-Input").waitFor();
      // The modal searches at each keystroke: wait for the answer to the whole word, then click a hit
      // by its address (the list re-renders as answers arrive, so "the first hit" can change under the mouse).
      const answered = page.waitForResponse(
        (r) => r.url().includes("/1/indexes/") && (r.request().postData() ?? "").includes('"faucet"'),
      );
      await page.keyboard.type("faucet");
      await answered;
      const first = page.locator(".DocSearch-Hit a").first();
      await first.waitFor();
      const href = await first.getAttribute("href");
      assert.ok(href?.startsWith(BASE), `result ${href}`);
      await page.locator(`.DocSearch-Hit a[href="${href}"]`).first().click();
      await page.waitForURL((u) => u.pathname === new URL(href!, site.origin).pathname);
      assert.ok(queries.length > 0 && queries.every((q) => q.startsWith("/docs/1/indexes/")), queries.join());
      assert.equal(await bannerVisible(page), false);
      await page.close();
    },
  );

  it(
    "reads and navigates without JavaScript, and the /search page finds pages under /docs/",
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/docs/devs/getstarted`);
      assert.ok(await page.locator("main h1").first().isVisible());
      assert.equal(await bannerVisible(page), false);
      const link = page.locator(".sidebar-link[href^='/docs/']").nth(1);
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await page.waitForURL(`${site.origin}${href}`);
      assert.ok(await page.locator("main h1").first().isVisible());
      await page.goto(`${site.origin}/docs/search?q=faucet`);
      const result = page.locator("a.search-result-title").first();
      assert.match((await result.getAttribute("href")) ?? "", /^\/docs\//);
      await context.close();
    },
  );

  it(
    "shows the banner when a proxy serves the HTML under a prefix that does not match, with or without JavaScript",
    { timeout: 60_000 },
    async () => {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const res = await page.goto(`${proxyOrigin}/wrong/devs/getstarted`);
        assert.equal(res?.status(), 200);
        assert.ok(await bannerVisible(page), `banner visible (JavaScript ${javaScriptEnabled ? "on" : "off"})`);
        await context.close();
      }
    },
  );
});
