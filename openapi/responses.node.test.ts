/**
 * Real node responses (recorded by the node's own test suite) against openapi/node.yaml: each body
 * must validate against its operation's response schema, with no field the document leaves out.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readMapping, readRecordings, recordingFiles, type Recording } from "../test/helpers/node-responses";
import { REPO_ROOT } from "../test/helpers/spec-fixtures";
import { strictValidator } from "../test/helpers/strict-schemas";

interface Doc {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Response> }>>;
  components: { schemas: Record<string, unknown> };
}
interface Response {
  content?: Record<string, { schema: unknown }>;
}

const doc = parse(await readFile(path.join(REPO_ROOT, "openapi/node.yaml"), "utf8")) as Doc;
const operations = new Map(
  Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op] as const)),
);
const compile = strictValidator(doc.components.schemas);
const recordings = await readRecordings();

function schemaFor(r: Recording): unknown {
  if (r.schema) return { $ref: `#/components/schemas/${r.schema}` };
  const response = operations.get(r.operation!)?.responses[r.status];
  if (!response) throw new Error(`${r.operation} documents no ${r.status} response`);
  return response.content?.["application/json"]?.schema;
}

function errorsOf(r: Recording, body: unknown = r.body): string[] {
  const validate = compile(schemaFor(r));
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
}

describe("recorded node responses", () => {
  it("maps every recording, and every mapping names a documented operation and status", async () => {
    const mapping = await readMapping();
    expect(Object.keys(mapping).sort()).toEqual(await recordingFiles());
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
