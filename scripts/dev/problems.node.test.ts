/** The overlay's problems: every kind of build message gets its file, line, column and code frame. */
import { describe, expect, it } from "vitest";
import { problemsOf, problemText } from "./problems";

const files: Record<string, string> = {
  "content/docs/build/tools.mdx":
    "---\ntitle: Tools\ndescripton: x\n---\n\n# Tools\n\nSee [this](/nowhere) and <Widget />.\n",
  "content/site.yaml": "title: Fixture\nnavbar:\n  title: Fixture\n  titel: Oops\n",
  "content/docs/learn/_category_.json": '{\n  "label": "Learn",\n  "position": 1,\n}\n',
};
const read = (file: string) => files[file] ?? null;

describe("problemsOf", () => {
  it("reads the MDX compiler's line and column and cuts the frame around it", () => {
    const [p] = problemsOf("content/docs/build/tools.mdx: line 8:5: Unexpected character", read);
    expect(p).toMatchObject({
      file: "content/docs/build/tools.mdx",
      line: 8,
      column: 5,
      message: "Unexpected character",
    });
    expect(p!.frame).toMatchObject({ start: 6, line: 8, column: 5 });
    expect(p!.frame!.lines).toContain("See [this](/nowhere) and <Widget />.");
    expect(problemText(p!)).toContain("> 8 | See [this]");
  });

  it("finds a misspelt key in site.yaml and in frontmatter", () => {
    const [config] = problemsOf('content/site.yaml: navbar: Unrecognized key: "titel"', read);
    expect(config).toMatchObject({ file: "content/site.yaml", line: 4, column: 3 });
    const [front] = problemsOf('content/docs/build/tools.mdx: (root): Unrecognized key: "descripton"', read);
    expect(front).toMatchObject({ line: 3, column: 1 });
  });

  it("places an unknown component and a broken link on their text", () => {
    const [component] = problemsOf(
      "content/docs/build/tools.mdx: unknown component <Widget>; registered components are Tabs",
      read,
    );
    expect(component).toMatchObject({ line: 8, column: 26 });
    // Link warnings name the page relative to content/docs.
    const [link] = problemsOf("build/tools.mdx: broken link to /nowhere", read);
    expect(link).toMatchObject({ file: "content/docs/build/tools.mdx", line: 8, column: 10 });
  });

  it("turns a JSON position and a YAML parser position into lines", () => {
    const [json] = problemsOf(
      "content/docs/learn/_category_.json: not valid JSON: Expected double-quoted property name in JSON at position 39 (line 4 column 1)",
      read,
    );
    expect(json).toMatchObject({ line: 4, column: 1 });
    const [yaml] = problemsOf(
      "content/docs/build/tools.mdx: frontmatter is not valid YAML: Nested mappings are not allowed at line 2, column 8:\n\ndescripton: x: y\n       ^\n",
      read,
    );
    expect(yaml).toMatchObject({
      line: 3,
      column: 8,
      message: "frontmatter is not valid YAML: Nested mappings are not allowed",
    });
  });

  it("splits several errors and keeps the OpenAPI locations", () => {
    const list = problemsOf(
      "openapi/node.yaml is not a valid OpenAPI document:\nopenapi/node.yaml:12:7 (#/paths/~1x): must have required property 'responses'\ncontent/docs/a.mdx: line 1:1: Bad",
      read,
    );
    expect(list.map((p) => [p.file, p.line, p.column])).toEqual([
      ["openapi/node.yaml", 12, 7],
      ["content/docs/a.mdx", 1, 1],
    ]);
    expect(list[0]!.message).toBe("(#/paths/~1x) must have required property 'responses'");
  });

  it("keeps a message that names no file", () => {
    expect(problemsOf("something odd happened", read)).toEqual([
      { file: null, line: null, column: null, message: "something odd happened", frame: null },
    ]);
  });
});
