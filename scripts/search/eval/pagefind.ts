/**
 * The comparison baseline: Pagefind (Astro Starlight's default search) indexing only <main> of the
 * same rendered pages, queried in Chromium with its own browser library. Pagefind is installed on
 * demand into node_modules/.cache (pinned), not into the lock: its other platforms' binaries are not
 * all on this registry, which would make `npm ci` refuse the lock.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../local/chromium";

const VERSION = "1.6.0";

interface PagefindModule {
  createIndex(options: { rootSelector?: string }): Promise<{
    index?: {
      addHTMLFile(file: { url: string; content: string }): Promise<{ errors: string[] }>;
      writeFiles(options: { outputPath: string }): Promise<{ errors: string[] }>;
    };
    errors: string[];
  }>;
  close(): Promise<void>;
}

/** Pagefind's Node module, installed into a cache folder on first use; null (with the reason) when it cannot be. */
async function loadPagefind(root: string): Promise<{ module: PagefindModule } | { skipped: string }> {
  const prefix = path.join(root, "node_modules/.cache/pagefind-eval");
  const entry = path.join(prefix, "node_modules/pagefind/lib/index.js");
  if (!existsSync(entry)) {
    await mkdir(prefix, { recursive: true });
    try {
      execFileSync(
        "npm",
        ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `pagefind@${VERSION}`],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
    } catch (e) {
      return {
        skipped: `pagefind@${VERSION} could not be installed: ${String((e as { stderr?: unknown }).stderr ?? e)}`,
      };
    }
  }
  return { module: (await import(pathToFileURL(entry).href)) as PagefindModule };
}

/** Ranked result URLs for each query, or the reason the comparison was skipped. */
export async function pagefindResults(
  root: string,
  pages: { route: string; html: string }[],
  queries: string[],
  hitsPerQuery: number,
): Promise<{ urls: string[][] } | { skipped: string }> {
  const loaded = await loadPagefind(root);
  if ("skipped" in loaded) return loaded;
  const pagefind = loaded.module;
  const out = await mkdtemp(path.join(tmpdir(), "search-eval-pagefind-"));
  const server = createServer((req, res) => {
    const file = path.join(out, path.normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)));
    if (!file.startsWith(out)) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => {
        const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".wasm") ? "application/wasm" : "";
        res.writeHead(200, type ? { "Content-Type": type } : {}).end(body);
      },
      () =>
        res
          .writeHead(file.endsWith("/index.html") ? 200 : 404, { "Content-Type": "text/html" })
          .end("<!doctype html><title>eval</title>"),
    );
  });
  try {
    const { index, errors } = await pagefind.createIndex({ rootSelector: "main" });
    if (!index) return { skipped: `pagefind: ${errors.join("; ")}` };
    for (const page of pages) await index.addHTMLFile({ url: page.route, content: page.html });
    await index.writeFiles({ outputPath: path.join(out, "pagefind") });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/index.html`);
      const urls = await page.evaluate(
        async ({ queries, hitsPerQuery }) => {
          type Result = { data(): Promise<{ url: string }> };
          const bundle = "/pagefind/pagefind.js";
          const pf = (await import(/* @vite-ignore */ bundle)) as {
            search(q: string): Promise<{ results: Result[] }>;
          };
          const all: string[][] = [];
          for (const q of queries) {
            const { results } = await pf.search(q);
            all.push(await Promise.all(results.slice(0, hitsPerQuery).map(async (r) => (await r.data()).url)));
          }
          return all;
        },
        { queries, hitsPerQuery },
      );
      return { urls };
    } finally {
      await browser.close();
    }
  } finally {
    server.close();
    await pagefind.close();
    await rm(out, { recursive: true, force: true });
  }
}
