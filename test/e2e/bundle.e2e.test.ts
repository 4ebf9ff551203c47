/**
 * Smoke test of the real worker bundle (dist/worker) on local workerd through Miniflare, with the
 * real content: every route of routes.txt (Learn, Build, Node API) answers 200, normalisation and 404
 * behave, assets load.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";
import { requiredRoutes as specRoutes } from "../helpers/spec-fixtures";

let site: RunningSite;
before(async () => {
  site = await serveSite(REPO_ROOT);
});
after(() => site?.stop());

const fetchPath = (p: string) => fetch(`${site.origin}${p}`, { redirect: "manual" });

async function requiredRoutes(): Promise<string[]> {
  return (await specRoutes()).filter((l) => l !== "/search");
}

describe("the production bundle on local workerd", () => {
  it("serves every Learn, Build and Node API route of routes.txt with 200 and its title", async () => {
    const routes = await requiredRoutes();
    assert.ok(routes.length >= 70, `expected the Learn, Build and API routes, got ${routes.length}`);
    const failures: string[] = [];
    for (const route of routes) {
      const res = await fetchPath(route);
      const html = await res.text();
      const title = site.build.pages.get(route)?.title;
      if (res.status !== 200 || !title || !html.includes(`<title>${title.replace(/&/g, "&amp;")}`))
        failures.push(`${route} → ${res.status}`);
    }
    assert.deepEqual(failures, []);
  });

  it("redirects index.html with a 301 and serves 404 for unknown paths", async () => {
    const res = await fetchPath("/general/Introduction/index.html");
    assert.equal(res.status, 301);
    assert.equal(res.headers.get("location"), "/general/Introduction/");
    const missing = await fetchPath("/general/not-a-page");
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Page Not Found/);
  });

  it("redirects the old /devs/firstmove link to the first contract page", async () => {
    const res = await fetchPath("/devs/firstmove");
    assert.equal(res.status, 301);
    assert.equal(res.headers.get("location"), "/devs/firstMoveContract");
  });

  it("serves the hashed boot script and stylesheet the pages link to", async () => {
    const html = await (await fetchPath("/")).text();
    const js = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    assert.ok(js && css);
    for (const asset of [js, css]) {
      const res = await fetchPath(asset);
      assert.equal(res.status, 200, asset);
      assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable", asset);
      await res.arrayBuffer();
    }
  });

  it("serves the API document for download and the files for machines", async () => {
    const yaml = await fetchPath("/api/node/openapi.yaml");
    assert.equal(yaml.status, 200);
    assert.match(await yaml.text(), /^openapi: 3\.1\.0/m);
    const json = await fetchPath("/api/node/openapi.json");
    assert.equal(json.headers.get("content-type"), "application/json; charset=utf-8");
    const doc = await json.json();
    assert.equal(doc.info.title, "Movement Labs Node API");
    // OpenAPI 3.1: nullable fields are type arrays in the download too.
    assert.deepEqual(doc.components.schemas.AptosError.properties.vm_error_code.type, ["integer", "null"]);
    const sitemap = await (await fetchPath("/sitemap.xml")).text();
    assert.match(sitemap, /<loc>https:\/\/docs\.movementnetwork\.xyz\/api\/node\/get-transactions<\/loc><lastmod>/);
    const twin = await (await fetchPath("/devs/faq.md")).text();
    assert.match(twin, /^> Markdown version of <https:\/\/docs\.movementnetwork\.xyz\/devs\/faq>\. .*\n\n# /);
  });

  it("uses React's production build (no development warnings in the bundle)", async () => {
    const bundle = await readFile(path.join(REPO_ROOT, "dist/worker/index.js"), "utf8");
    assert.ok(bundle.includes("react-dom-server.edge.production"));
    assert.ok(!bundle.includes("react-dom-server.edge.development"));
  });
});
