/**
 * Real node responses (recorded by the node's own test suite) against the API document each set
 * names in test/fixtures/node-responses/sets.json: each body must validate against its operation's
 * response schema, with no field the document leaves out. The Movement L1 build's recordings check
 * openapi/node.yaml; the earlier `movement` build's check the document that described that build.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import {
  readMapping,
  readRecordings,
  recordingFiles,
  recordingSets,
  type Recording,
} from "../test/helpers/node-responses";
import { REPO_ROOT } from "../test/helpers/spec-fixtures";
import { strictValidator } from "../test/helpers/strict-schemas";

interface Doc {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Response> }>>;
  components: { schemas: Record<string, unknown> };
}
interface Response {
  content?: Record<string, { schema: unknown }>;
}

/** A validator of recordings against one document. */
async function checker(document: string) {
  const doc = parse(await readFile(path.join(REPO_ROOT, document), "utf8")) as Doc;
  const operations = new Map(
    Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op] as const)),
  );
  const compile = strictValidator(doc.components.schemas);
  const schemaFor = (r: Recording): unknown => {
    if (r.schema) return { $ref: `#/components/schemas/${r.schema}` };
    const response = operations.get(r.operation!)?.responses[r.status];
    if (!response) throw new Error(`${r.operation} documents no ${r.status} response`);
    return response.content?.["application/json"]?.schema;
  };
  const errorsOf = (r: Recording, body: unknown = r.body): string[] => {
    const validate = compile(schemaFor(r));
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
  };
  return { operations, errorsOf };
}

const sets = await recordingSets();

describe("recording sets", () => {
  it("check the Movement L1 build's recordings against the current document, and keep the earlier build's", () => {
    expect(sets).toContainEqual({ name: "l1-migration", document: "openapi/node.yaml" });
    expect(sets.map((s) => s.name)).toContain("movement");
  });
});

for (const set of sets) {
  const { operations, errorsOf } = await checker(set.document);
  const recordings = await readRecordings(set.name);

  describe(`${set.name} recordings against ${set.document}`, () => {
    it("maps every recording, and every mapping names a documented operation and status", async () => {
      const mapping = await readMapping(set.name);
      expect(Object.keys(mapping).sort()).toEqual(await recordingFiles(set.name));
      expect(recordings.length).toBeGreaterThanOrEqual(100);
      for (const r of recordings.filter((r) => r.operation)) {
        expect(operations.has(r.operation!), r.file).toBe(true);
        expect(Object.keys(operations.get(r.operation!)!.responses), r.file).toContain(r.status);
      }
    });

    it.each(recordings.map((r) => [`${r.file}#${r.index} (${r.operation ?? r.schema} ${r.status})`, r] as const))(
      "%s validates",
      (_, r) => {
        expect(errorsOf(r)).toEqual([]);
      },
    );

    it("fails on a field the document does not declare", () => {
      const r = recordings.find((r) => r.file.endsWith("test_get_core_account_data.json"))!;
      expect(errorsOf(r)).toEqual([]);
      const errors = errorsOf(r, { ...(r.body as object), rotation_pending: true });
      expect(errors.join("\n")).toMatch(/must NOT have unevaluated properties.*rotation_pending/);
    });

    it("fails on a field undeclared deep inside a union variant", () => {
      const r = recordings.find((r) => r.file.endsWith("test_multi_secp256k1_ecdsa.json"))!;
      const body = structuredClone(r.body) as { signatures: { extra?: number }[] };
      body.signatures[0]!.extra = 1;
      expect(errorsOf(r, body).join("\n")).toMatch(/unevaluated properties.*extra/);
    });
  });
}
