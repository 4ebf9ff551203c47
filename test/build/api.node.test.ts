/** The node API reference inside the site build: strict mode, the shared-route notice, links into API pages, downloads. */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildSite, defaultCacheDir } from "../../scripts/build/build";
import { REPO_ROOT } from "../helpers/spec-fixtures";
import { tempSite, type TempSite } from "../helpers/temp-site";

let site: TempSite | undefined;
afterEach(async () => {
  await site?.remove();
  site = undefined;
});

/**
 * The builds that pass use the persistent build cache as npm run build does: the API reference and
 * the pages come from it after the first build, and the notices, warnings and link checks are the
 * build's own every time. The invalid document is built without it, so nothing cached can hide the error.
 */
async function siteWithApi(): Promise<TempSite> {
  const s = await tempSite();
  await mkdir(path.join(s.root, "openapi"));
  await copyFile(path.join(REPO_ROOT, "openapi/node.yaml"), path.join(s.root, "openapi/node.yaml"));
  return s;
}

describe("the site build with the node API", () => {
  it("passes strict mode, prints the /api/node/view notice, and ships the API pages, sidebar and downloads", async () => {
    site = await siteWithApi();
    const printed: string[] = [];
    const build = await buildSite({
      root: site.root,
      strict: true,
      warn: (m) => printed.push(m),
      cacheDir: defaultCacheDir(),
    });
    expect(build.warnings).toEqual([]);
    expect(build.notices).toHaveLength(1);
    expect(printed).toEqual(build.notices);
    expect(printed[0]).toMatch(/^\/api\/node\/view is wanted by the View tag page and by the operation "view"/);

    const record = build.pages.get("/api/node/get-transactions")!;
    expect(record.sidebar).toBe("apiSidebar");
    expect(record.breadcrumbs.map((b) => b.label)).toEqual(["Transactions", "Get transactions"]);
    expect(record.toc.map((t) => t.id)).toEqual(
      expect.arrayContaining(["request", "code-samples", "responses", "response-200", "schemas"]),
    );
    expect(build.manifest.sidebars.apiSidebar?.[0]).toEqual({
      type: "link",
      label: "Introduction",
      href: "/api/node/movement-labs-node-api",
    });
    expect(build.manifest.routes["/api/node/view"]?.title).toBe("Execute view function of a module");
    // A response header is found by its name on its own row (header tables repeat on every
    // operation page and are indexed once, on the first page that draws them).
    const header = build.search.records.filter((r) => r.url.endsWith("#headers-success.X-APTOS-LEDGER-VERSION"));
    expect(header).toHaveLength(1);
    expect(header[0]).toMatchObject({ keywords: ["X-APTOS-LEDGER-VERSION"] });
    expect(build.files.map((f) => f.path).filter((p) => p.startsWith("/api/node/openapi"))).toEqual([
      "/api/node/openapi.yaml",
      "/api/node/openapi.json",
    ]);
  });

  it("checks links from pages into API anchors, including anchors inside pre-rendered schema blocks", async () => {
    site = await siteWithApi();
    await site.write(
      "docs/build/api-links.mdx",
      "---\ndescription: x\n---\n# Links\n\n[sender](/api/node/transaction-type#schema-Transaction.user_transaction.sender) [yaml](/api/node/openapi.yaml) [bad](/api/node/get-transactions#schema-Nope) [moved](/api/node/get-transactions#schema-Transaction.user_transaction.sender)\n",
    );
    const build = await buildSite({ root: site.root, cacheDir: defaultCacheDir() });
    expect(build.warnings).toEqual([
      "build/api-links.mdx: broken anchor #schema-Nope in link to /api/node/get-transactions#schema-Nope",
      // Transaction is drawn on its own page only; operation pages link there.
      "build/api-links.mdx: broken anchor #schema-Transaction.user_transaction.sender in link to /api/node/get-transactions#schema-Transaction.user_transaction.sender",
    ]);
  });

  it("fails on an invalid API document, naming the file and line", async () => {
    site = await siteWithApi();
    const file = path.join(site.root, "openapi/node.yaml");
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace("operationId: get_transactions", "operationId: get_account"));
    const line =
      (await readFile(file, "utf8"))
        .split("\n")
        .findIndex((l, i, all) => l.includes("operationId: get_account") && i > all.indexOf("  /transactions:")) + 1;
    await expect(buildSite({ root: site.root })).rejects.toThrow(
      new RegExp(`openapi/node\\.yaml:${line}:\\d+ .*operationId \`get_account\` is duplicated`),
    );
  });
});
