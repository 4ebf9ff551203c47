/**
 * Which schemas are drawn once on a home page (large ones several operations use, what they hold
 * drawn with them), which tag page is their home, and how the home page and other pages draw them.
 */
import { describe, expect, it } from "vitest";
import { treeToHtml } from "../../scripts/build/hast";
import type { ApiContext } from "./context";
import { parameterTable } from "./parameters";
import { Resolver } from "./refs";
import { HOME_MIN_FIELDS, onTagPage, schemaHomes } from "./schema-homes";
import { homedSchemas } from "./schema-homes-section";
import { SchemaPlan } from "./schema-plan";
import type { OpenApiDocument, OperationEntry, Parameter, Schema } from "./types";

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** An object with `n` string fields named by `prefix`. */
const fields = (prefix: string, n: number): Schema => ({
  type: "object",
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: "string" }])),
});
const returning = (id: string, tag: string, schema: Schema) => ({
  get: {
    operationId: id,
    tags: [tag],
    responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
  },
});

function homesOf(paths: OpenApiDocument["paths"], schemas: Record<string, Schema>, home = true) {
  const r = new Resolver({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths, components: { schemas } });
  const tagOf = (users: OperationEntry[]) => users[0]!.operation.tags![0]!;
  const homes = schemaHomes(r.operations(), r, (users) =>
    home ? { route: `/${tagOf(users)}`, title: tagOf(users) } : null,
  );
  return Object.fromEntries(
    [...homes].map(([name, h]) => [name, [h.route, h.users.map((u) => u.operation.operationId)]]),
  );
}

describe("schema homes", () => {
  const big = {
    Big: { allOf: [fields("a", HOME_MIN_FIELDS - 10), { properties: { part: ref("Part") } }] },
    Part: fields("p", 20),
  };

  it("homes a large schema that several operations use, with the operations that use it", () => {
    expect(
      homesOf(
        {
          "/one": returning("one", "A", ref("Big")),
          "/two": returning("two", "A", { type: "array", items: ref("Big") }),
        },
        big,
      ),
    ).toEqual({ Big: ["/A", ["one", "two"]] });
  });

  it("leaves a large schema one operation uses, and a small one every operation uses, where they are used", () => {
    const small = { Small: fields("s", 5) };
    expect(homesOf({ "/one": returning("one", "A", ref("Big")) }, big)).toEqual({});
    expect(
      homesOf({ "/one": returning("one", "A", ref("Small")), "/two": returning("two", "A", ref("Small")) }, small),
    ).toEqual({});
  });

  it("homes first what saves the most: what a homed schema holds is drawn with it, not apart", () => {
    // Holder is larger than Big only by Big: once Big has a home, Holder is small.
    const schemas = {
      ...big,
      Holder: { type: "object", properties: { id: { type: "string" }, items: { type: "array", items: ref("Big") } } },
    };
    const paths = {
      "/one": returning("one", "A", ref("Big")),
      "/two": returning("two", "A", ref("Big")),
      "/three": returning("three", "B", ref("Holder")),
      "/four": returning("four", "B", ref("Holder")),
    };
    expect(homesOf(paths, schemas)).toEqual({ Big: ["/A", ["one", "two", "three", "four"]] });
  });

  it("homes nothing when no page suits a schema", () => {
    expect(
      homesOf({ "/one": returning("one", "A", ref("Big")), "/two": returning("two", "A", ref("Big")) }, big, false),
    ).toEqual({});
  });
});

describe("the tag page a schema is homed on", () => {
  const op = (id: string) => ({ operation: { operationId: id } }) as OperationEntry;
  const [a, b, c] = [op("a"), op("b"), op("c")];
  const tags = [
    { route: "/one", title: "One", entries: [a] },
    { route: "/two", title: "Two", entries: [b, c] },
    { route: "/three", title: "Three", entries: [a, b] },
  ];

  it("is the tag most of the schema's operations carry, the first in the document's order on a tie", () => {
    expect(onTagPage(tags)([b, c])).toEqual({ route: "/two", title: "Two" });
    expect(onTagPage(tags)([a, b])).toEqual({ route: "/three", title: "Three" });
    expect(onTagPage(tags)([a])).toEqual({ route: "/one", title: "One" });
  });

  it("is none when no operation of the schema has a tag page", () => {
    expect(onTagPage(tags)([op("d")])).toBeNull();
  });
});

