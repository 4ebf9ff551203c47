/**
 * Finds where in the YAML source a validation error lies. The parser reports schema errors with a
 * code frame over `JSON.stringify(dereferenced, null, 2)`; we rebuild that text's line → pointer
 * map, follow the pointer back through the source's `$ref`s and read the YAML node's position.
 */
import { dereference } from "@readme/openapi-parser";
import { decodeSegment, isRef, pointerSegment, Resolver } from "./refs";
import type { OpenApiDocument } from "./types";
import { YamlPositions, type SourceLocation } from "./yaml-positions";

const dereferenced = new WeakMap<OpenApiDocument, Promise<unknown>>();

export async function locateError(message: string, doc: OpenApiDocument, text: string): Promise<SourceLocation | null> {
  const framed = /^>\s*(\d+)\s*\|/m.exec(message);
  if (framed) {
    if (!dereferenced.has(doc))
      dereferenced.set(doc, dereference(structuredClone(doc) as never, { dereference: { circular: "ignore" } }));
    const derefed = await dereferenced.get(doc);
    const pointer = pointerAtLine(derefed, Number(framed[1]));
    return pointer ? new YamlPositions(text).of(sourcePointer(doc, pointer)) : null;
  }
  const missing = /Missing \$ref pointer "([^"]+)"/.exec(message);
  if (missing) return lineMatching(text, new RegExp(`\\$ref:\\s*["']?${escape(missing[1]!)}["']?\\s*$`), missing[1]!);
  const dupOp = /operationId `([^`]+)` is duplicated/.exec(message);
  if (dupOp)
    return lineMatching(
      text,
      new RegExp(`operationId:\\s*["']?${escape(dupOp[1]!)}["']?\\s*$`),
      `operationId: ${dupOp[1]}`,
      true,
    );
  return null;
}

/** The pointer of the member that starts at `line` in `JSON.stringify(value, null, 2)`. */
export function pointerAtLine(value: unknown, line: number): string | null {
  let current = 1;
  let found: string | null = null;
  const visit = (v: unknown, pointer: string): void => {
    if (found) return;
    if (typeof v !== "object" || v === null) return;
    const entries = Array.isArray(v)
      ? v.map((x, i) => [String(i), x] as const)
      : Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== "function");
    if (entries.length === 0) return;
    for (const [key, child] of entries) {
      current++;
      const here = `${pointer}/${pointerSegment(key)}`;
      if (current === line) {
        found = here;
        return;
      }
      visit(child, here);
      if (found) return;
    }
    current++; // the closing bracket
  };
  if (line === 1) return "#";
  visit(value, "#");
  return found;
}

/** Maps a pointer into the dereferenced document to the pointer of the same value in the source. */
export function sourcePointer(doc: OpenApiDocument, pointer: string): string {
  const resolver = new Resolver(doc);
  let cur: unknown = doc;
  let at = "#";
  for (const raw of pointer.slice(1).split("/").filter(Boolean)) {
    const seg = decodeSegment(raw);
    if (isRef(cur) && seg !== "$ref") {
      at = cur.$ref;
      cur = resolver.at(cur.$ref);
    }
    if (typeof cur !== "object" || cur === null) break;
    cur = (cur as Record<string, unknown>)[seg];
    at += `/${pointerSegment(seg)}`;
  }
  return at;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first (or last) line matching `pattern`; `what` stands in for a pointer in the message. */
function lineMatching(text: string, pattern: RegExp, what: string, last = false): SourceLocation | null {
  const lines = text.split("\n");
  const indexes = lines.map((l, i) => (pattern.test(l) ? i : -1)).filter((i) => i >= 0);
  const i = last ? indexes[indexes.length - 1] : indexes[0];
  if (i === undefined) return null;
  return { line: i + 1, column: lines[i]!.search(/\S/) + 1, pointer: what };
}
