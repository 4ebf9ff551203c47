/**
 * The schema viewer, as intrinsic page-tree nodes: fields with type, required flag, constraints and
 * description (required first), nesting in <details>, allOf merged, oneOf/anyOf shown as variants
 * labelled by their discriminator value, and a stable id on every field and variant
 * (`schema-Transaction.user_transaction.sender`). Shared schemas are linked, see SchemaPlan, and
 * so are schemas drawn on a home page (schema-homes.ts), to that page.
 *
 * Markup is terse on purpose (classes on containers only; styles in client/styles/api.css): a
 * transaction page draws a few hundred fields. In a field row: the <code> name as the permalink
 * to the row (common/permalink.ts), <a>/<span> type, <b> required, <i> facts (quoted values in
 * <code>), <p> description. A field already drawn on
 * the page (the fields every transaction variant shares) is drawn again short: type, flag and first
 * sentence, with a link to the full entry.
 */
import { namePermalink } from "../../common/permalink";
import type { TreeNode } from "../../common/tree";
import { factNodes } from "./facts";
import { markdown } from "./markdown";
import { exampleLine, firstSentence, kindLabel, summaryLabel } from "./schema-labels";
import type { Resolver } from "./refs";
import type { SchemaPlan } from "./schema-plan";
import { constantOf, constraintsOf, effective, kindOf, primitiveLabel, unwrapDescribedRef } from "./schema-info";
import { h } from "./tree";
import type { Schema } from "./types";

export const schemaId = (name: string) => `schema-${name}`;

interface FieldEntry {
  name: string;
  schema: Schema;
  required: boolean;
}

/** Fields drawn in full once: later identical fields (same name, schema and flag) point back to them. */
interface FirstDrawn {
  id: string;
  /** What owns the field list (a variant's discriminator value, a schema's name), named by the repeat's link. */
  ownerLabel: string;
}

export class SchemaView {
  /** Named schemas being drawn, outermost first: the recursion guard. */
  private readonly drawing: string[] = [];
  private readonly drawn = new Map<string, FirstDrawn>();

  constructor(
    readonly r: Resolver,
    readonly plan: SchemaPlan,
  ) {}

  /** A schema where a request or response body is described. `id` names it when it is anonymous. */
  root(schema: Schema, id: string): TreeNode[] {
    const s = unwrapDescribedRef(schema);
    const name = this.r.schemaName(s);
    if (name && this.plan.elsewhere(name)) return this.summary(name);
    if (name && this.linked(name)) return [h("p", null, "Schema: ", this.link(name))];
    if (name) return [this.drawNamed(name, "sv")];
    if (s.type === "array" && s.items) return [h("p", null, "Array of:"), ...this.root(s.items, id)];
    if (kindOf(s) === "leaf") return [h("p", { className: "sv-leaf" }, ...this.leafLabel(s))];
    return [h("div", { className: "sv", id }, ...markdown(s.description), ...this.body(s, id, "this body"))];
  }

  /** A link to the schema's block when the schema is a shared one, else null. */
  sharedLink(schema: Schema): TreeNode | null {
    const name = this.r.schemaName(unwrapDescribedRef(schema));
    return name && this.plan.isShared(name) ? this.link(name) : null;
  }

  /**
   * A schema drawn on its home page, where a body is described: its name linked there, its
   * description, and for a union its variants, each linked to where that page draws it.
   */
  private summary(name: string): TreeNode[] {
    const schema = this.r.schema(name);
    const home = this.plan.elsewhere(name)!;
    const d = schema.discriminator;
    const variants = this.variantKeys(schema).map((key) =>
      h("a", { href: `${home.route}#${schemaId(name)}.${key}` }, h("code", null, key)),
    );
    const list = variants.flatMap((v, i) => (i ? [", ", v] : [v]));
    return [
      h(
        "p",
        null,
        "Schema: ",
        this.link(name),
        " (drawn in full on the page ",
        // Its fields' anchors were on this page before the type had a home: the client sends old links there.
        h("a", { href: home.route, "data-moved-anchors": schemaId(name) }, home.title),
        ").",
      ),
      ...markdown(schema.description),
      ...(variants.length
        ? [
            h(
              "p",
              null,
              ...(d ? ["Told apart by ", h("code", null, d.propertyName), ": "] : ["Variants: "]),
              ...list,
              ".",
            ),
          ]
        : []),
    ];
  }

  /** The block of a shared schema in the page's "Schemas" section. */
  block(name: string): TreeNode {
    return this.drawNamed(name, "sv-b");
  }

  /** A schema drawn in full on its home page, in its own section; every other use links to it. */
  home(name: string): TreeNode {
    return this.drawNamed(name, "sv");
  }

  private drawNamed(name: string, className: string): TreeNode {
    const schema = this.r.schema(name);
    const id = schemaId(name);
    const leaf = kindOf(schema) === "leaf";
    this.drawing.push(name);
    const content = leaf ? exampleLine(schema) : this.body(schema, id, name);
    this.drawing.pop();
    const title = h(
      "p",
      { className: "sv-title" },
      h("code", null, name),
      " ",
      ...(leaf ? this.leafLabel(schema, true) : [h("i", null, kindLabel(schema))]),
    );
    return h("div", { className, id }, title, ...markdown(schema.description), ...content);
  }

