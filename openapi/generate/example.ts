/**
 * Example values generated from schemas: `example` wins where given, otherwise a value of the right
 * type; unions take their first variant with the discriminator set to that variant's mapping value.
 */
import type { Resolver } from "./refs";
import { typeName, unwrapDescribedRef } from "./schema-info";
import type { Schema } from "./types";

const MAX_DEPTH = 12;

/** A JSON example up to this length (on one line) is shown inline; a longer one gets a code block. */
export const INLINE_EXAMPLE_MAX = 240;

const BY_FORMAT: Record<string, unknown> = {
  "date-time": "2025-01-01T00:00:00Z",
  date: "2025-01-01",
  uri: "https://example.com",
  url: "https://example.com",
  email: "dev@example.com",
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  hex: "0x1",
  uint64: "0",
  uint128: "0",
  uint256: "0",
  byte: "",
};

export function exampleOf(schema: Schema, r: Resolver, stack: string[] = []): unknown {
  schema = unwrapDescribedRef(schema);
  if (schema.example !== undefined) return schema.example;
  const name = r.schemaName(schema);
  if (name) {
    const target = r.resolve(schema);
    if (stack.includes(name) || stack.length >= MAX_DEPTH) return emptyOf(target);
    return exampleOf(target, r, [...stack, name]);
  }
  if (schema.allOf) {
    const merged: Record<string, unknown> = {};
    for (const part of schema.allOf) {
      const value = exampleOf(part, r, stack);
      // Earlier members win: a variant wrapper pins the discriminator before its base schema.
      if (value && typeof value === "object" && !Array.isArray(value))
        for (const [k, v] of Object.entries(value)) if (!(k in merged)) merged[k] = v;
    }
    return merged;
  }
  const members = schema.oneOf ?? schema.anyOf;
  if (members?.length) return unionExample(schema, members, r, stack);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case "array":
      return stack.length >= MAX_DEPTH || !schema.items ? [] : [exampleOf(schema.items, r, stack)];
    case "string":
      return (schema.format && BY_FORMAT[schema.format]) ?? "string";
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return true;
  }
  if (schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(schema.properties)) out[key] = exampleOf(prop, r, stack);
    return out;
  }
  return {};
}

function unionExample(schema: Schema, members: Schema[], r: Resolver, stack: string[]): unknown {
  const d = schema.discriminator;
  const first = Object.entries(d?.mapping ?? {})[0];
  if (d && first) {
    const value = exampleOf({ $ref: first[1] }, r, stack);
    return value && typeof value === "object" && !Array.isArray(value)
      ? { ...value, [d.propertyName]: first[0] }
      : value;
  }
  return exampleOf(members[0]!, r, stack);
}

function emptyOf(schema: Schema): unknown {
  if (typeName(schema) === "array") return [];
  if (typeName(schema) === "string") return "string";
  return {};
}

/**
 * The example of a response body, fitted to the response: when its description names a value of
 * an enum property in backticks (an error code such as `block_not_found`), the example uses that
 * value, and its free-text fields say what the description says instead of echoing another error.
 */
export function responseExample(schema: Schema, description: string | undefined, r: Resolver): unknown {
  const base = exampleOf(schema, r);
  if (!description || !base || typeof base !== "object" || Array.isArray(base)) return base;
  const mentioned = [...description.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const properties = Object.entries(resolveObject(schema, r).properties ?? {});
  const out = { ...(base as Record<string, unknown>) };
  let changed = false;
  for (const [key, prop] of properties) {
    const values = resolveObject(prop, r).enum;
    const hit = values && mentioned.find((v) => values.includes(v));
    if (hit && out[key] !== hit) {
      out[key] = hit;
      changed = true;
    }
  }
  if (!changed) return base;
  const sentence = (description.split(/(?<=\.)\s/)[0] ?? description).replace(/`/g, "");
  for (const [key, prop] of properties) {
    const s = resolveObject(prop, r);
    if (s.type === "string" && !s.enum && typeof out[key] === "string") out[key] = sentence;
  }
  return out;
}

function resolveObject(schema: Schema, r: Resolver): Schema {
  let s = unwrapDescribedRef(schema);
  for (let i = 0; s.$ref && i < 32; i++) s = unwrapDescribedRef(r.resolve(s));
  return s;
}
