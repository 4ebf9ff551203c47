/**
 * Which named schemas are drawn once, on a home page of their own choosing, instead of on every
 * operation page that uses them: those that several operations use and that are large with
 * everything they pull in, such as `Transaction` (about 270 fields over its variants and their
 * types). Drawn on each of the seven operation pages that return transactions, it made each of
 * them carry the same 60 KB. A chosen schema's home is the page of the tag most of its operations
 * carry (the "Transactions" page for `Transaction`), the way an API reference introduces an object
 * before the endpoints that return it; every other page links there, field anchors included.
 */
import type { Resolver } from "./refs";
import type { MediaType, OperationEntry, Parameter, RequestBody, Response, Schema } from "./types";

/** A schema is drawn on a home page when it draws at least this many fields with what it pulls in… */
export const HOME_MIN_FIELDS = 120;
/** …and at least this many operations use it. */
export const HOME_MIN_OPERATIONS = 2;

/** Where a schema is drawn, and the operations whose pages link there. */
export interface SchemaHome {
  route: string;
  /** The home page's title. */
  title: string;
  /** The operations that use it not through another homed schema (whose home links to it instead). */
  users: OperationEntry[];
}

/**
 * Walks a schema: every named schema it refers to or contains is added to `names` (once each, and
 * not entered when in `stop`), and the fields of every object met are counted.
 */
function walk(
  schema: Schema | undefined,
  ctx: { r: Resolver; stop: ReadonlySet<string>; names: Set<string>; fields: number },
): void {
  if (!schema) return;
  const name = ctx.r.schemaName(schema);
  if (name) {
    if (ctx.names.has(name)) return;
    ctx.names.add(name);
    if (!ctx.stop.has(name)) walk(ctx.r.schema(name), ctx);
    return;
  }
  const props = Object.values(schema.properties ?? {});
  ctx.fields += props.length;
  for (const p of props) walk(p, ctx);
  for (const m of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(m, ctx);
  walk(schema.items, ctx);
  if (typeof schema.additionalProperties === "object") walk(schema.additionalProperties, ctx);
}

/** The schemas of an operation: its parameters', request body's and responses'. */
function operationSchemas(entry: OperationEntry, r: Resolver): Schema[] {
  const op = entry.operation;
  const schemas: Schema[] = [];
  const add = (s: Schema | undefined) => s && schemas.push(s);
  entry.parameters.forEach((p) => add(r.resolve<Parameter>(p).schema));
  const media = (content: Record<string, MediaType> | undefined) =>
    Object.values(content ?? {}).forEach((m) => add(m.schema));
  if (op.requestBody) media(r.resolve<RequestBody>(op.requestBody).content);
  for (const res of Object.values(op.responses)) media(r.resolve<Response>(res).content);
  return schemas;
}

/**
 * The schemas drawn on a home page, chosen by what each saves first (its size times the operations
 * that would draw it): a schema reached only through one already chosen (a variant of
 * `Transaction`, say) is drawn with it and counts no operation of its own, and what a chosen schema
 * holds no longer counts towards the size of a schema that uses it (`Block` holds transactions).
 * `homeOf` gives the page for a schema's operations (null: none suits it, and it is drawn where
 * it is used, as any other schema).
 */
export function schemaHomes(
  operations: OperationEntry[],
  r: Resolver,
  homeOf: (users: OperationEntry[]) => { route: string; title: string } | null,
): Map<string, SchemaHome> {
  const chosen = new Map<string, SchemaHome>();
  const passed = new Set<string>();
  /** The operations that reach each schema, not through a schema already chosen. */
  const usersOf = () => {
    const users = new Map<string, OperationEntry[]>();
    for (const e of operations) {
      const ctx = { r, stop: new Set(chosen.keys()), names: new Set<string>(), fields: 0 };
      for (const s of operationSchemas(e, r)) walk(s, ctx);
      for (const name of ctx.names) users.set(name, [...(users.get(name) ?? []), e]);
    }
    return users;
  };
  const sizeOf = (name: string) => {
    const ctx = { r, stop: new Set(chosen.keys()), names: new Set<string>(), fields: 0 };
    walk(r.schema(name), ctx);
    return ctx.fields;
  };
  for (;;) {
    const next = [...usersOf()]
      .filter(([name, ops]) => !chosen.has(name) && !passed.has(name) && ops.length >= HOME_MIN_OPERATIONS)
      .map(([name, ops]) => ({ name, ops, size: sizeOf(name) }))
      .filter((c) => c.size >= HOME_MIN_FIELDS)
      .sort((a, b) => b.size * b.ops.length - a.size * a.ops.length || a.name.localeCompare(b.name))[0];
    if (!next) break;
    const home = homeOf(next.ops);
    if (home) chosen.set(next.name, { ...home, users: next.ops });
    else passed.add(next.name);
  }
  // A schema chosen later may now stand between an operation and one chosen before: each lists the
  // operations whose pages link to it.
  const users = usersOf();
  return new Map(
    [...chosen]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, home]) => [name, { ...home, users: users.get(name) ?? [] }]),
  );
}

/** A tag's page, as `schemaHomes` may choose it: its route, title and operations. */
export interface TagPage {
  route: string;
  title: string;
  entries: OperationEntry[];
}

/**
 * `schemaHomes`' choice of page: of the tags that have a page of their own, the one most of the
 * schema's operations carry (the first in the document's order on a tie); null when none of its
 * operations has such a tag.
 */
export function onTagPage(tags: TagPage[]): (users: OperationEntry[]) => { route: string; title: string } | null {
  return (users) => {
    let best: TagPage | null = null;
    let most = 0;
    for (const tag of tags) {
      const n = users.filter((e) => tag.entries.includes(e)).length;
      if (n > most) [best, most] = [tag, n];
    }
    return best && { route: best.route, title: best.title };
  };
}
