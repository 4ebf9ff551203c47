/** The content build: tree shape, sidebars, validation errors, link checking. */
import { afterEach, describe, expect, it } from "vitest";
import { buildSite } from "../../scripts/build/build";
import { FIXTURE_ROOT, tempSite, type TempSite } from "../helpers/temp-site";

let site: TempSite | undefined;
afterEach(async () => {
  await site?.remove();
  site = undefined;
});

async function expectBuildError(files: Record<string, string>, pattern: RegExp, strict = false): Promise<void> {
  site = await tempSite();
  for (const [file, text] of Object.entries(files)) await site.write(file, text);
  await expect(buildSite({ root: site.root, strict })).rejects.toThrow(pattern);
}

describe("a valid site", () => {
  it("compiles MDX into a JSON tree with ids, highlighted code and components", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT, strict: true });
    const beta = build.pages.get("/learn/Basics/beta")!;
    expect(beta.tree[0]).toEqual(["h1", { id: "beta-page" }, "Beta Page"]);
    const code = beta.tree.find((n) => Array.isArray(n) && n[0] === "CodeBlock");
    expect(code?.[1]).toEqual({ lang: "move", title: "sources/counter.move", showLineNumbers: true });
    const tabs = beta.tree.find((n) => Array.isArray(n) && n[0] === "Tabs");
    expect(tabs?.[1]).toEqual({ groupId: "lang" });
    // JSON round-trip is lossless: nothing in the tree needs evaluation.
    expect(JSON.parse(JSON.stringify(beta))).toEqual(beta);
  });

  it("lists h2 and h3 headings in the TOC, not h4", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    expect(build.pages.get("/learn/Basics/alpha")!.toc).toEqual([
      { depth: 2, id: "first-section", text: "First section" },
      { depth: 3, id: "a-subsection", text: "A subsection" },
    ]);
  });

  it("orders sidebars by position then name, with category index pages as links", async () => {
    const { manifest } = await buildSite({ root: FIXTURE_ROOT });
    expect(manifest.sidebars.tutorialSidebar).toEqual([
      { type: "link", label: "Home", href: "/" },
      {
        type: "category",
        label: "The Basics",
        href: "/learn/Basics/",
        collapsed: false,
        items: [
          { type: "link", label: "Beta Page", href: "/learn/Basics/beta" },
          { type: "link", label: "Alpha (label)", href: "/learn/Basics/alpha" },
          { type: "link", label: "Zeta Page", href: "/learn/Basics/zeta" },
        ],
      },
    ]);
  });

  it("derives prev/next across categories and breadcrumbs from the sidebar", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    const index = build.pages.get("/learn/Basics/")!;
    expect(index.prev).toEqual({ label: "Home", href: "/" });
    expect(index.next).toEqual({ label: "Beta Page", href: "/learn/Basics/beta" });
    expect(build.pages.get("/learn/Basics/zeta")!.next).toBeNull();
    expect(build.pages.get("/learn/Basics/alpha")!.breadcrumbs.map((b) => b.label)).toEqual([
      "The Basics",
      "Alpha (label)",
    ]);
  });

  it("rewrites links to source files into routes", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    expect(JSON.stringify(build.pages.get("/")!.tree)).toContain('"href":"/build/tools"');
  });

  it("gives the same build id for the same content", async () => {
    const a = await buildSite({ root: FIXTURE_ROOT });
    const b = await buildSite({ root: FIXTURE_ROOT });
    expect(a.buildId).toBe(b.buildId);
    expect(a.buildId).toMatch(/^[0-9a-f]{12}$/);
  });

  it("ships the validated site configuration with defaults in the manifest", async () => {
    const { manifest } = await buildSite({ root: FIXTURE_ROOT });
    expect(manifest.config.colorMode).toEqual({
      defaultMode: "dark",
      disableSwitch: true,
      respectPrefersColorScheme: false,
    });
    expect(manifest.config.i18n.locales).toEqual([{ code: "en", direction: "ltr" }]);
    expect(manifest.redirects).toEqual({ "/old-page": "/build/tools" });
  });
});

