/**
 * Every error example of openapi/node.yaml against the node's own table of which `error_code` it
 * sends with which HTTP status (test/fixtures/node-responses/l1-migration/error-codes.json, derived
 * from the node's error enum and response macros; see that folder's README). An example must use a
 * code the node sends with its status and carry `vm_error_code`, a number exactly when the code is
 * one the VM reports.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readRecordings } from "../test/helpers/node-responses";
import { REPO_ROOT } from "../test/helpers/spec-fixtures";

interface Table {
  statuses: Record<string, string[]>;
  withVmErrorCode: string[];
}
interface Media {
  schema?: { $ref?: string };
  example?: unknown;
}
interface Doc {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, Media> }> }>
  >;
  components: { schemas: { AptosErrorCode: { enum: string[] } } };
}

const table = JSON.parse(
  await readFile(path.join(REPO_ROOT, "test/fixtures/node-responses/l1-migration/error-codes.json"), "utf8"),
) as Table;
const source = await readFile(path.join(REPO_ROOT, "openapi/node.yaml"), "utf8");
const ERROR_BODY = "#/components/schemas/AptosError";

/** What is wrong with the document's error examples, one line per problem; the count of those checked. */
function problems(doc: Doc): { checked: number; wrong: string[] } {
  const wrong: string[] = [];
  let checked = 0;
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.["application/json"];
        const where = `${op.operationId} ${status}`;
        if (media?.schema?.$ref !== ERROR_BODY) {
          wrong.push(`${where}: the body is not an AptosError`);
          continue;
        }
        checked++;
        const example = media.example as Record<string, unknown> | undefined;
        if (!example) {
          wrong.push(`${where}: no example`);
          continue;
        }
        const code = example.error_code as string;
        if (!table.statuses[status]?.includes(code))
          wrong.push(`${where}: the node does not send error_code "${code}" with ${status}`);
        if (typeof example.message !== "string" || !example.message) wrong.push(`${where}: no message`);
        if (!("vm_error_code" in example)) wrong.push(`${where}: no vm_error_code`);
        else if (table.withVmErrorCode.includes(code) !== Number.isInteger(example.vm_error_code))
          wrong.push(`${where}: vm_error_code ${JSON.stringify(example.vm_error_code)} with error_code "${code}"`);
      }
  return { checked, wrong };
}

describe("error examples of openapi/node.yaml", () => {
  it("each uses an error_code the node sends with its status, with vm_error_code", () => {
    const { checked, wrong } = problems(parse(source) as Doc);
    expect(wrong).toEqual([]);
    expect(checked).toBe(167);
  });

  it("are chosen per status and operation, not one example for all", () => {
    const doc = parse(source) as Doc;
    const codes = new Set<string>();
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const [status, r] of Object.entries(op.responses))
          if (Number(status) >= 400)
            codes.add((r.content!["application/json"]!.example as { error_code: string }).error_code);
    expect(codes.size).toBeGreaterThanOrEqual(15);
  });

  it("fail on a code the node does not send with that status, planted in a copy of the document", () => {
    const doc = parse(source) as Doc;
    const media = doc.paths["/transactions/by_hash/{txn_hash}"]!.get!.responses["404"]!.content!["application/json"]!;
    media.example = { ...(media.example as object), error_code: "mempool_is_full" };
    expect(problems(doc).wrong).toEqual([
      'get_transaction_by_hash 404: the node does not send error_code "mempool_is_full" with 404',
    ]);
  });

  it("fail without vm_error_code, or with a number where the VM reported nothing", () => {
    const doc = parse(source) as Doc;
    const media = doc.paths["/view"]!.post!.responses["400"]!.content!["application/json"]!;
    const { vm_error_code: _, ...rest } = media.example as Record<string, unknown>;
    media.example = rest;
    const submit = doc.paths["/transactions"]!.post!.responses["400"]!.content!["application/json"]!;
    submit.example = { ...(submit.example as object), error_code: "invalid_input" };
    expect(problems(doc).wrong).toEqual([
      'submit_transaction 400: vm_error_code 1 with error_code "invalid_input"',
      "view 400: no vm_error_code",
    ]);
  });
});

describe("the status-to-codes table", () => {
  it("names every code of the document's AptosErrorCode enum, and nothing else", () => {
    const doc = parse(source) as Doc;
    const inTable = new Set(Object.values(table.statuses).flat());
    expect([...inTable].sort()).toEqual([...doc.components.schemas.AptosErrorCode.enum].sort());
  });

  it("agrees with every error body the node's own tests recorded", async () => {
    const seen: string[] = [];
    for (const r of await readRecordings("l1-migration")) {
      const body = r.body as { error_code?: string; vm_error_code?: unknown } | null;
      if (!body || typeof body !== "object" || Array.isArray(body) || !body.error_code) continue;
      seen.push(`${r.status} ${body.error_code}`);
      expect(table.statuses[r.status], `${r.file}: ${r.status}`).toContain(body.error_code);
      expect(Number.isInteger(body.vm_error_code), r.file).toBe(table.withVmErrorCode.includes(body.error_code));
    }
    expect(seen.length).toBeGreaterThan(60);
  });
});
