/**
 * Local `$ref` resolution that keeps names: the generator follows references lazily, so a shared
 * schema stays one named thing (rendered once per page and linked) instead of being copied inline.
 */
import type { OpenApiDocument, OperationEntry, Parameter, Reference, Schema } from "./types";
import { METHODS } from "./types";

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

export function isRef(value: unknown): value is Reference {
  return typeof value === "object" && value !== null && typeof (value as Reference).$ref === "string";
}

/** `#/paths/~1transactions/get` style pointer segment escaping. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function decodeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
}

export class Resolver {
  constructor(readonly doc: OpenApiDocument) {}

  /** The value at a local JSON pointer (`#/components/schemas/U64`). */
  at(pointer: string): unknown {
    if (!pointer.startsWith("#")) throw new Error(`only local references are supported, got ${pointer}`);
    let cur: unknown = this.doc;
    for (const seg of pointer.slice(1).split("/").filter(Boolean)) {
      if (typeof cur !== "object" || cur === null) throw new Error(`${pointer} does not resolve`);
      cur = (cur as Record<string, unknown>)[decodeSegment(seg)];
    }
    if (cur === undefined) throw new Error(`${pointer} does not resolve`);
    return cur;
  }

  /** Follows `$ref`s until a non-reference value. */
  resolve<T>(value: T | Reference): T {
    let cur: unknown = value;
    for (let hops = 0; isRef(cur); hops++) {
      if (hops > 32) throw new Error(`reference loop at ${(value as Reference).$ref}`);
      cur = this.at(cur.$ref);
    }
    return cur as T;
  }

  /** The component name a schema refers to (`U64` for `{$ref: "#/components/schemas/U64"}`), or null. */
  schemaName(schema: Schema | undefined): string | null {
    const m = schema?.$ref ? SCHEMA_REF.exec(schema.$ref) : null;
    return m ? decodeSegment(m[1]!) : null;
  }

  schema(name: string): Schema {
    const s = this.doc.components?.schemas?.[name];
    if (!s) throw new Error(`no schema ${name}`);
    return s;
  }

  /** Every operation in document order (paths, then methods in the order the document lists them). */
  operations(): OperationEntry[] {
    const out: OperationEntry[] = [];
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const key of Object.keys(item)) {
        const method = METHODS.find((m) => m === key);
        const operation = method ? item[method] : undefined;
        if (!method || !operation) continue;
        const own = operation.parameters ?? [];
        const keyOf = (p: Parameter | Reference) => {
          const r = this.resolve(p);
          return `${r.in}:${r.name}`;
        };
        const overridden = new Set(own.map(keyOf));
        const parameters = [...(item.parameters ?? []).filter((p) => !overridden.has(keyOf(p))), ...own];
        out.push({ method, path, operation, pointer: `#/paths/${pointerSegment(path)}/${method}`, parameters });
      }
    }
    return out;
  }
}
