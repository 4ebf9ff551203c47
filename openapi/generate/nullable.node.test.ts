/** OpenAPI 3.1 nullability in the generator: `type: [x, "null"]` and `anyOf: [{$ref}, {type: "null"}]`. */
import { describe, expect, it } from "vitest";
import { treeToHtml } from "../../common/build/hast";
import { exampleOf } from "./example";
import { Resolver } from "./refs";
import { constraintsOf, kindOf, unwrapDescribedRef } from "./schema-info";
import { SchemaPlan } from "./schema-plan";
import { SchemaView } from "./schema-view";
import type { OpenApiDocument, Schema } from "./types";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {},
  components: {
    schemas: {
      Hash: { type: "string", description: "A hash." },
      Txn: {
        type: "object",
        required: ["code"],
        properties: {
          code: { type: ["integer", "null"], description: "Sent as `null` when unset." },
          checkpoint: {
            description: "The checkpoint hash, or `null`.",
            anyOf: [{ $ref: "#/components/schemas/Hash" }, { type: "null" }],
          },
          items: { type: ["array", "null"], items: { type: "string" } },
        },
      },
    },
  },
};
const r = new Resolver(doc);

describe("nullable schemas (OpenAPI 3.1)", () => {
  it("read as their type with a nullable mark, not as a union", () => {
    const checkpoint = doc.components!.schemas!.Txn!.properties!.checkpoint!;
    expect(kindOf(checkpoint)).toBe("leaf");
    expect(unwrapDescribedRef(checkpoint)).toEqual({
      $ref: "#/components/schemas/Hash",
      description: "The checkpoint hash, or `null`.",
      nullable: true,
    });
    const code: Schema = { type: ["integer", "null"] };
    expect(unwrapDescribedRef(code).type).toBe("integer");
    expect(constraintsOf(code)).toContainEqual({ label: "nullable" });
  });

  it("draw the field with its type, the nullable mark and the outer description", () => {
    const view = new SchemaView(r, new SchemaPlan(r));
    const out = treeToHtml(view.root({ $ref: "#/components/schemas/Txn" }, "x"));
    expect(out).toContain(
      '<a class="permalink" href="#schema-Txn.code"><code>code</code></a> <span>integer</span><i>nullable</i><b>required</b>',
    );
    expect(out).toMatch(
      /<a class="permalink" href="#schema-Txn.checkpoint"><code>checkpoint<\/code><\/a> <span>Hash<\/span> <i>string<\/i><i>nullable<\/i><p>The checkpoint hash/,
    );
    expect(out).toContain(
      '<a class="permalink" href="#schema-Txn.items"><code>items</code></a> array of <span>string</span><i>nullable</i>',
    );
    expect(out).not.toContain("any of");
  });

  it("give examples of the non-null type", () => {
    expect(exampleOf({ $ref: "#/components/schemas/Txn" }, r)).toEqual({
      code: 0,
      checkpoint: "string",
      items: ["string"],
    });
  });
});
