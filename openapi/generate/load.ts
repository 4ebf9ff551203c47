/**
 * Reads the OpenAPI document and validates it with @readme/openapi-parser (and, for 3.1, its schemas
 * against JSON Schema 2020-12); an invalid document throws with locations.
 */
import { readFile } from "node:fs/promises";
import { compileErrors, validate, type ValidationResult } from "@readme/openapi-parser";
import { parse } from "yaml";
import { locateError } from "./locate";
import { checkSchemas } from "./schema-check";
import type { OpenApiDocument } from "./types";

export class OpenApiInvalid extends Error {}

export interface LoadedDocument {
  doc: OpenApiDocument;
  /** The document as written (YAML), for the download and for error locations. */
  text: string;
  warnings: string[];
}

/**
 * Loads and validates a document. `file` is used in messages (e.g. `openapi/node.yaml`).
 * The returned document keeps its `$ref`s: the parser validates a copy.
 */
export async function loadDocument(absolutePath: string, file: string): Promise<LoadedDocument> {
  return parseDocument(await readFile(absolutePath, "utf8"), file);
}

export async function parseDocument(text: string, file: string): Promise<LoadedDocument> {
  let doc: OpenApiDocument;
  try {
    doc = parse(text) as OpenApiDocument;
  } catch (e) {
    throw new OpenApiInvalid(`${file}: ${(e as Error).message}`);
  }
  const result = await validate(structuredClone(doc) as never);
  if (!result.valid) throw new OpenApiInvalid(await describeInvalid(result, doc, text, file));
  const schemaErrors = checkSchemas(doc, text, file);
  if (schemaErrors.length)
    throw new OpenApiInvalid([`${file} is not a valid OpenAPI document:`, ...schemaErrors].join("\n"));
  return { doc, text, warnings: result.warnings.map((w) => `${file}: ${w.message}`) };
}

async function describeInvalid(
  result: Extract<ValidationResult, { valid: false }>,
  doc: OpenApiDocument,
  text: string,
  file: string,
): Promise<string> {
  const found = new Set<string>();
  for (const error of result.errors) {
    // One error at a time, so each message comes from compileErrors and gets its own location.
    const message = compileErrors({ ...result, errors: [error], additionalErrors: 0 });
    const at = await locateError(error.message, doc, text);
    // A broken shared schema is reported once per place that uses it; one line is enough.
    found.add(`${file}${at ? `:${at.line}:${at.column} (${at.pointer})` : ""}: ${stripFrame(message)}`);
  }
  const more = result.additionalErrors ? [`…and ${result.additionalErrors} more error(s) of the validator`] : [];
  return [`${file} is not a valid OpenAPI document:`, ...found, ...more].join("\n");
}

/** Drops the parser's code frame: its line numbers count lines of the dereferenced JSON, not of the file. */
function stripFrame(message: string): string {
  return message
    .split("\n")
    .filter((l) => !/^\s*>?\s*\d*\s*\|/.test(l) && !/validation failed\.$/.test(l.trim()))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