describe("drawing homed schemas", () => {
  // Rec: large, used on its own and by Big; Big: large, refers to itself and to Rec.
  const schemas: Record<string, Schema> = {
    Big: { allOf: [fields("b", HOME_MIN_FIELDS), { properties: { next: ref("Big"), rec: ref("Rec") } }] },
    Rec: fields("r", HOME_MIN_FIELDS + 5),
  };
  const param: Parameter = { name: "filter", in: "query", schema: ref("Rec") };
  const paths: OpenApiDocument["paths"] = {
    "/one": returning("one", "A", ref("Big")),
    "/two": returning("two", "A", ref("Big")),
    "/three": returning("three", "A", ref("Rec")),
    "/four": returning("four", "A", { type: "array", items: ref("Rec") }),
    "/five": { get: { operationId: "five", tags: ["B"], parameters: [param], responses: {} } },
  };
  const r = new Resolver({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths, components: { schemas } });
  const operations = r.operations();
  const tagPage = (tag: string) => ({
    route: `/${tag}`,
    title: tag,
    entries: operations.filter((e) => e.operation.tags!.includes(tag)),
  });
  const homes = schemaHomes(operations, r, onTagPage([tagPage("A"), tagPage("B")]));
  const ctx = {
    r,
    schemaHomes: homes,
    lineOf: () => null,
    downloads: { yaml: "/d.yaml", json: "/d.json" },
  } as unknown as ApiContext;
  const routeOf = (e: OperationEntry) => `/${e.operation.operationId}`;

  it("homes both on the page of their operations' tag, each with the operations whose pages link to it", () => {
    const users = (name: string) => homes.get(name)?.users.map((u) => u.operation.operationId);
    expect([...homes.keys()]).toEqual(["Big", "Rec"]);
    expect(homes.get("Big")?.route).toBe("/A");
    expect(homes.get("Rec")?.route).toBe("/A");
    expect(users("Big")).toEqual(["one", "two"]);
    // one and two reach Rec only through Big, which links to it.
    expect(users("Rec")).toEqual(["three", "four", "five"]);
  });

  it("draws each in full once, in its own section, linking between them and to itself", () => {
    const out = treeToHtml(homedSchemas("/A", ctx, routeOf));
    for (const name of ["Big", "Rec"]) {
      expect(out.match(new RegExp(`id="schema-${name}"`, "g")), name).toHaveLength(1);
      expect(out).toContain(`<h2 id="type-${name.toLowerCase()}">The ${name} type</h2>`);
    }
    expect(out).toContain('id="schema-Big.b0"');
    expect(out).toContain('id="schema-Rec.r0"');
    expect(out).toMatch(/<a class="permalink" href="#[^"]+"><code>next<\/code><\/a> <a href="#schema-Big">Big<\/a>/);
    expect(out).toMatch(/<a class="permalink" href="#[^"]+"><code>rec<\/code><\/a> <a href="#schema-Rec">Rec<\/a>/);
    expect(out).not.toContain('id="schemas"');
  });

  it("links a parameter of a homed type to its home", () => {
    const out = treeToHtml([parameterTable([param], r, new SchemaPlan(r, homes))]);
    expect(out).toContain('<a href="/A#schema-Rec">Rec</a>');
  });

  it("lists only the operations whose pages link to each, when one homed later holds one homed before", () => {
    // Huge has the most to save, so it is homed first; Holder, homed next, holds it for two operations.
    const more: Record<string, Schema> = {
      Huge: fields("h", HOME_MIN_FIELDS * 3),
      Holder: { allOf: [fields("o", HOME_MIN_FIELDS), { properties: { huge: ref("Huge") } }] },
    };
    const r2 = new Resolver({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/one": returning("one", "A", ref("Huge")),
        "/two": returning("two", "A", ref("Holder")),
        "/three": returning("three", "A", ref("Holder")),
      },
      components: { schemas: more },
    });
    const ops = r2.operations();
    const homes2 = schemaHomes(ops, r2, onTagPage([{ route: "/A", title: "A", entries: ops }]));
    expect([...homes2].map(([name, h]) => [name, h.users.map((u) => u.operation.operationId)])).toEqual([
      ["Holder", ["two", "three"]],
      ["Huge", ["one"]],
    ]);
    const out = treeToHtml(homedSchemas("/A", { ...ctx, r: r2, schemaHomes: homes2 } as ApiContext, routeOf));
    expect(out).toContain("Drawn in full here for the operation that uses it, whose page links here: ");
    expect(out).toContain("Drawn in full here for the 2 operations that use it, whose pages link here: ");
  });
});
