/** Short labels the schema viewer writes: a kind (`one of`, `object`), a fold's summary, an example line. */
import type { TreeNode } from "../../common/tree";
import { kindOf, primitiveLabel, typeName } from "./schema-info";
import { h } from "./tree";
import type { Schema } from "./types";

export function exampleLine(s: Schema): TreeNode[] {
  if (s.example === undefined || typeof s.example === "object") return [];
  return [h("p", null, "Example: ", h("code", null, JSON.stringify(s.example)))];
}

export function kindLabel(s: Schema): string {
  switch (kindOf(s)) {
    case "union":
      return s.oneOf ? "one of" : "any of";
    case "array":
      return "array";
    case "object":
    case "allOf":
      return "object";
    default:
      return primitiveLabel(s);
  }
}

export function summaryLabel(s: Schema, name: string | null): string {
  const members = s.oneOf ?? s.anyOf;
  if (members) return `${members.length} variants`;
  if (typeName(s) === "array") return "Item structure";
  const count = Object.keys(s.properties ?? {}).length;
  return name ? `Fields of ${name}` : count ? `${count} fields` : "Structure";
}

/** The first sentence of a description's first paragraph, Markdown kept (for a field drawn again). */
export function firstSentence(text: string | undefined): string {
  const paragraph = (text ?? "").trim().split(/\n\s*\n/)[0] ?? "";
  return /^[\s\S]*?[.!?](?=\s|$)/.exec(paragraph)?.[0] ?? paragraph;
}
