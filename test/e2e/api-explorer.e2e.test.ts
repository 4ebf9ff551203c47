/**
 * The "Try it" explorer of the Node API pages in Chromium, on the real site and bundle, against a
 * small fake node this test serves on 127.0.0.1: loading on interaction only, the request it sends
 * (path, Accept, body), how it shows the response (JSON, BCS), its errors (missing parameter,
 * invalid JSON, CORS refusal, a node that never answers, Cancel), the remembered network, and the
 * fallback without JavaScript.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { holdRequests, launchChromium } from "../helpers/browser";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

interface Received {
  method: string;
  url: string;
  accept: string | undefined;
  contentType: string | undefined;
  body: string;
}

const ACCOUNT = {
  sequence_number: "7",
  authentication_key: "0x0000000000000000000000000000000000000000000000000000000000000001",
};
const BCS = Uint8Array.from([0x07, 0, 0, 0, 0, 0, 0, 0, 0x20, ...Array.from({ length: 32 }, (_, i) => i)]);

/**
 * A fake node: /v1/… answers like a node that allows browsers (CORS headers, preflight), /nocors/v1/…
 * answers the same without them. Every request except preflights is recorded.
 */
function fakeNode(received: Received[]): Server {
  return createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "/";
      // A node that takes the request and never answers.
      if (url.startsWith("/hang/")) return;
      const cors = url.startsWith("/v1/");
      if (cors) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Access-Control-Expose-Headers", "X-Aptos-Chain-Id, X-Aptos-Ledger-Version");
      }
      if (req.method === "OPTIONS") {
        if (cors) {
          res.setHeader("Access-Control-Allow-Methods", "GET, POST");
          res.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept");
        }
        res.writeHead(204).end();
        return;
      }
      received.push({
        method: req.method!,
        url,
        accept: req.headers.accept,
        contentType: req.headers["content-type"],
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.setHeader("X-Aptos-Chain-Id", "250");
      res.setHeader("X-Aptos-Ledger-Version", "123456");
      const route = url.replace(/^\/nocors/, "").split("?")[0];
      if (req.method === "GET" && route === "/v1/accounts/0x1") {
        if (req.headers.accept === "application/x-bcs")
          res.writeHead(200, { "Content-Type": "application/x-bcs" }).end(BCS);
        else res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(ACCOUNT));
      } else if (req.method === "POST" && route === "/v1/view") {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(["1000"]));
      } else {
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ message: "not found", error_code: "web_framework_error" }));
      }
    });
  });
}

let site: RunningSite;
let browser: Browser;
let node: Server;
let nodeOrigin: string;
const received: Received[] = [];

