/** Markdown twins: the page tree rendered back to readable Markdown. */
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { pageToMarkdown } from "../../scripts/build/markdown";
import { FIXTURE_ROOT } from "../helpers/temp-site";

let build: SiteBuild;
beforeAll(async () => {
  build = await buildSite({ root: FIXTURE_ROOT });
});

const md = (route: string) => {
  const p = build.pages.get(route)!;
  return pageToMarkdown(p.title, p.description, p.tree);
};

describe("pageToMarkdown", () => {
  it("keeps headings, inline marks, links and admonitions", () => {
    const text = md("/learn/Basics/alpha");
    expect(text).toMatch(/^# Alpha Page\n/);
    expect(text).toContain("## First section");
    expect(text).toContain("[link to beta](/learn/Basics/beta#beta-details)");
    expect(text).toContain("> **Remember:**");
  });

  it("turns highlighted code back into a fenced block with the original text", () => {
    const text = md("/learn/Basics/beta");
    expect(text).toContain("```move\nmodule 0xcafe::counter {\n    struct Counter has key { value: u64 }");
    expect(text).not.toContain("<span");
    expect(text).toContain("**TypeScript**\n\nTypeScript body.");
  });

  it("lists category cards as links", () => {
    expect(md("/learn/Basics/")).toContain("- [Beta Page](/learn/Basics/beta): Beta is first by position.");
  });

  it("gives highlighted code its characters back, entities decoded", () => {
    const html = '<code><span class="x">a &lt; b &amp;&amp; c &gt; &quot;d&quot;</span></code>';
    const tree = [["CodeBlock", { lang: "ts" }, ["pre", { dangerouslySetInnerHTML: { __html: html } }]]] as const;
    expect(pageToMarkdown("T", "", JSON.parse(JSON.stringify(tree)))).toContain('```ts\na < b && c > "d"\n```');
  });
});