  private linked(name: string): boolean {
    return (
      this.plan.isShared(name) ||
      this.drawing.includes(name) ||
      this.plan.homedHere(name) ||
      this.plan.elsewhere(name) !== null
    );
  }

  private link(name: string): TreeNode {
    return h("a", { href: `${this.plan.elsewhere(name)?.route ?? ""}#${schemaId(name)}` }, name);
  }

  /**
   * The structure of an object, allOf, union or array schema. `owner` labels the field list in
   * "same as in …" references; `pinned` is a discriminator property the enclosing variant fixes.
   */
  private body(schema: Schema, prefix: string, owner: string, pinned?: string): TreeNode[] {
    switch (kindOf(schema)) {
      case "union":
        return [this.union(schema, prefix)];
      case "array": {
        if (!schema.items) return [];
        const item = this.typeOf(schema.items, prefix);
        return [h("p", null, "Each item: ", ...item.label), ...item.nested];
      }
      case "allOf":
      case "object": {
        const merged = this.merge(schema);
        const fields = merged.fields.filter((f) => f.name !== pinned);
        const extra =
          typeof schema.additionalProperties === "object"
            ? [h("p", null, "Other keys: ", ...this.typeOf(schema.additionalProperties, `${prefix}.*`).label)]
            : [];
        return [...this.fields(fields, prefix, owner), ...extra, ...merged.extra.flatMap((e) => e(prefix))];
      }
      default:
        return [];
    }
  }

  /** allOf members merged into one field list; shared members and unions are added after it. */
  private merge(schema: Schema): { fields: FieldEntry[]; extra: ((prefix: string) => TreeNode[])[] } {
    const fields: FieldEntry[] = [];
    const extra: ((prefix: string) => TreeNode[])[] = [];
    const add = (s: Schema): void => {
      const name = this.r.schemaName(s);
      if (name && this.linked(name)) {
        extra.push(() => [h("p", null, "Plus every field of ", this.link(name), ".")]);
        return;
      }
      const target = name ? this.r.schema(name) : s;
      for (const part of target.allOf ?? []) add(part);
      const required = new Set(target.required ?? []);
      for (const [key, prop] of Object.entries(target.properties ?? {})) {
        const existing = fields.find((f) => f.name === key);
        if (existing) existing.required ||= required.has(key);
        else fields.push({ name: key, schema: prop, required: required.has(key) });
      }
      if (target.oneOf || target.anyOf) {
        extra.push((prefix) => {
          if (name) this.drawing.push(name);
          const out = [this.union(target, prefix)];
          if (name) this.drawing.pop();
          return out;
        });
      }
    };
    add(schema);
    return { fields, extra };
  }

