/** content/site.yaml: strict keys with a suggestion, and the sections declared once and used everywhere. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildSite } from "../../scripts/build/build";
import { tempSite, type TempSite } from "../helpers/temp-site";

let site: TempSite | undefined;
afterEach(async () => {
  await site?.remove();
  site = undefined;
});

/** The fixture's site.yaml with `edit` applied. */
async function siteWith(edit: (yaml: string) => string): Promise<TempSite> {
  site = await tempSite();
  const yaml = await readFile(path.join(site.root, "content/site.yaml"), "utf8");
  const changed = edit(yaml);
  expect(changed).not.toBe(yaml);
  await site.write("site.yaml", changed);
  return site;
}

describe("content/site.yaml", () => {
  it("fails the build on a misspelt top-level key, naming it and the key it resembles", async () => {
    const s = await siteWith((y) => `${y}anouncementBar: null\n`);
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      'content/site.yaml: anouncementBar: unknown key (did you mean "announcementBar"?)',
    );
  });

  it("fails the build on a misspelt nested key, with its full path", async () => {
    const s = await siteWith((y) => y.replace("  title: Fixture\n", "  title: Fixture\n  hideOnScrol: true\n"));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      'content/site.yaml: navbar.hideOnScrol: unknown key (did you mean "hideOnScroll"?)',
    );
  });

  it("names a navbar item that points at no declared section", async () => {
    const s = await siteWith((y) => y.replace("sidebarId: developersSidebar", "sidebarId: buildSidebar"));
    await expect(buildSite({ root: s.root })).rejects.toThrow(
      /content\/site\.yaml: navbar\.items\.\d\.sidebarId: "buildSidebar" is not a section id/,
    );
  });

  it("gives each section its label in the sidebar, search results and llms.txt", async () => {
    const s = await siteWith((y) => y.replace("label: Learn, folder: learn", "label: Tutorials, folder: learn"));
    const build = await buildSite({ root: s.root });
    const alpha = build.search.records.find((r) => r.url.endsWith("/learn/Basics/alpha"));
    expect(alpha?.hierarchy.lvl0).toBe("Tutorials");
    expect(build.pages.get("/learn/Basics/alpha")?.sidebar).toBe("tutorialSidebar");
    const llms = build.files.find((f) => f.path === "/llms.txt")!.body;
    expect(llms).toContain("## Tutorials");
    expect(llms).not.toContain("## Learn");
  });

  it.each(["docs", "/docs", "docs/", "/docs//", "/do cs/"])(
    "fails the build on baseUrl %j, saying what a base URL must be",
    async (bad) => {
      const s = await siteWith((y) => y.replace("url: https://docs.example.test\n", `$&baseUrl: "${bad}"\n`));
      await expect(buildSite({ root: s.root })).rejects.toThrow(
        'content/site.yaml: baseUrl: must start and end with "/" and hold only letters, digits, ".", "_", "~" and "-" between (e.g. "/" or "/docs/")',
      );
    },
  );

  it("accepts baseUrl /docs/ and puts it in the sitemap, robots.txt, llms.txt and search records", async () => {
    const s = await siteWith((y) => y.replace("url: https://docs.example.test\n", "$&baseUrl: /docs/\n"));
    const build = await buildSite({ root: s.root });
    expect(build.manifest.config.baseUrl).toBe("/docs/");
    const file = (p: string) => build.files.find((f) => f.path === p)!.body;
    const locs = [...file("/sitemap.xml").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/docs\.example\.test\/docs\//);
    expect(file("/robots.txt")).toContain("Sitemap: https://docs.example.test/docs/sitemap.xml");
    expect(file("/llms.txt")).toContain("(https://docs.example.test/docs/learn/");
    for (const r of build.search.records) expect(r.url).toMatch(/^https:\/\/docs\.example\.test\/docs\//);
  });
});
