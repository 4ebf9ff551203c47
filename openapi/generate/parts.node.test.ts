/** The generator's parts on a small document: examples, schema views, code samples, Markdown, error locations. */
import { describe, expect, it } from "vitest";
import type { TreeNode } from "../../common/tree";
import { treeToHtml } from "../../common/build/hast";
import { sampleCode, sampleRequest } from "./code-samples";
import { mergeQuotes } from "./code-block";
import { exampleOf, responseExample } from "./example";
import { checkPage, compactPage, wordsApart } from "./finish";
import { pointerAtLine, sourcePointer } from "./locate";
import { markdown } from "./markdown";
import { Resolver } from "./refs";
import { SchemaPlan } from "./schema-plan";
import { SchemaView } from "./schema-view";
import { raw } from "./tree";
import type { OpenApiDocument, Schema } from "./types";

const doc: OpenApiDocument = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/things/{id}": {
      post: {
        operationId: "make_thing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" }, example: "a/b" },
          { name: "dry_run", in: "query", required: true, schema: { type: "boolean" } },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Shape" } } },
        },
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Shape" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Shape: {
        type: "object",
        description: "A shape.",
        discriminator: {
          propertyName: "kind",
          mapping: { circle: "#/components/schemas/Shape_Circle", group: "#/components/schemas/Shape_Group" },
        },
        oneOf: [{ $ref: "#/components/schemas/Shape_Circle" }, { $ref: "#/components/schemas/Shape_Group" }],
      },
      Shape_Circle: {
        allOf: [
          {
            type: "object",
            required: ["kind"],
            properties: { kind: { type: "string", enum: ["circle"], example: "circle" } },
          },
          { $ref: "#/components/schemas/Circle" },
        ],
      },
      Shape_Group: {
        allOf: [
          {
            type: "object",
            required: ["kind"],
            properties: { kind: { type: "string", enum: ["group"], example: "group" } },
          },
          {
            type: "object",
            required: ["members"],
            properties: {
              label: { type: "string" },
              members: { type: "array", items: { $ref: "#/components/schemas/Shape" } },
            },
          },
        ],
      },
      Circle: {
        type: "object",
        required: ["radius"],
        properties: {
          colour: { type: "string", enum: ["red", "blue"] },
          radius: { $ref: "#/components/schemas/U64", description: "Radius in pixels." },
        },
      },
      U64: { type: "string", format: "uint64", example: "7" },
    },
  },
};
const r = new Resolver(doc);
const html = (nodes: TreeNode[]) => treeToHtml(nodes);

describe("examples", () => {
  it("use the first variant, set its discriminator value, and take `example` values", () => {
    expect(exampleOf({ $ref: "#/components/schemas/Shape" }, r)).toEqual({
      kind: "circle",
      colour: "red",
      radius: "7",
    });
  });

  it("stop at recursion instead of looping", () => {
    expect(exampleOf({ $ref: "#/components/schemas/Shape_Group" }, r)).toEqual({
      kind: "group",
      label: "string",
      members: [{ kind: "circle", colour: "red", radius: "7" }],
    });
    const loop: Schema = { $ref: "#/components/schemas/Loop" };
    const self = new Resolver({
      ...doc,
      components: { schemas: { Loop: { type: "object", properties: { next: loop } } } },
    });
    expect(exampleOf(loop, self)).toEqual({ next: {} });
  });
});

