/** What a schema is, in a few words: its kind, a type label, and its constraints as short facts. */
import type { Resolver } from "./refs";
import type { Schema } from "./types";

export type SchemaKind = "leaf" | "object" | "union" | "allOf" | "array";

/** Schemas that are one value (strings, numbers, enums, free-form objects) are leaves. */
export function kindOf(schema: Schema): SchemaKind {
  if (schema.allOf) return isDescribedRef(schema) ? "leaf" : "allOf";
  if (schema.oneOf || schema.anyOf) return nullableMember(schema) ? kindOf(unwrapDescribedRef(schema)) : "union";
  if (schema.properties) return "object";
  if (typeName(schema) === "array") return "array";
  return "leaf";
}

/** The type other than `"null"` (OpenAPI 3.1 writes a nullable type as `type: [string, "null"]`). */
export function typeName(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** May the value be `null`: `type: [x, "null"]`, `anyOf: [x, {type: "null"}]` or 3.0's `nullable`. */
export function isNullable(schema: Schema): boolean {
  return !!schema.nullable || (Array.isArray(schema.type) && schema.type.includes("null")) || !!nullableMember(schema);
}

/** In `anyOf`/`oneOf: [x, {type: "null"}]` (a nullable reference in 3.1), the `x`. */
function nullableMember(schema: Schema): Schema | undefined {
  const members = schema.anyOf ?? schema.oneOf;
  if (members?.length !== 2) return undefined;
  const isNull = (m: Schema) => m.type === "null" && Object.keys(m).length === 1;
  const rest = members.filter((m) => !isNull(m));
  return rest.length === 1 ? rest[0] : undefined;
}

/** `allOf: [{$ref}, {description}]`, the OpenAPI 3.0 way to describe a reference. */
export function isDescribedRef(schema: Schema): boolean {
  const all = schema.allOf ?? [];
  return (
    all.filter((s) => s.$ref).length === 1 &&
    all.every((s) => s.$ref || Object.keys(s).every((k) => k === "description" || k === "example"))
  );
}

/**
 * The schema that says what the value is, with the description carried over: the reference of a
 * described ref, the `x` of a nullable `anyOf: [x, {type: "null"}]`, the `x` of `type: [x, "null"]`
 * (both marked `nullable`, so readers still see that `null` is sent).
 */
export function unwrapDescribedRef(schema: Schema): Schema {
  const member = nullableMember(schema);
  if (member) {
    const { anyOf: _a, oneOf: _o, ...outer } = schema;
    return { ...unwrapDescribedRef(member), ...outer, nullable: true };
  }
  if (Array.isArray(schema.type))
    return { ...schema, type: typeName(schema), nullable: isNullable(schema) || undefined };
  if (!schema.allOf || !isDescribedRef(schema)) return schema;
  const ref = schema.allOf.find((s) => s.$ref)!;
  const description = schema.description ?? schema.allOf.find((s) => s.description && !s.$ref)?.description;
  const example = schema.example ?? schema.allOf.find((s) => s.example !== undefined && !s.$ref)?.example;
  return { ...ref, ...(description ? { description } : {}), ...(example !== undefined ? { example } : {}) };
}

/** `string (uint64)`, `integer`, `object`, `any`. */
export function primitiveLabel(schema: Schema): string {
  const type = typeName(schema) ?? (schema.properties ? "object" : "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

/**
 * A fact about a value's constraints: a label (`≥ 1`, `nullable`) and, for facts that quote the
 * document (a pattern, enum values, a default), the quoted values, shown verbatim in code.
 */
export interface Fact {
  label: string;
  code?: string[];
}

/** Short facts about a value's constraints, e.g. `pattern` `^0x…$`, `≥ 1`, `default` `25`. */
export function constraintsOf(schema: Schema): Fact[] {
  const out: Fact[] = [];
  const fact = (label: string, code?: string[]) => out.push(code ? { label, code } : { label });
  if (schema.enum && schema.enum.length > 1)
    fact(
      "one of",
      schema.enum.map((v) => JSON.stringify(v)),
    );
  if (schema.minimum !== undefined) fact(`${schema.exclusiveMinimum ? ">" : "≥"} ${schema.minimum}`);
  if (schema.maximum !== undefined) fact(`${schema.exclusiveMaximum ? "<" : "≤"} ${schema.maximum}`);
  if (schema.minLength !== undefined) fact(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) fact(`max length ${schema.maxLength}`);
  if (schema.minItems !== undefined) fact(`min items ${schema.minItems}`);
  if (schema.maxItems !== undefined) fact(`max items ${schema.maxItems}`);
  if (schema.uniqueItems) fact("unique items");
  if (schema.pattern) fact("pattern", [schema.pattern]);
  if (schema.default !== undefined) fact("default", [JSON.stringify(schema.default)]);
  if (isNullable(schema)) fact("nullable");
  if (schema.readOnly) fact("read-only");
  if (schema.writeOnly) fact("write-only");
  if (schema.deprecated) fact("deprecated");
  return out;
}

/** The single allowed value of a one-value enum (how discriminator properties are pinned), if any. */
export function constantOf(schema: Schema): unknown {
  return schema.enum?.length === 1 ? schema.enum[0] : undefined;
}

/** Follows refs and described refs to the schema that says what the value is. */
export function effective(schema: Schema, r: Resolver): Schema {
  let cur = unwrapDescribedRef(schema);
  for (let i = 0; cur.$ref && i < 32; i++) cur = unwrapDescribedRef(r.resolve(cur as Schema));
  return cur;
}
