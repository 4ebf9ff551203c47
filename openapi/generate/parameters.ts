/**
 * The parameter tables of an operation page: one per location, with type, constraints, default and
 * example; each row has an id, and its name is the permalink to it.
 */
import { namePermalink } from "../../common/permalink";
import type { TreeElement, TreeNode } from "../../common/tree";
import { prose } from "./markdown";
import type { Resolver } from "./refs";
import { factNodes } from "./facts";
import { constraintsOf, effective, primitiveLabel } from "./schema-info";
import { schemaId } from "./schema-view";
import type { SchemaPlan } from "./schema-plan";
import { h } from "./tree";
import type { Parameter } from "./types";

export const LOCATIONS = [
  { in: "path", title: "Path parameters" },
  { in: "query", title: "Query parameters" },
  { in: "header", title: "Header parameters" },
  { in: "cookie", title: "Cookie parameters" },
] as const;

export function parameterTable(params: Parameter[], r: Resolver, plan: SchemaPlan): TreeElement {
  return h(
    "table",
    // Focusable: on a phone the table scrolls sideways in its own box, and keyboards must reach it.
    { className: "api-table api-params", tabIndex: 0 },
    h("thead", null, h("tr", null, h("th", null, "Name"), h("th", null, "Type"), h("th", null, "Description"))),
    h("tbody", null, ...params.map((p) => row(p, r, plan))),
  );
}

function row(p: Parameter, r: Resolver, plan: SchemaPlan): TreeNode {
  const schema = p.schema ?? {};
  const name = r.schemaName(schema);
  const resolved = effective(schema, r);
  const example = p.example ?? resolved.example;
  // A named type is shown by name (linked to its block, on this page or its home page, when it
  // has one) with what it is.
  const home = name ? plan.elsewhere(name) : null;
  const typeName = name
    ? home || plan.isShared(name)
      ? h("a", { href: `${home?.route ?? ""}#${schemaId(name)}` }, name)
      : h("span", null, name)
    : null;
  const description = p.description ?? resolved.description;
  const id = `param-${p.in}-${p.name}`;
  return h(
    "tr",
    { id },
    h(
      "td",
      null,
      namePermalink(id, p.name),
      p.required ? h("b", null, "required") : null,
      p.deprecated ? h("i", null, "deprecated") : null,
    ),
    h(
      "td",
      null,
      typeName,
      typeName ? " " : null,
      typeName ? h("i", null, primitiveLabel(resolved)) : h("span", null, primitiveLabel(resolved)),
      ...factNodes(constraintsOf(resolved)),
    ),
    h(
      "td",
      null,
      ...prose(description),
      example !== undefined
        ? h("p", null, "Example: ", h("code", null, typeof example === "string" ? example : JSON.stringify(example)))
        : null,
    ),
  );
}
