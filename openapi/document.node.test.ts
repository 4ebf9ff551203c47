/** The OpenAPI document: valid, complete against the facts file, and errors point into the YAML. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readFacts, REPO_ROOT } from "../test/helpers/spec-fixtures";
import { loadDocument, OpenApiInvalid, parseDocument } from "./generate/load";
import { Resolver } from "./generate/refs";

const FILE = path.join(REPO_ROOT, "openapi/node.yaml");

describe("openapi/node.yaml", () => {
  it("validates, with exactly the operations and schema names of the facts file", async () => {
    const { doc, warnings } = await loadDocument(FILE, "openapi/node.yaml");
    expect(warnings).toEqual([]);
    const facts = await readFacts();
    const ids = new Resolver(doc).operations().map((e) => e.operation.operationId);
    expect(ids).toHaveLength(28);
    expect([...ids].sort()).toEqual([...facts.operationIds].sort());
    const schemas = Object.keys(doc.components?.schemas ?? {});
    expect(schemas).toHaveLength(152);
    expect([...schemas].sort()).toEqual([...facts.schemaNames].sort());
  });

  it("fails with the file, line and pointer of a schema error", async () => {
    const text = (await readFile(FILE, "utf8")).replace(
      "    AptosError:\n      description: Error body returned with every 4xx and 5xx response.\n      type: object",
      "    AptosError:\n      description: Error body returned with every 4xx and 5xx response.\n      type: objekt",
    );
    const line = text.split("\n").findIndex((l) => l.includes("type: objekt")) + 1;
    const error = await parseDocument(text, "openapi/node.yaml").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenApiInvalid);
    expect((error as Error).message).toContain(`openapi/node.yaml:${line}:7 (#/components/schemas/AptosError/type)`);
    expect((error as Error).message).toMatch(/must be equal to one of the allowed values/);
  });

  it("names the missing target of a broken $ref and where it is used", async () => {
    const text = (await readFile(FILE, "utf8")).replace(
      '$ref: "#/components/schemas/ViewRequest"',
      '$ref: "#/components/schemas/ViewRequets"',
    );
    const line = text.split("\n").findIndex((l) => l.includes("ViewRequets")) + 1;
    await expect(parseDocument(text, "openapi/node.yaml")).rejects.toThrow(
      new RegExp(`openapi/node\\.yaml:${line}:\\d+ .*ViewRequets`),
    );
  });

  it("keeps $ref names in the loaded document (shared schemas stay shared)", async () => {
    const { doc } = await parseDocument(await readFile(FILE, "utf8"), "openapi/node.yaml");
    const schema = doc.paths["/transactions"]?.get?.responses["200"];
    expect(JSON.stringify(schema)).toContain('"$ref":"#/components/schemas/Transaction"');
    expect(parse(await readFile(FILE, "utf8"))).toEqual(doc);
  });
});
