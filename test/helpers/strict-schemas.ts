/**
 * The document's schemas as a JSON Schema 2020-12 validator (ajv) that also rejects properties the
 * document does not declare, so a field the node sends but the reference leaves out fails a test.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

type Json = Record<string, unknown>;
type Mode = "closed" | "open";

const ROOT = "https://movement.test/node-api.json";
/** Keywords whose subschemas apply to the same value as their parent (so the parent closes it). */
const IN_PLACE = new Set(["allOf", "oneOf", "anyOf", "not", "if", "then", "else"]);
/** Keywords whose subschemas apply to a property or item (a new value, closed on its own). */
const NESTED_MAP = new Set(["properties", "patternProperties", "$defs"]);
const NESTED_ONE = new Set(["items", "additionalProperties", "contains", "propertyNames", "unevaluatedItems"]);
const UINT_MAX: Record<string, bigint> = { uint8: 2n ** 8n, uint16: 2n ** 16n, uint32: 2n ** 32n, uint64: 2n ** 64n };

function refTarget(ref: string, mode: Mode): string {
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  if (!name) throw new Error(`unexpected $ref ${ref}`);
  return `${ROOT}#/$defs/${mode}/${name}`;
}

/**
 * Does this schema list the properties of the objects it accepts (itself, through its subschemas or
 * what it refers to)? Then closing it means something; `type: object` alone is a free-form map.
 */
function describesObject(s: Json, components: Json, seen = new Set<string>()): boolean {
  if ("additionalProperties" in s || "unevaluatedProperties" in s) return false;
  if ("properties" in s || [...IN_PLACE].some((k) => k in s)) return true;
  const ref = s.$ref as string | undefined;
  const name = ref?.split("/").pop();
  if (!name || seen.has(name)) return false;
  return describesObject(components[name] as Json, components, seen.add(name));
}

/**
 * Rewrites one schema: `closed` adds `unevaluatedProperties: false` where the value's properties are
 * fully described; subschemas applied to the same value (allOf, oneOf, $ref…) are left `open` so the
 * properties they declare count for the parent instead of failing on each other.
 */
export function strict(schema: unknown, mode: Mode, components: Json): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const sub = (v: unknown, m: Mode) =>
    Array.isArray(v) ? v.map((x) => strict(x, m, components)) : strict(v, m, components);
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === "$ref") out[key] = refTarget(value as string, mode);
    else if (IN_PLACE.has(key)) out[key] = sub(value, "open");
    else if (NESTED_MAP.has(key))
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, sub(v, "closed")]));
    else if (NESTED_ONE.has(key) || key === "prefixItems") out[key] = sub(value, "closed");
    else out[key] = value;
  }
  if (mode === "closed" && describesObject(schema as Json, components)) out.unevaluatedProperties = false;
  return out;
}

/** An ajv instance holding the document's component schemas, closed and open. */
export function strictValidator(components: Json): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
  // OpenAPI's own schema keywords: annotations, not assertions.
  ajv.addKeyword({ keyword: "discriminator" });
  ajv.addKeyword({ keyword: "example" });
  for (const [name, max] of Object.entries(UINT_MAX))
    ajv.addFormat(name, { type: "number", validate: (n: number) => Number.isInteger(n) && n >= 0 && BigInt(n) < max });
  for (const name of ["uint128", "uint256"]) ajv.addFormat(name, { type: "string", validate: () => true });
  ajv.addFormat("hex", /^0x[0-9a-fA-F]*$/);
  const map = (mode: Mode) =>
    Object.fromEntries(Object.entries(components).map(([k, v]) => [k, strict(v, mode, components)]));
  ajv.addSchema({ $id: ROOT, $defs: { closed: map("closed"), open: map("open") } });
  return (schema) => ajv.compile(strict(schema, "closed", components) as Json);
}