  private fields(fields: FieldEntry[], prefix: string, owner: string): TreeNode[] {
    if (fields.length === 0) return [];
    const ordered = [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
    const rows = ordered.map((f) => {
      const id = `${prefix}.${f.name}`;
      const signature = `${f.name}\0${f.required}\0${JSON.stringify(f.schema)}`;
      const first = this.drawn.get(signature);
      if (first) return this.repeat(f, id, first);
      this.drawn.set(signature, { id, ownerLabel: owner });
      return this.field(f, id);
    });
    return [h("ul", { className: "sv-f" }, ...rows)];
  }

  /**
   * A field drawn in full earlier on the page: name, type, required flag and the first sentence of
   * its description, with a link to the full entry (its nested structure is not drawn again).
   */
  private repeat(f: FieldEntry, id: string, first: FirstDrawn): TreeNode {
    const s = unwrapDescribedRef(f.schema);
    return h(
      "li",
      { id, className: "sv-same" },
      namePermalink(id, f.name),
      " ",
      ...this.shortLabel(s),
      f.required ? h("b", null, "required") : null,
      ...markdown(firstSentence(s.description ?? this.r.resolve(s).description)),
      h("p", null, "As in ", h("a", { href: `#${first.id}` }, first.ownerLabel), "."),
    );
  }

  /** A type's label without drawing its structure. */
  private shortLabel(s: Schema): TreeNode[] {
    const name = this.r.schemaName(s);
    if (name) return [this.linked(name) ? this.link(name) : h("span", null, name)];
    if (s.type === "array" && s.items) return ["array of ", ...this.shortLabel(unwrapDescribedRef(s.items))];
    if (kindOf(s) === "leaf") return this.leafLabel(s);
    return [h("span", null, kindLabel(s))];
  }

  private field(f: FieldEntry, id: string): TreeNode {
    const s = unwrapDescribedRef(f.schema);
    const type = this.typeOf(s, id);
    const constant = constantOf(effective(s, this.r));
    return h(
      "li",
      { id },
      namePermalink(id, f.name),
      " ",
      ...type.label,
      // A leaf's label already lists "nullable" among its facts; a reference or array does not.
      s.nullable && (this.r.schemaName(s) || kindOf(s) !== "leaf") ? h("i", null, "nullable") : null,
      f.required ? h("b", null, "required") : null,
      constant !== undefined ? h("i", null, `= ${JSON.stringify(constant)}`) : null,
      ...markdown(s.description ?? type.description),
      ...type.nested,
    );
  }

  /**
   * How a value's type reads in a field row (`U64`, `array of Event`, `object`) with its
   * constraints, and the nested structure to draw under the row, if any.
   */
  private typeOf(schema: Schema, prefix: string): { label: TreeNode[]; nested: TreeNode[]; description?: string } {
    const s = unwrapDescribedRef(schema);
    const name = this.r.schemaName(s);
    if (name) {
      if (this.linked(name)) return { label: [this.link(name)], nested: [] };
      const target = this.r.schema(name);
      if (kindOf(target) === "leaf")
        return {
          label: [h("span", null, name), " ", ...this.leafLabel(target, true)],
          nested: [],
          description: target.description,
        };
      // A named schema drawn in place (its only use on the page) takes its own id, so its fields'
      // anchors are short and the same as where the schema is a shared block on other pages.
      this.drawing.push(name);
      const nested = this.nested(target, schemaId(name), name);
      this.drawing.pop();
      return { label: [h("span", null, name)], nested, description: target.description };
    }
    if (s.type === "array" && s.items) {
      const inner = this.typeOf(s.items, prefix);
      return { label: ["array of ", ...inner.label], nested: inner.nested, description: inner.description };
    }
    if (kindOf(s) === "leaf") return { label: this.leafLabel(s), nested: [] };
    return { label: [h("span", null, kindLabel(s))], nested: this.nested(s, prefix, null) };
  }

  /** A collapsed block holding the structure of a field's type. */
  private nested(schema: Schema, prefix: string, name: string | null): TreeNode[] {
    const inner = this.body(schema, prefix, name ?? prefix.slice(prefix.lastIndexOf(".") + 1));
    if (inner.length === 0) return [];
    const intro = name ? markdown(schema.description) : [];
    return [
      h(
        "details",
        { className: "sv-x", id: name ? prefix : undefined },
        h("summary", null, summaryLabel(schema, name)),
        ...intro,
        ...inner,
      ),
    ];
  }

  /** What each variant of a union is called in its id: its discriminator value, else its schema's name, else its position. */
  private variantKeys(schema: Schema): string[] {
    const keyOf = new Map(Object.entries(schema.discriminator?.mapping ?? {}).map(([k, ref]) => [ref, k]));
    return (schema.oneOf ?? schema.anyOf ?? []).map(
      (m, i) => (m.$ref && keyOf.get(m.$ref)) ?? this.r.schemaName(m) ?? String(i + 1),
    );
  }

  private union(schema: Schema, prefix: string): TreeNode {
    const members = schema.oneOf ?? schema.anyOf ?? [];
    const d = schema.discriminator;
    const keys = this.variantKeys(schema);
    const intro = d
      ? [schema.oneOf ? "One of, told apart by " : "Any of, told apart by ", h("code", null, d.propertyName), ":"]
      : [schema.oneOf ? "Exactly one of:" : "Any of:"];
    const items = members.map((member, i) => {
      const name = this.r.schemaName(member);
      const key = keys[i]!;
      const id = `${prefix}.${key}`;
      const target = effective(member, this.r);
      if (kindOf(target) === "leaf" || (target.type === "array" && !name)) {
        const type = this.typeOf(member, id);
        return h("li", { id }, ...type.label, ...markdown(target.description ?? type.description), ...type.nested);
      }
      if (name && this.linked(name)) return h("li", { id }, h("code", null, key), " ", this.link(name));
      if (name) this.drawing.push(name);
      // The variant's label is its discriminator value, so that property is not listed again.
      const body = this.body(target, id, d ? key : (name ?? key), d?.propertyName);
      if (name) this.drawing.pop();
      const label = d ? h("code", null, key) : h("span", null, name ?? kindLabel(target));
      // A one-paragraph description sits in the summary, readable without opening the variant.
      const description = markdown(target.description);
      const short =
        description.length === 1 && Array.isArray(description[0]) && description[0][0] === "p"
          ? (description[0].slice(2) as TreeNode[])
          : null;
      return h(
        "li",
        { id },
        h(
          "details",
          null,
          h("summary", null, label, short ? [" ", h("span", null, ...short)] : null),
          ...(short ? [] : description),
          ...body,
        ),
      );
    });
    return h("div", { className: "sv-u" }, h("p", null, ...intro), h("ul", { className: "sv-vs" }, ...items));
  }

  /** Type, format and constraints of a leaf: `string (uint64)` then facts in <i>. */
  private leafLabel(s: Schema, muted = false): TreeNode[] {
    const facts = constraintsOf(s).filter((c) => !(s.enum?.length === 1 && c.label === "one of"));
    return [muted ? h("i", null, primitiveLabel(s)) : h("span", null, primitiveLabel(s)), ...factNodes(facts)];
  }
}