before(async () => {
  node = fakeNode(received);
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  nodeOrigin = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  [site, browser] = await Promise.all([serveSite(REPO_ROOT), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  node?.closeAllConnections();
  await new Promise((resolve) => node?.close(resolve));
});

/** A page that collects CSP violations and the paths it fetched. */
async function openPage(route: string): Promise<{ page: Page; violations: string[]; fetched: string[] }> {
  const page = await browser.newPage();
  const violations: string[] = [];
  const fetched: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${site.origin}${route}`, { waitUntil: "networkidle" });
  return { page, violations, fetched };
}

/** Opens the explorer (the click loads the island and is replayed on it) and points it at the fake node. */
async function openExplorer(page: Page, base = `${nodeOrigin}/v1`): Promise<void> {
  await page.getByRole("button", { name: "Open the explorer" }).click();
  await page.getByLabel("Network").waitFor();
  await page.getByLabel("Network").selectOption({ label: "Custom URL" });
  await page.getByLabel("Node URL").fill(base);
}

const statusText = (page: Page) => page.locator(".api-x-status").textContent();
const since = (n: number) => received.slice(n);

describe("the API explorer", () => {
  it("loads on interaction only: before it, the boot script is the only script on an API page", async (t) => {
    const { page, fetched, violations } = await openPage("/api/node/get-account");
    const scripts = fetched.filter((p) => p.endsWith(".js"));
    assert.equal(scripts.length, 1, scripts.join(", "));
    assert.match(scripts[0]!, /\/boot-[^/]+\.js$/);
    assert.equal(await page.locator("[data-island=ApiExplorer]").getAttribute("data-island-state"), null);
    const before = fetched.length;
    await page.locator(".api-try").hover();
    await page.waitForFunction(
      () => document.querySelector("[data-island=ApiExplorer]")?.getAttribute("data-island-state") === "ready",
    );
    assert.ok(fetched.slice(before).some((p) => /ApiExplorer\.island-.*\.js$/.test(p)));
    assert.equal(await page.locator("form.api-x").count(), 0, "hovering loads the explorer but does not open it");

    const manifest = JSON.parse(
      await readFile(path.join(REPO_ROOT, "dist/client/.vite/asset-manifest.json"), "utf8"),
    ) as Record<string, { file: string; css?: string[] }>;
    const entry = manifest["client/islands/api-explorer/ApiExplorer.island.tsx"]!;
    const gz = async (file: string) => gzipSync(await readFile(path.join(REPO_ROOT, "dist/client", file))).length;
    t.diagnostic(
      `explorer chunk ${entry.file}: ${((await gz(entry.file)) / 1024).toFixed(1)} KB gzip, its CSS ${((await gz(entry.css![0]!)) / 1024).toFixed(1)} KB gzip`,
    );
    assert.deepEqual(violations, []);
    await page.close();
  });

  it("sends GET /v1/accounts/0x1 to a custom node and shows the status, time, headers and pretty JSON", async () => {
    const { page, violations } = await openPage("/api/node/get-account");
    await openExplorer(page);
    await page.getByLabel("address").fill("0x1");
    assert.equal(
      await page.locator(".api-try-url").textContent(),
      `GET ${nodeOrigin}/v1/accounts/0x1`,
      "the request line follows the form",
    );
    const n = received.length;
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-x-pre").waitFor();
    assert.deepEqual(
      since(n).map((r) => [r.method, r.url, r.accept]),
      [["GET", "/v1/accounts/0x1", "application/json"]],
    );
    assert.match((await statusText(page)) ?? "", /^200 OK\d+ ms\d+ B$/);
    assert.equal(await page.locator(".api-x-pre").textContent(), JSON.stringify(ACCOUNT, null, 2));
    await page.locator(".api-x-headers summary").click();
    assert.equal(
      await page.locator(".api-x-headers tr", { hasText: "x-aptos-chain-id" }).locator("td").textContent(),
      "250",
    );

    // BCS: the Accept header changes and the body shows as its length and a hex dump.
    await page.getByLabel("Accept").selectOption({ label: "BCS" });
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-x-result", { hasText: `${BCS.length} bytes of BCS` }).waitFor();
    assert.equal(since(n)[1]?.accept, "application/x-bcs");
    assert.match(
      (await page.locator(".api-x-pre").textContent()) ?? "",
      /^00000000 {2}07 00 00 00 00 00 00 00 20 00 01 02 03 04 05 06 {2}\.{8} \.{7}$/m,
    );

    // The network choice is remembered.
    await page.reload();
    await page.getByRole("button", { name: "Open the explorer" }).click();
    assert.equal(await page.getByLabel("Node URL").inputValue(), `${nodeOrigin}/v1`);
    assert.deepEqual(violations, []);
    await page.close();
  });

  it("opens on a click made before the page's script has run", async () => {
    const page = await browser.newPage();
    const release = await holdRequests(page, /\/boot-[\w-]+\.js$/);
    await page.goto(`${site.origin}/api/node/get-account`, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Open the explorer" }).click();
    release();
    await page.getByLabel("Network").waitFor();
    assert.equal(await page.getByRole("button", { name: "Close the explorer" }).count(), 1);
    await page.close();
  });

  it("opens on a click pressed while its code loads and released once it has loaded", async () => {
    const { page } = await openPage("/api/node/get-account");
    const chunk = /ApiExplorer\.island-[\w-]+\.js$/;
    const release = await holdRequests(page, chunk);
    const button = page.getByRole("button", { name: "Open the explorer" });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    // Pointing at the button starts loading the explorer; the press comes before its code.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const loaded = page.waitForResponse(chunk);
    release();
    await loaded;
    // Every module the explorer's loading asked for, evaluated: the explorer would have replaced
    // the button by now, had it not waited for the release.
    await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))).then(() => {}), scripts);
    assert.equal(await button.count(), 1, "the button stays under the pressed pointer");
    await page.mouse.up();
    await page.getByLabel("Network").waitFor({ timeout: 5_000 });
    assert.equal(await page.getByRole("button", { name: "Close the explorer" }).count(), 1);
    await page.close();
  });

  it("names a missing required parameter and sends nothing", async () => {
    const { page } = await openPage("/api/node/get-account");
    await openExplorer(page);
    const n = received.length;
    await page.getByRole("button", { name: "Send" }).click();
    assert.match((await page.getByRole("alert").textContent()) ?? "", /Fill in the required parameter address\./);
    assert.equal(await page.getByLabel("address").getAttribute("aria-invalid"), "true");
    assert.equal(since(n).length, 0);
    await page.close();
  });

  it("explains a CORS refusal and points to the curl sample", async () => {
    const { page, violations } = await openPage("/api/node/get-account");
    await openExplorer(page, `${nodeOrigin}/nocors/v1`);
    await page.getByLabel("address").fill("0x1");
    const n = received.length;
    await page.getByRole("button", { name: "Send" }).click();
    const alert = page.locator(".api-x-result [role=alert]");
    await alert.waitFor();
    const text = (await alert.textContent()) ?? "";
    assert.match(text, /does not allow browser requests from this origin \(CORS\)/);
    assert.match(text, /curl sample/);
    // The node did receive the request (and the probe that told the refusal from an outage).
    assert.equal(since(n)[0]?.url, "/nocors/v1/accounts/0x1");
    assert.equal(await page.locator(".api-x-pre").count(), 0);
    assert.deepEqual(violations, []);
    await page.close();
  });

  it("says when the node cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { page } = await openPage("/api/node/get-account");
    await openExplorer(page, `http://127.0.0.1:${port}/v1`);
    await page.getByLabel("address").fill("0x1");
    await page.getByRole("button", { name: "Send" }).click();
    const alert = page.locator(".api-x-result [role=alert]");
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? "", new RegExp(`^No response from http://127\\.0\\.0\\.1:${port}`));
    await page.close();
  });

  it("stops a request the node never answers after the site's timeout, and says so", async () => {
    const { page } = await openPage("/api/node/get-account");
    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.apiTimeout),
      "15000",
      "apiExplorer.timeoutMs defaults to 15 s",
    );
    // What `apiExplorer: { timeoutMs: 400 }` in content/site.yaml writes on the page.
    await page.evaluate(() => (document.documentElement.dataset.apiTimeout = "400"));
    await openExplorer(page, `${nodeOrigin}/hang/v1`);
    await page.getByLabel("address").fill("0x1");
    // The page's timers on a clock the test moves (installed, then paused: an installed clock
    // otherwise keeps running with real time): "Sending…" stays until the timeout is due.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Send" }).click();
    assert.equal(await statusText(page), "Sending…");
    await page.clock.runFor(399);
    assert.equal(await statusText(page), "Sending…");
    await page.clock.runFor(1);
    const alert = page.locator(".api-x-result [role=alert]");
    await alert.waitFor();
    assert.ok(
      ((await alert.textContent()) ?? "").startsWith(
        `No answer from ${nodeOrigin} within 400 ms, so the request was stopped.`,
      ),
    );
    assert.ok(await page.getByRole("button", { name: "Send" }).isEnabled(), "a new request can be sent");
    await page.close();
  });

  it("offers Cancel while a request runs, and cancelling says so", async () => {
    const { page } = await openPage("/api/node/get-account");
    await openExplorer(page, `${nodeOrigin}/hang/v1`);
    await page.getByLabel("address").fill("0x1");
    assert.equal(await page.getByRole("button", { name: "Cancel" }).count(), 0);
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.locator(".api-x-status", { hasText: "Cancelled." }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Cancel" }).count(), 0);
    assert.ok(await page.getByRole("button", { name: "Send" }).isEnabled());
    await page.close();
  });

  it("POSTs the edited example body to /v1/view, after refusing invalid JSON", async () => {
    const { page, violations } = await openPage("/api/node/view");
    await openExplorer(page);
    const editor = page.getByRole("textbox", { name: /^Request body/ });
    const example = JSON.parse(await editor.inputValue()) as { function: string; arguments: string[] };
    assert.equal(example.function, "0x1::coin::balance", "prefilled with the generated example");

    const n = received.length;
    await editor.fill('{ "function": "0x1::coin::balance", }');
    await page.getByRole("button", { name: "Send" }).click();
    assert.match((await page.getByRole("alert").textContent()) ?? "", /The request body is not valid JSON/);
    assert.equal(since(n).length, 0);

    const edited = { ...example, arguments: ["0x2"] };
    await editor.fill(JSON.stringify(edited, null, 2));
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-x-pre").waitFor();
    const [sent] = since(n);
    assert.equal(sent?.method, "POST");
    assert.equal(sent?.url, "/v1/view");
    assert.equal(sent?.contentType, "application/json");
    assert.equal(sent?.accept, "application/json");
    assert.deepEqual(JSON.parse(sent!.body), edited);
    assert.match((await statusText(page)) ?? "", /^200 OK/);
    assert.equal(await page.locator(".api-x-pre").textContent(), '[\n  "1000"\n]');
    assert.deepEqual(violations, []);
    await page.close();
  });

  it("prefills a long example from the page's example block", async () => {
    const { page } = await openPage("/api/node/submit-transaction");
    await page.getByRole("button", { name: "Open the explorer" }).click();
    const body = JSON.parse(await page.getByRole("textbox", { name: /^Request body/ }).inputValue()) as {
      sender?: string;
    };
    assert.match(body.sender ?? "", /^0x[0-9a-f]+$/);
    await page.close();
  });

  it("has no serious or critical axe violations, open with a response and with an error", async () => {
    const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    // axe is injected as an inline script, which the site's CSP (rightly) refuses.
    const page = await browser.newPage({ bypassCSP: true });
    await page.goto(`${site.origin}/api/node/view`);
    await openExplorer(page);
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-x-pre").waitFor();
    await page.getByRole("textbox", { name: /^Request body/ }).fill("{");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("alert").waitFor();
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: object,
              opts: object,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      return (await axe.run({ include: [".api-try"] }, { resultTypes: ["violations"] })).violations;
    });
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    assert.deepEqual(serious, []);
    await page.close();
  });

  it("reads as a request line and a note without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/api/node/get-account`);
    assert.equal(
      await page.locator(".api-try-url").textContent(),
      "GET https://mainnet.movementnetwork.xyz/v1/accounts/{address}",
    );
    assert.ok(await page.getByText("the curl sample above sends the same request").isVisible());
    assert.ok(!(await page.getByRole("button", { name: "Open the explorer" }).isVisible()));
    await context.close();
  });
});
