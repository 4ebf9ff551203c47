/**
 * Which schemas are drawn once on a home page (large ones several operations use, what they hold
 * drawn with them), which tag page is their home, and how the home page and other pages draw them.
 */
import { describe, expect, it } from "vitest";
import { Resolver } from "./refs";
import { HOME_MIN_FIELDS, onOwnPage, PAGE_MAX_FIELDS, schemaHomes } from "./schema-homes";
import type { OpenApiDocument, OperationEntry, Schema } from "./types";

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
  // A part homed for the size of a page has no operation of its own.
  const tagOf = (users: OperationEntry[]) => users[0]?.operation.tags![0] ?? "own";
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

describe("a page of its own", () => {
  it("is the homed schema's: /api/node/<name>-type, titled after it", () => {
    expect(onOwnPage([], "Transaction")).toEqual({
      route: "/api/node/transaction-type",
      title: "The Transaction type",
    });
    expect(onOwnPage([], "TransactionPayload").route).toBe("/api/node/transaction-payload-type");
  });
});

describe("what homed schemas hold", () => {
  const union = (members: string[]): Schema => ({
    oneOf: members.map((m) => ref(`W_${m}`)),
    discriminator: { propertyName: "type" },
  });
  const wrap = (name: string): Schema => ({
    allOf: [{ type: "object", properties: { type: { type: "string" } } }, ref(name)],
  });

  it("homes a large schema that one operation and one homed schema use, each page linking there", () => {
    const schemas = {
      Big: { allOf: [fields("b", HOME_MIN_FIELDS), { properties: { log: ref("Log") } }] },
      Log: fields("l", HOME_MIN_FIELDS),
    };
    const paths = {
      "/one": returning("one", "A", ref("Big")),
      "/two": returning("two", "A", ref("Big")),
      "/three": returning("three", "A", ref("Log")),
    };
    expect(homesOf(paths, schemas)).toEqual({ Big: ["/A", ["one", "two"]], Log: ["/A", ["three"]] });
  });

  it("keeps a homed union's variants in it, where their fields' anchors are, while the page is not too large", () => {
    const schemas = {
      U: union(["X", "Y"]),
      W_X: wrap("X"),
      W_Y: wrap("Y"),
      X: fields("x", HOME_MIN_FIELDS),
      Y: fields("y", 30),
    };
    const paths = {
      "/one": returning("one", "A", ref("U")),
      "/two": returning("two", "A", ref("U")),
      "/three": returning("three", "A", ref("X")),
    };
    expect(homesOf(paths, schemas)).toEqual({ U: ["/A", ["one", "two"]] });
  });

  it("gives the largest part of a page with more than PAGE_MAX_FIELDS fields a page of its own", () => {
    const schemas = {
      U: union(["X", "Y"]),
      W_X: wrap("X"),
      W_Y: wrap("Y"),
      X: fields("x", HOME_MIN_FIELDS + 5),
      Y: fields("y", PAGE_MAX_FIELDS - HOME_MIN_FIELDS),
    };
    const paths = { "/one": returning("one", "A", ref("U")), "/two": returning("two", "A", ref("U")) };
    // Y is the largest part: once it has its own page, U draws few enough fields.
    expect(homesOf(paths, schemas)).toEqual({ U: ["/A", ["one", "two"]], Y: ["/own", []] });
  });
});
