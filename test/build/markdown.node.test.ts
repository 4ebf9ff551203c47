/** Markdown twins: the page tree rendered back to readable Markdown. */
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { pageToMarkdown } from "../../scripts/build/markdown";
import { FIXTURE_ROOT } from "../helpers/temp-site";

let build: SiteBuild;
beforeAll(async () => {
  build = await buildSite({ root: FIXTURE_ROOT });
});

const SITE = "https://docs.example.test";
const md = (route: string, siteUrl = SITE) => {
  const p = build.pages.get(route)!;
  return pageToMarkdown(p.title, p.description, p.tree, { siteUrl, route });
};
/** The twin without its head line. */
const body = (text: string) => text.slice(text.indexOf("\n\n") + 2);

describe("pageToMarkdown", () => {
  it("keeps headings, inline marks, links and admonitions", () => {
    const text = md("/learn/Basics/alpha");
    expect(body(text)).toMatch(/^# Alpha Page\n/);
    expect(text).toContain("## First section");
    expect(text).toContain("[link to beta](https://docs.example.test/learn/Basics/beta#beta-details)");
    expect(text).toContain("> **Remember:**");
  });

  it("turns highlighted code back into a fenced block with the original text", () => {
    const text = md("/learn/Basics/beta");
    expect(text).toContain("```move\nmodule 0xcafe::counter {\n    struct Counter has key { value: u64 }");
    expect(text).not.toContain("<span");
    expect(text).toContain("**TypeScript**\n\nTypeScript body.");
  });

  it("lists category cards as links", () => {
    expect(md("/learn/Basics/")).toContain(
      "- [Beta Page](https://docs.example.test/learn/Basics/beta): Beta is first by position.",
    );
  });

  it("gives highlighted code its characters back, entities decoded", () => {
    const html = '<code><span class="x">a &lt; b &amp;&amp; c &gt; &quot;d&quot;</span></code>';
    const tree = [["CodeBlock", { lang: "ts" }, ["pre", { dangerouslySetInnerHTML: { __html: html } }]]] as const;
    expect(pageToMarkdown("T", "", JSON.parse(JSON.stringify(tree)), { siteUrl: SITE, route: "/t" })).toContain(
      '```ts\na < b && c > "d"\n```',
    );
  });

  it("starts with one quoted line naming the page it is the Markdown of and llms.txt", () => {
    const [head, blank] = md("/learn/Basics/alpha").split("\n");
    expect(head).toBe(
      "> Markdown version of <https://docs.example.test/learn/Basics/alpha>. Index of every page: <https://docs.example.test/llms.txt>",
    );
    expect(blank).toBe("");
    expect(md("/").split("\n")[0]).toContain("<https://docs.example.test/>.");
  });

  it("writes every link and image absolute, under the base URL, and keeps in-page anchors", () => {
    const text = md("/learn/Basics/alpha", "https://example.test/docs");
    expect(text).toContain("](https://example.test/docs/learn/Basics/beta#beta-details)");
    expect(text).toContain("<https://example.test/docs/llms.txt>");
    expect(text).not.toMatch(/\]\(\/(?!\/)/);
    const pages = [...build.pages.keys()].map((route) => md(route));
    expect(pages.join("\n")).not.toMatch(/\]\(\/(?!\/)|(?:src|href)="\/(?!\/)/);
    expect(pages.join("\n")).toMatch(/!\[[^\]]*\]\(https:\/\/docs\.example\.test\/_assets\//);
  });

  it("does not pad tables to align their pipes", () => {
    const tree = [
      [
        "table",
        null,
        ["thead", null, ["tr", null, ["th", null, "Name"], ["th", null, "What it is"]]],
        ["tbody", null, ["tr", null, ["td", null, "a"], ["td", null, "a much longer cell"]]],
      ],
    ];
    const text = pageToMarkdown("T", "", JSON.parse(JSON.stringify(tree)), { siteUrl: SITE, route: "/t" });
    expect(text).toContain("| Name | What it is |\n| - | - |\n| a | a much longer cell |");
  });
});
