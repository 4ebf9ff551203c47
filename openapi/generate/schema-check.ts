/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, which the document validator does not look inside:
 * each schema is checked against the 2020-12 meta-schema here, so `type: objekt` still fails the build.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { pointerSegment } from "./refs";
import type { OpenApiDocument } from "./types";
import { YamlPositions } from "./yaml-positions";

/** Every schema of the document with its pointer: components, parameters, bodies, responses, headers. */
function* schemas(value: unknown, pointer: string): Generator<[string, unknown]> {
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${pointerSegment(key)}`;
    if (key === "schema" || pointer === "#/components/schemas") yield [at, child];
    else yield* schemas(child, at);
  }
}

/** One message per invalid schema keyword: `file:line:column (pointer): message`. */
export function checkSchemas(doc: OpenApiDocument, text: string, file: string): string[] {
  if (!doc.openapi.startsWith("3.1")) return [];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const positions = new YamlPositions(text);
  const out = new Set<string>();
  for (const [pointer, schema] of schemas(doc, "#")) {
    if (ajv.validateSchema(schema as object)) continue;
    for (const e of ajv.errors ?? []) {
      const at = positions.of(pointer + e.instancePath);
      out.add(`${file}${at ? `:${at.line}:${at.column} (${at.pointer})` : ""}: ${e.message}`);
    }
  }
  return [...out];
}
