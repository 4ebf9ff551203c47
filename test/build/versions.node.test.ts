/**
 * Docs versions in the build: each legacy version built from its own folder, what a version stores
 * not depending on the version, per-version files, links across versions, and a misdeclared version
 * failing the build with its name.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { tempSite, VERSIONED_ROOT, type TempSite } from "../helpers/temp-site";

let site: TempSite | undefined;
afterEach(async () => {
  await site?.remove();
  site = undefined;
});

/** The versioned fixture with `edit` applied to its site.yaml. */
async function withSiteYaml(edit: (yaml: string) => string): Promise<TempSite> {
  site = await tempSite(VERSIONED_ROOT);
  const yaml = await readFile(path.join(site.root, "content/site.yaml"), "utf8");
  const changed = edit(yaml);
  expect(changed).not.toBe(yaml);
  await site.write("site.yaml", changed);
  return site;
}

describe("a site with a legacy docs version", () => {
  let build: SiteBuild;
  beforeAll(async () => {
    build = await buildSite({ root: VERSIONED_ROOT, strict: true });
  });

  it("builds the legacy version from its own folder, with its own routes, sidebars and API reference", () => {
    expect(build.version.name).toBe("current");
    expect(build.versions.map((v) => v.version.name)).toEqual(["v1"]);
    const v1 = build.versions[0]!;
    expect(Object.keys(v1.manifest.routes).sort()).toEqual(
      [
        "/",
        "/api/node/fixture-node-api",
        "/api/node/general",
        "/api/node/healthy",
        "/build/guide",
        "/build/node",
        "/learn/changed",
        "/learn/old-only",
        "/learn/same",
      ].sort(),
    );
    expect(Object.keys(build.manifest.routes)).not.toContain("/learn/old-only");
    expect(v1.manifest.sidebars.apiSidebar?.length).toBeGreaterThan(0);
    expect(build.manifest.sidebars.apiSidebar).toEqual([]);
    expect(v1.manifest.routes["/learn/old-only"]?.counterparts).toEqual({ current: "/learn/only-current" });
    expect(v1.manifest.redirects).toEqual({});
    expect(build.manifest.redirects).toEqual({ "/old-guide": "/build/guide" });
  });

  it("stores a page that is the same in both versions as one value, and its twin and search records without a prefix", () => {
    const v1 = build.versions[0]!;
    expect(v1.manifest.blobs.pages["/learn/same"]).toBe(build.manifest.blobs.pages["/learn/same"]);
    expect(v1.manifest.blobs.files["/learn/same.md"]).toBe(build.manifest.blobs.files["/learn/same.md"]);
    expect(v1.manifest.blobs.pages["/learn/changed"]).not.toBe(build.manifest.blobs.pages["/learn/changed"]);
    const urls = v1.search.records.map((r) => r.url);
    expect(urls).toContain("https://docs.example.test/learn/same");
    expect(urls.some((u) => u.includes("/v1/"))).toBe(false);
    const sameRecords = (b: SiteBuild) => b.search.records.filter((r) => r.url_without_anchor.endsWith("/learn/same"));
    expect(sameRecords(v1)).toEqual(sameRecords(build));
  });

  it("gives the legacy version no sitemap or robots.txt, and llms files under its prefix", () => {
    const v1 = build.versions[0]!;
    const paths = v1.files.map((f) => f.path);
    expect(paths).not.toContain("/sitemap.xml");
    expect(paths).not.toContain("/robots.txt");
    const sitemap = build.files.find((f) => f.path === "/sitemap.xml")!.body;
    expect(sitemap).not.toContain("/v1/");
    const llms = v1.files.find((f) => f.path === "/llms.txt")!.body;
    expect(llms).toContain("https://docs.example.test/v1/learn/old-only.md");
    expect(llms).toContain('Docs version "Version 1": pages about the fixture network as it ran first');
    expect(llms).toContain("The current docs' index: https://docs.example.test/llms.txt");
    expect(llms).toContain("https://docs.example.test/mcp ");
    // A small site's llms-full.txt is the whole text in one file.
    const full = v1.files.find((f) => f.path === "/llms-full.txt")!.body;
    expect(full).toContain("https://docs.example.test/v1/learn/same");
    expect(full).not.toMatch(/https:\/\/docs\.example\.test\/learn\//);
    expect(build.files.find((f) => f.path === "/llms.txt")!.body).toContain(
      "## Other docs versions\n\n- [Version 1](https://docs.example.test/v1/llms.txt): the fixture network as it ran first",
    );
  });

  it("folds every version into the build id", async () => {
    site = await tempSite(VERSIONED_ROOT);
    const same = await buildSite({ root: site.root });
    expect(same.buildId).toBe(build.buildId);
    await site.write(
      "versions/v1/docs/build/node.mdx",
      "---\ndescription: x\n---\n# Run a node\n\n## Run it\n\nAgain.\n",
    );
    const edited = await buildSite({ root: site.root });
    expect(edited.buildId).not.toBe(build.buildId);
    expect(edited.manifest.blobs.pages).toEqual(build.manifest.blobs.pages);
  });
});

describe("links between versions", () => {
  it("checks a current page's link into a legacy version, anchor included", async () => {
    site = await tempSite(VERSIONED_ROOT);
    await site.write(
      "docs/build/guide.mdx",
      "---\ndescription: x\n---\n# Guide\n\n[a](/v1/build/node#run-it) [b](/v1/build/nope) [c](/v1/build/node#nope)\n",
    );
    const build = await buildSite({ root: site.root });
    expect(build.warnings).toEqual([
      "build/guide.mdx: broken link to /v1/build/nope",
      "build/guide.mdx: broken anchor #nope in link to /v1/build/node#nope",
    ]);
  });
});

describe("a misdeclared version fails the build, naming it", () => {
  it("a declared version without its folder (an unknown name)", async () => {
    const s = await withSiteYaml((y) => y.replace("name: v1,", "name: v0,"));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      'content/site.yaml: versions: "v0" is an unknown version: it has no pages folder content/versions/v0/docs',
    );
  });

  it("a version folder no version declares", async () => {
    site = await tempSite(VERSIONED_ROOT);
    await mkdir(path.join(site.root, "content/versions/v2/docs"), { recursive: true });
    await expect(buildSite({ root: site.root })).rejects.toThrow(
      'content/versions/v2: no legacy version named "v2" is declared in content/site.yaml versions',
    );
  });

  it("two versions with one prefix, or one name", async () => {
    site = await tempSite(VERSIONED_ROOT);
    await mkdir(path.join(site.root, "content/versions/v2/docs"), { recursive: true });
    const twice = (y: string) =>
      y.replace(/(- \{ name: v1.*\n)/, "$1  - { name: v2, label: Version 2, prefix: /v1/, status: legacy }\n");
    await site.write("site.yaml", twice(await readFile(path.join(site.root, "content/site.yaml"), "utf8")));
    await expect(buildSite({ root: site.root })).rejects.toThrow(
      'content/site.yaml: versions.2.prefix: "/v1/" is declared twice',
    );
    const named = (y: string) =>
      y.replace(/(- \{ name: v1.*\n)/, "$1  - { name: v1, label: Version 2, prefix: /v2/, status: legacy }\n");
    await site.write("site.yaml", named(await readFile(path.join(VERSIONED_ROOT, "content/site.yaml"), "utf8")));
    await expect(buildSite({ root: site.root })).rejects.toThrow(
      'content/site.yaml: versions.2.name: "v1" is declared twice',
    );
  });

  it.each([
    ["/learn/", "the page /learn/changed"],
    ["/build/", "the page /build/guide"],
    ["/search/", "the search page /search"],
    ["/old-guide/", "the redirect from /old-guide"],
    ["/mcp/", "the worker's path /mcp"],
  ])("a prefix (%s) that collides with %s", async (prefix, what) => {
    const s = await withSiteYaml((y) => y.replace("prefix: /v1/", `prefix: ${prefix}`));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      `content/site.yaml: versions: the prefix ${prefix} of version "v1" collides with ${what}`,
    );
  });

  it("a current version not named current, or a legacy one without a prefix", async () => {
    let s = await withSiteYaml((y) => y.replace("name: current,", "name: now,"));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      'content/site.yaml: versions.0: the current version is named "current" and served at prefix "/"',
    );
    await s.remove();
    s = await withSiteYaml((y) => y.replace("prefix: /v1/, ", ""));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      'content/site.yaml: versions.1.prefix: version "v1" needs a prefix of its own, e.g. "/v1/"',
    );
  });

  it("a page whose counterparts name an undeclared version, or a page that version lacks", async () => {
    site = await tempSite(VERSIONED_ROOT);
    const file = "versions/v1/docs/learn/old-only.mdx";
    const text = await readFile(path.join(site.root, "content", file), "utf8");
    await site.write(file, text.replace("counterparts: { current:", "counterparts: { nope:"));
    await expect(buildSite({ root: site.root })).rejects.toThrow(
      'version v1, page /learn/old-only: counterparts: "nope" is not another declared version (versions: current)',
    );
    await site.write(file, text.replace("/learn/only-current", "/learn/gone"));
    const lenient = await buildSite({ root: site.root });
    expect(lenient.warnings).toContain(
      'version v1, page /learn/old-only: counterparts: version "current" has no page /learn/gone',
    );
    await expect(buildSite({ root: site.root, strict: true })).rejects.toThrow(
      /version "current" has no page \/learn\/gone/,
    );
  });

  it("a legacy version's broken link fails the strict build, naming the version", async () => {
    site = await tempSite(VERSIONED_ROOT);
    await site.write(
      "versions/v1/docs/build/guide.mdx",
      "---\ndescription: x\n---\n# Guide\n\n[gone](/learn/only-current)\n",
    );
    await expect(buildSite({ root: site.root, strict: true })).rejects.toThrow(
      /version "v1" \(content\/versions\/v1\): strict build: 1 warning\(s\)\nbuild\/guide\.mdx: broken link to \/learn\/only-current/,
    );
    await rm(path.join(site.root, "content/versions/v1/docs/build/guide.mdx"));
  });
});
