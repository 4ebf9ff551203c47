/**
 * Watch mode's build (scripts/dev/build.ts) and its cache: a rebuild after an edit equals a fresh
 * build, and unused entries are dropped.
 */
import { describe, expect, it } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { devBuild } from "../../scripts/dev/build";
import { BuildCache } from "../../scripts/dev/build-cache";
import { tempSite } from "../helpers/temp-site";

const EDITED =
  "---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nInstall the cached tools.\n";

/** The search index as text: its root and every piece (a Map, which JSON.stringify alone would drop). */
const indexText = ({ index }: SiteBuild["search"]) =>
  JSON.stringify({ meta: index.meta, browse: index.browse, refs: index.refs, pieces: [...index.pieces] });

/** What a build serves besides its pages: routes, sidebars, and its files (llms.txt, sitemap, twins). */
function expectSameSite(built: SiteBuild, fresh: SiteBuild): void {
  expect(built.manifest.routes).toEqual(fresh.manifest.routes);
  expect(built.manifest.sidebars).toEqual(fresh.manifest.sidebars);
  expect(built.files.map((f) => [f.path, f.body])).toEqual(fresh.files.map((f) => [f.path, f.body]));
}

describe("BuildCache", () => {
  it("gives the same build as no cache after an edit, and forgets the old version of the page", async () => {
    const site = await tempSite();
    try {
      const cache = new BuildCache();
      const first = await devBuild({ root: site.root, cache });
      const docs = cache.docs.size;
      await site.write("docs/build/tools.mdx", EDITED);
      const cached = await devBuild({ root: site.root, cache });
      const fresh = await buildSite({ root: site.root });
      // Pages the edit did not touch are taken as the last build finished them, not redone.
      expect(cached.work).toMatchObject({
        pages: first.work.pages,
        compiled: 1,
        finished: 1,
        cached: first.work.pages - 1,
      });
      expect(cached.buildId).toBe(fresh.buildId);
      expect(cached.manifest.blobs).toEqual(fresh.manifest.blobs);
      expectSameSite(cached, fresh);
      expect(indexText(cached.search)).toBe(indexText(fresh.search));
      expect(indexText(cached.search)).toContain("cached tools");
      // One entry a page (the edit took the image off the one page that had one), none for the old text.
      expect(cache.pages.size).toBe(cached.work.pages);
      expect(cache.docs.size).toBe(docs);

      // A frontmatter-only edit (the title) reaches the page and the digests.
      await site.write("docs/build/tools.mdx", EDITED.replace("title: Tools", "title: Toolbox"));
      const retitled = await devBuild({ root: site.root, cache });
      expect(retitled.pages.get("/build/tools")?.title).toBe("Toolbox");
      const freshRetitled = await buildSite({ root: site.root });
      expect(retitled.manifest.blobs).toEqual(freshRetitled.manifest.blobs);
      expectSameSite(retitled, freshRetitled);
      expect(retitled.files.find((f) => f.path === "/llms.txt")?.body).toContain("[Toolbox]");

      // A quick rebuild that reuses the last search index is a different build of the same pages.
      await site.write("docs/build/tools.mdx", EDITED.replace("cached tools", "quick tools"));
      const quick = await devBuild({ root: site.root, cache, staleSearch: cached.search });
      expect(quick.search).toBe(cached.search);
      expect(JSON.stringify(quick.pages.get("/build/tools"))).toContain("quick tools");
      const complete = await devBuild({ root: site.root, cache });
      expect(complete.buildId).not.toBe(quick.buildId);
      expect(indexText(complete.search)).toBe(indexText((await buildSite({ root: site.root })).search));
      expect(indexText(complete.search)).toContain("quick tools");
    } finally {
      await site.remove();
    }
  }, 60_000);

  it("redoes a page whose image file changed, though its text did not", async () => {
    const site = await tempSite();
    try {
      const cache = new BuildCache();
      const before = await devBuild({ root: site.root, cache });
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200"><rect width="640" height="200"/></svg>';
      await site.write("docs/build/img/flow.svg", svg);
      const after = await devBuild({ root: site.root, cache });
      const src = (route: string, build: typeof before) =>
        /\/_assets\/[0-9a-f]+\.svg/.exec(JSON.stringify(build.pages.get(route)))?.[0];
      expect(src("/build/tools", after)).toBeDefined();
      expect(src("/build/tools", after)).not.toBe(src("/build/tools", before));
      expect(JSON.stringify(after.pages.get("/build/tools"))).toContain('"width":640');
      expect(after.manifest.blobs).toEqual((await buildSite({ root: site.root })).manifest.blobs);
    } finally {
      await site.remove();
    }
  }, 60_000);
});