describe("schema view", () => {
  const view = () => {
    const plan = new SchemaPlan(r);
    plan.count({ $ref: "#/components/schemas/Shape" });
    return { plan, view: new SchemaView(r, plan) };
  };

  it("labels variants by discriminator value, merges allOf, puts required fields first", () => {
    const out = html([view().view.block("Shape")]);
    expect(out).toContain('<li id="schema-Shape.circle"><details><summary><code>circle</code>');
    // Circle's fields are merged into the variant; the required radius comes before colour.
    expect(out.indexOf('id="schema-Shape.circle.radius"')).toBeLessThan(out.indexOf('id="schema-Shape.circle.colour"'));
    expect(out).toContain("<p>Radius in pixels.</p>");
    expect(out).toContain('<i>one of</i> <code>"red"</code>, <code>"blue"</code>');
    // The discriminator is the variant's label, not a field again.
    expect(out).not.toContain('id="schema-Shape.circle.kind"');
  });

  it("links a recursive reference instead of expanding it", () => {
    const { plan, view: v } = view();
    expect(plan.isShared("Shape")).toBe(true); // used at the root and inside Shape_Group
    const out = html(v.root({ $ref: "#/components/schemas/Shape" }, "x"));
    expect(out).toBe('<p>Schema: <a href="#schema-Shape">Shape</a></p>');
    const block = html([v.block("Shape")]);
    expect(block).toMatch(
      /<a class="permalink" href="#[^"]+"><code>members<\/code><\/a> array of <a href="#schema-Shape">Shape<\/a>/,
    );
  });
});

describe("code samples", () => {
  const req = sampleRequest(r.operations()[0]!, "https://node.example/v1/", r);

  it("fill path parameters (encoded) and required query parameters, and send the example body", () => {
    expect(req.url).toBe("https://node.example/v1/things/a%2Fb?dry_run=true");
    expect(req.body).toEqual({ kind: "circle", colour: "red", radius: "7" });
    expect(sampleCode("curl", req)).toBe(
      `curl --request POST 'https://node.example/v1/things/a%2Fb?dry_run=true' \\\n  --header 'Content-Type: application/json' \\\n  --data '${JSON.stringify(req.body, null, 2)}'`,
    );
  });

  it("are written for each language", () => {
    expect(sampleCode("typescript", req)).toContain('method: "POST"');
    expect(sampleCode("python", req)).toContain("requests.post(");
    expect(sampleCode("rust", req)).toContain('.post("https://node.example/v1/things/a%2Fb?dry_run=true")');
    expect(sampleCode("go", req)).toContain(
      'http.Post("https://node.example/v1/things/a%2Fb?dry_run=true", "application/json", strings.NewReader(`{',
    );
  });
});

describe("Markdown of descriptions", () => {
  it("renders paragraphs, lists, code, emphasis and links", () => {
    expect(html(markdown("One `a` **b** *c*.\n\n- x [y](https://y.example)\n- z https://z.example."))).toBe(
      '<p>One <code>a</code> <strong>b</strong> <em>c</em>.</p><ul><li>x <a href="https://y.example">y</a></li><li>z <a href="https://z.example">https://z.example</a>.</li></ul>',
    );
  });
});

describe("highlighted code", () => {
  it("joins quote tokens to the string they delimit", () => {
    const line = mergeQuotes([
      "span",
      { className: "line" },
      ["span", { className: "q" }, '"'],
      ["span", { className: "s" }, "key"],
      ["span", { className: "q" }, '"'],
      ": 1",
    ]);
    expect(line).toEqual(["span", { className: "line" }, ["span", { className: "s" }, '"key"'], ": 1"]);
  });
});

describe("error locations", () => {
  it("map a line of the parser's JSON text to a pointer, then back through $refs to the source", () => {
    const value = { a: { b: [1, { c: true }] }, d: [] };
    const lines = JSON.stringify(value, null, 2).split("\n");
    expect(pointerAtLine(value, lines.indexOf('        "c": true') + 1)).toBe("#/a/b/1/c");
    expect(pointerAtLine(value, lines.indexOf('  "d": []') + 1)).toBe("#/d");
    expect(
      sourcePointer(doc, "#/paths/~1things~1{id}/post/responses/200/content/application~1json/schema/discriminator"),
    ).toBe("#/components/schemas/Shape/discriminator");
  });
});

