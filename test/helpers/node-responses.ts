/**
 * The node's recorded responses (test/fixtures/node-responses/<set>/): each body with the operation
 * and status it answered, after undoing the edits the recording harness made (see the folder README).
 * `sets.json` names, per set, the API document its bodies are checked against.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { REPO_ROOT } from "./spec-fixtures";

const DIR = path.join(REPO_ROOT, "test/fixtures/node-responses");

export interface MappingEntry {
  operation?: string;
  status?: string;
  parts?: string[];
  schema?: string;
  request: string;
}

export interface Recording {
  file: string;
  /** Which body of the file (files may hold several). */
  index: number;
  operation?: string;
  status: string;
  /** A component schema to check against instead of the operation's response. */
  schema?: string;
  body: unknown;
}

export interface RecordingSet {
  /** The folder under test/fixtures/node-responses, named after the node branch it was recorded on. */
  name: string;
  /** The OpenAPI document (path from the repository root) that must describe every body. */
  document: string;
}

export async function recordingSets(): Promise<RecordingSet[]> {
  const table = JSON.parse(await readFile(path.join(DIR, "sets.json"), "utf8")) as Record<string, string>;
  return Object.entries(table).map(([name, document]) => ({ name, document }));
}

export async function readMapping(set: string): Promise<Record<string, MappingEntry>> {
  return JSON.parse(await readFile(path.join(DIR, set, "mapping.json"), "utf8")) as Record<string, MappingEntry>;
}

export async function recordingFiles(set: string): Promise<string[]> {
  return (await readdir(path.join(DIR, set, "recordings"))).filter((f) => f.endsWith(".json")).sort();
}

/** A file may hold several pretty-printed JSON values one after another; each starts in column 0. */
export function splitBodies(text: string): unknown[] {
  return text
    .split(/\n(?=[[{"\d])/)
    .filter((t) => t.trim())
    .map((t) => JSON.parse(t) as unknown);
}

const MARKERS = new Set([
  "bytecode omitted",
  "package registry omitted",
  "state storage omitted",
  "state storage gas parameter omitted",
]);
const isNullData = (v: unknown) => JSON.stringify(v) === '{"data":null}';

/** Reverts the harness's pruning of write-set changes in transaction lists (hash blanking is left). */
export function undoHarnessEdits(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  for (const txn of body as { changes?: { type: string; data?: Record<string, unknown> | null }[] }[]) {
    for (const change of txn.changes ?? []) {
      const data = change.data;
      if (change.type.startsWith("delete_") && isNullData(data)) delete change.data;
      else if (change.type === "write_table_item" && isNullData(data)) change.data = null;
      else if (data && MARKERS.has(data.data as string))
        if (change.type === "write_module") delete data.data;
        else data.data = {};
      else if (data && "data" in data && data.data === null && change.type === "write_table_item") delete data.data;
    }
  }
  return body;
}

export async function readRecordings(set: string): Promise<Recording[]> {
  const mapping = await readMapping(set);
  const out: Recording[] = [];
  for (const file of await recordingFiles(set)) {
    const entry = mapping[file];
    if (!entry) throw new Error(`${set}/recordings/${file} has no line in ${set}/mapping.json`);
    const bodies = splitBodies(await readFile(path.join(DIR, set, "recordings", file), "utf8"));
    const expanded = entry.parts
      ? (bodies[0] as unknown[]).map((body, i) => ({ body, status: entry.parts![i]! }))
      : bodies.map((body) => ({ body, status: entry.status! }));
    expanded.forEach(({ body, status }, index) =>
      out.push({ file, index, operation: entry.operation, status, schema: entry.schema, body: undoHarnessEdits(body) }),
    );
  }
  return out;
}
