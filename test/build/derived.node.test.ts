/** Derived files stay bounded as the site grows: llms-full.txt per section, a sitemap index past the limits. */
import { describe, expect, it } from "vitest";
import { buildSite } from "../../scripts/build/build";
import { llmsFullFiles } from "../../scripts/build/llms-full";
import { sitemapFiles } from "../../scripts/build/sitemap";
import { FIXTURE_ROOT } from "../helpers/temp-site";

describe("llms-full.txt", () => {
  it("is a short index naming one file per section, each holding that section's pages", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    const file = (p: string) => build.files.find((f) => f.path === p)?.body;
    const index = file("/llms-full.txt")!;
    expect(index).toMatch(/^- Learn \(\d+ pages\): https:\/\/docs\.example\.test\/llms-full\/learn\.txt$/m);
    expect(index).toContain("- Build (1 page): https://docs.example.test/llms-full/build.txt");
    expect(index).not.toContain("# Beta Page");
    const learn = file("/llms-full/learn.txt")!;
    expect(learn).toContain("<!-- https://docs.example.test/learn/Basics/beta -->\n# Beta Page");
    expect(learn).not.toContain("<!-- https://docs.example.test/build/");
    expect(file("/llms-full/build.txt")).toMatch(/^<!-- https:\/\/docs\.example\.test\/build\//);
    expect(build.manifest.files).toContain("/llms-full/learn.txt");
    expect(file("/llms.txt")).toContain("https://docs.example.test/llms-full.txt lists them");
  });

  it("splits a section past the cap into numbered parts at page boundaries", async () => {
    const { manifest } = await buildSite({ root: FIXTURE_ROOT });
    const twins = Array.from({ length: 5 }, (_, i) => ({
      route: `/learn/p${i}`,
      source: `content/docs/learn/p${i}.mdx`,
      body: `# Page ${i}\n\n${"word ".repeat(40)}`,
    }));
    const files = llmsFullFiles(manifest, twins, 600);
    const paths = files.map((f) => f.path);
    expect(paths).toEqual([
      "/llms-full.txt",
      "/llms-full/learn-1.txt",
      "/llms-full/learn-2.txt",
      "/llms-full/learn-3.txt",
    ]);
    for (const f of files.slice(1)) expect(Buffer.byteLength(f.body)).toBeLessThanOrEqual(600);
    expect(
      files
        .slice(1)
        .map((f) => f.body)
        .join("\n\n"),
    ).toContain("# Page 4");
    expect(files[0]!.body).toContain("Learn (5 pages): https://docs.example.test/llms-full/learn-1.txt, ");
  });
});

describe("sitemap.xml", () => {
  const routes = Array.from({ length: 7 }, (_, i) => `/p${i}`);
  const lastmod = (r: string) => `2026-01-0${r.slice(2)}`;

  it("stays one urlset within the limits", () => {
    const files = sitemapFiles("https://x.test", routes, lastmod);
    expect(files.map((f) => f.path)).toEqual(["/sitemap.xml"]);
    expect(files[0]!.body).toContain("<urlset");
    expect(files[0]!.body.match(/<url>/g)).toHaveLength(7);
  });

  it("becomes a sitemap index of parts past the URL limit", () => {
    const files = sitemapFiles("https://x.test", routes, lastmod, { urls: 3, bytes: 1_000_000 });
    expect(files.map((f) => f.path)).toEqual(["/sitemap.xml", "/sitemap-1.xml", "/sitemap-2.xml", "/sitemap-3.xml"]);
    expect(files[0]!.body).toContain("<sitemapindex");
    expect(files[0]!.body).toContain(
      "<sitemap><loc>https://x.test/sitemap-2.xml</loc><lastmod>2026-01-05</lastmod></sitemap>",
    );
    expect(files.slice(1).map((f) => f.body.match(/<url>/g)!.length)).toEqual([3, 3, 1]);
  });

  it("becomes a sitemap index past the byte limit", () => {
    const files = sitemapFiles("https://x.test", routes, lastmod, { urls: 50_000, bytes: 400 });
    expect(files.length).toBeGreaterThan(2);
    for (const f of files.slice(1)) expect(Buffer.byteLength(f.body)).toBeLessThanOrEqual(400);
  });
});