describe("the last pass over a page", () => {
  it("reports duplicate ids, broken API links and anchors, and leaves other links to the site", () => {
    const warnings: string[] = [];
    const tree: TreeNode[] = [
      ["p", { id: "a" }],
      ["p", { id: "a" }],
      ["a", { href: "#nope" }],
      ["a", { href: "/api/x/b#y" }],
      ["a", { href: "/api/x/b#z" }],
      ["a", { href: "/api/x/c" }],
      ["a", { href: "/elsewhere#q" }],
      ["a", { href: "/api/x/file.yaml" }],
    ];
    checkPage(
      "/api/x/a",
      tree,
      { base: "/api/x", files: ["/api/x/file.yaml"], anchorsOf: (r) => (r === "/api/x/b" ? new Set(["y"]) : null) },
      (m) => warnings.push(m),
    );
    expect(warnings).toEqual([
      '/api/x/a: duplicate id "a"',
      "/api/x/a: broken anchor #nope in link to #nope",
      "/api/x/a: broken anchor #z in link to /api/x/b#z",
      "/api/x/a: broken link to /api/x/c",
    ]);
  });

  it("serialises marked blocks to HTML once and reports the ids inside them", () => {
    const { tree, hiddenIds } = compactPage([
      ["h2", { id: "s" }, "S"],
      raw(["div", { className: "sv" }, ["p", { id: "in" }, "x < y"]]),
    ]);
    expect(tree).toEqual([
      ["h2", { id: "s" }, "S"],
      ["div", { className: "sv", dangerouslySetInnerHTML: { __html: '<p id="in">x &lt; y</p>' } }],
    ]);
    expect([...hiddenIds]).toEqual(["in"]);
  });

  it("sets a space between inline elements that touch, so the block's text reads as words", () => {
    const { tree } = compactPage([
      raw([
        "ul",
        null,
        [
          "li",
          null,
          ["code", null, "id"],
          " ",
          ["a", { href: "#schema-U64" }, "U64"],
          ["i", null, "string"],
          ["b", null, "required"],
          ["p", null, "The id."],
        ],
        ["li", null, ["pre", null, ["code", null, ["span", null, "a"], ["span", null, "b"]]]],
      ]),
    ]);
    const html = (tree[0] as [string, { dangerouslySetInnerHTML: { __html: string } }])[1].dangerouslySetInnerHTML
      .__html;
    expect(html).toBe(
      '<li><code>id</code> <a href="#schema-U64">U64</a> <i>string</i> <b>required</b><p>The id.</p></li><li><pre><code><span>a</span><span>b</span></code></pre></li>',
    );
  });

  it("sets a name that is its row's permalink apart from the words after it", () => {
    const link: TreeNode = ["a", { className: "permalink", href: "#param-path-address" }, ["code", null, "address"]];
    expect(treeToHtml(wordsApart([link, ["b", null, "required"]]))).toBe(
      '<a class="permalink" href="#param-path-address"><code>address</code></a> <b>required</b>',
    );
    expect(treeToHtml(wordsApart([link, " ", ["span", null, "string"]]))).toBe(
      '<a class="permalink" href="#param-path-address"><code>address</code></a> <span>string</span>',
    );
  });
});

describe("response examples", () => {
  it("take the error code a response's description names, and its sentence as the message", () => {
    const withError = new Resolver({
      ...doc,
      components: {
        schemas: {
          Err: {
            type: "object",
            properties: { message: { type: "string" }, code: { type: "string", enum: ["a_failed", "b_failed"] } },
            example: { message: "A failed.", code: "a_failed" },
          },
        },
      },
    });
    const err = { $ref: "#/components/schemas/Err" };
    expect(responseExample(err, "B broke (`b_failed`). Retry.", withError)).toEqual({
      message: "B broke (b_failed).",
      code: "b_failed",
    });
    expect(responseExample(err, "Something else.", withError)).toEqual({ message: "A failed.", code: "a_failed" });
  });
});