describe("invalid content fails with the file and field", () => {
  it("names a missing description", async () => {
    await expectBuildError(
      { "docs/build/bad.mdx": "---\ntitle: Bad\n---\n\n# Bad\n" },
      /content\/docs\/build\/bad\.mdx: description: /,
    );
  });

  it("names an unknown frontmatter field and a wrongly typed one", async () => {
    await expectBuildError(
      { "docs/build/bad.mdx": "---\ndescription: x\nsidebar_position: first\ncolour: red\n---\n# Bad\n" },
      /bad\.mdx: sidebar_position: .*number[\s\S]*bad\.mdx: colour: unknown key/i,
    );
  });

  it("suggests the frontmatter field a misspelt one resembles", async () => {
    await expectBuildError(
      { "docs/build/bad.mdx": "---\ndescription: x\nsidebar_positon: 2\n---\n# Bad\n" },
      /bad\.mdx: sidebar_positon: unknown key \(did you mean "sidebar_position"\?\)/,
    );
  });

  it("rejects an unknown component, naming it and the file", async () => {
    await expectBuildError(
      { "docs/build/bad.mdx": "---\ndescription: x\n---\n# Bad\n\n<Carousel />\n" },
      /content\/docs\/build\/bad\.mdx: unknown component <Carousel>/,
    );
  });

  it("rejects a function prop", async () => {
    await expectBuildError(
      {
        "docs/build/bad.mdx": '---\ndescription: x\n---\n# Bad\n\n<Card title="a" href="/" description={() => 1} />\n',
      },
      /bad\.mdx: .*<Card> prop "description" is a function/,
    );
  });

  it("rejects raw HTML and inline styles", async () => {
    await expectBuildError(
      {
        "docs/build/bad.mdx":
          '---\ndescription: x\n---\n# Bad\n\n<div dangerouslySetInnerHTML={{ __html: "<b>x</b>" }} />\n',
      },
      /bad\.mdx: <div> prop "dangerouslySetInnerHTML": raw HTML is not allowed/,
    );
    await expectBuildError(
      { "docs/build/bad.mdx": '---\ndescription: x\n---\n# Bad\n\n<div style={{ color: "red" }} />\n' },
      /bad\.mdx: <div> prop "style": inline styles are blocked/,
    );
  });

  it("reports MDX syntax errors with a line number", async () => {
    await expectBuildError({ "docs/build/bad.mdx": "---\ndescription: x\n---\n# Bad\n\n<div>\n" }, /bad\.mdx: line 6/);
  });

  it("rejects an unknown admonition type", async () => {
    await expectBuildError(
      { "docs/build/bad.mdx": "---\ndescription: x\n---\n# Bad\n\n:::nope\nx\n:::\n" },
      /bad\.mdx: line 6: unknown admonition ":::nope"/,
    );
  });

  it("names the site configuration field", async () => {
    site = await tempSite();
    await site.write("site.yaml", "title: X\nurl: not a url\n");
    await expect(buildSite({ root: site.root })).rejects.toThrow(/content\/site\.yaml: url: /);
  });

  it("names a broken _category_.json", async () => {
    await expectBuildError(
      { "docs/learn/Basics/_category_.json": '{ "label": 3 }' },
      /Basics\/_category_\.json: label: /,
    );
  });
});

describe("images", () => {
  it("gives local images their size, lazy loading and a content-hashed URL", async () => {
    const build = await buildSite({ root: FIXTURE_ROOT });
    const html = JSON.stringify(build.pages.get("/build/tools")!.tree);
    const [name] = [...build.assets.keys()];
    expect(name).toMatch(/^[0-9a-f]{16}\.svg$/);
    expect(html).toContain(`"src":"/_assets/${name}"`);
    expect(html).toMatch(/"width":320,"height":120/);
    expect(html).toContain('"loading":"lazy"');
  });

  it("warns about a missing file and a missing alt text", async () => {
    site = await tempSite();
    await site.write(
      "docs/build/pics.mdx",
      '---\ndescription: x\n---\n# Pics\n\n![gone](./nope.png)\n\n<img src="./img/flow.svg" />\n',
    );
    const build = await buildSite({ root: site.root });
    expect(build.warnings.join("\n")).toMatch(/pics\.mdx: image \.\/nope\.png not found/);
    expect(build.warnings.join("\n")).toMatch(/pics\.mdx: image \.\/img\/flow\.svg has no alt text/);
  });
});

describe("link checking", () => {
  const broken = {
    "docs/build/links.mdx": "---\ndescription: x\n---\n# Links\n\n[a](/nowhere) [b](/build/tools#no-such-anchor)\n",
  };

  it("warns about broken links and anchors by default", async () => {
    site = await tempSite();
    await site.write("docs/build/links.mdx", broken["docs/build/links.mdx"]);
    const build = await buildSite({ root: site.root });
    expect(build.warnings).toEqual([
      "links.mdx: broken link to /nowhere".replace("links", "build/links"),
      "build/links.mdx: broken anchor #no-such-anchor in link to /build/tools#no-such-anchor",
    ]);
  });

  it("fails the strict build", async () => {
    await expectBuildError(broken, /strict build: 2 warning\(s\)/, true);
  });

  it("reports duplicate routes", async () => {
    site = await tempSite();
    await site.write("docs/build/dupe.mdx", "---\ndescription: x\nslug: /build/tools\n---\n# Dupe\n");
    const build = await buildSite({ root: site.root });
    expect(build.warnings.join("\n")).toMatch(/duplicate route \/build\/tools/);
  });
});
