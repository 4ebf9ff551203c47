/**
 * Refactor guard: the HTML of every page of the real site and its search records must come out as
 * recorded in test/fixtures/golden/site.json. HTML is compared as a document (parsed and written
 * again), so character escaping that the browser reads alike does not count as a change. After an intended change to content or rendering,
 * record again with `GOLDEN_UPDATE=1 npx vitest run test/build/golden.node.test.ts`.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { flattenSidebar } from "../../common/sidebar";
import { DocPage } from "../../client/layout/DocPage";
import { Document } from "../../client/layout/Document";
import { buildSite, defaultCacheDir } from "../../scripts/build/build";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GOLDEN = path.join(ROOT, "test/fixtures/golden/site.json");
/** Full outputs for a readable diff when a digest differs (not committed). */
const DUMP = path.join(ROOT, "dist/golden");

type Golden = { html: Record<string, string>; records: Record<string, string> };

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

describe("the real site", () => {
  // The whole site with the API reference: minutes on a busy machine.
  it("renders every page and its search records exactly as recorded", { timeout: 600_000 }, async () => {
    const build = await buildSite({ root: ROOT, cacheDir: defaultCacheDir() });
    const manifest = build.manifest;
    const homes: Record<string, string> = {};
    for (const [id, items] of Object.entries(manifest.sidebars)) {
      const first = flattenSidebar(items)[0];
      if (first) homes[id] = first.href;
    }
    const now: Golden = { html: {}, records: {} };
    const dumps: [string, string][] = [];
    for (const [route, page] of [...build.pages].sort(([a], [b]) => a.localeCompare(b))) {
      // The build id and the asset URLs are not what this guards; fixed values keep them out.
      const html = renderToString(
        createElement(Document, {
          config: manifest.config,
          assets: { css: "/golden.css", boot: "/golden.js" },
          title: page.title,
          description: page.description,
          path: route,
          activeSidebar: page.sidebar,
          sidebarHomes: homes,
          buildId: "golden",
          children: createElement(DocPage, {
            page,
            config: manifest.config,
            sidebar: page.sidebar ? (manifest.sidebars[page.sidebar] ?? null) : null,
          }),
        }),
      );
      const records = JSON.stringify(
        build.search.records.filter((r) => r.url_without_anchor === `${manifest.config.url}${route}`),
        null,
        1,
      );
      now.html[route] = digest(toHtml(fromHtml(html)));
      now.records[route] = digest(records);
      const name = route === "/" ? "index" : route.replace(/^\//, "").replace(/\/$/, "/index");
      dumps.push([`${name}.html`, html], [`${name}.records.json`, records]);
    }
    for (const file of build.files.filter((f) => f.path.endsWith(".md") || f.path.startsWith("/llms-full")))
      dumps.push([`twins${file.path}`, file.body]);
    for (const [name, body] of dumps) {
      await mkdir(path.dirname(path.join(DUMP, name)), { recursive: true });
      await writeFile(path.join(DUMP, name), body);
    }
    if (process.env.GOLDEN_UPDATE) await writeFile(GOLDEN, `${JSON.stringify(now, null, 2)}\n`);
    const recorded = JSON.parse(await readFile(GOLDEN, "utf8")) as Golden;
    expect(now.html, "page HTML (full output in dist/golden/)").toEqual(recorded.html);
    expect(now.records, "search records (full output in dist/golden/)").toEqual(recorded.records);
  });
});
