/**
 * Which named schemas are drawn once, on a home page, instead of on every operation page that uses
 * them: those that several operations use and that are large with everything they pull in, such
 * as `Transaction` (about 270 fields over its variants and their types), or the payload and the
 * signature a submitted transaction carries. Drawn on each operation page that uses it, such a
 * type made each of them carry the same tens of kilobytes; drawn together on one page they made
 * that page too long to read or to hand to an assistant. So each chosen schema has a page of its
 * own (the caller's choice of page, `homeOf`), and every other page links there, field anchors
 * included.
 */
import type { Resolver } from "./refs";
import { typeRoute } from "./routes";
import type { MediaType, OperationEntry, Parameter, RequestBody, Response, Schema } from "./types";

/** A schema is drawn on a home page when it draws at least this many fields with what it pulls in… */
export const HOME_MIN_FIELDS = 40;
/** …and at least this many pages would draw it (operations', and those of homed schemas holding it). */
export const HOME_MIN_OPERATIONS = 2;
/**
 * A type's page that would draw more fields than this gives its largest part (a schema it holds, not
 * one of its own variants) a page of its own, so that every page stays short enough to read, and to
 * hand to an assistant, whole.
 */
export const PAGE_MAX_FIELDS = 120;

/** Where a schema is drawn, and the operations whose pages link there. */
export interface SchemaHome {
  route: string;
  /** The home page's title. */
  title: string;
  /** The operations that use it not through another homed schema (whose home links to it instead). */
  users: OperationEntry[];
  /** The other homed schemas that hold it, whose pages link to it. */
  holders: string[];
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
 * The schemas drawn on a home page, chosen by what each saves first (its size times the pages that
 * would draw it: operations', and the pages of schemas already chosen that hold it): a schema
 * reached only through one already chosen (a variant of `Transaction`, say) counts no operation of
 * its own, and what a chosen schema holds no longer counts towards the size of a schema that uses
 * it (`Block` holds transactions).
 * `homeOf` gives the page for a schema's operations (null: none suits it, and it is drawn where
 * it is used, as any other schema).
 */
export function schemaHomes(
  operations: OperationEntry[],
  r: Resolver,
  homeOf: (users: OperationEntry[], name: string) => { route: string; title: string } | null,
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
  /** The chosen schemas that hold each schema, not through another chosen one. */
  const holdersOf = () => {
    const holders = new Map<string, string[]>();
    for (const held of chosen.keys()) {
      const ctx = { r, stop: new Set(chosen.keys()), names: new Set<string>(), fields: 0 };
      walk(r.schema(held), ctx);
      for (const name of ctx.names) if (name !== held) holders.set(name, [...(holders.get(name) ?? []), held]);
    }
    return holders;
  };
  const sizeOf = (name: string) => {
    const ctx = { r, stop: new Set(chosen.keys()), names: new Set<string>(), fields: 0 };
    walk(r.schema(name), ctx);
    return ctx.fields;
  };
  // A variant of a chosen union stays drawn in it, where its fields' anchors are
  // (`#schema-Transaction.user_transaction.sender`).
  const variants = new Set<string>();
  for (;;) {
    for (const held of chosen.keys()) {
      const union = r.schema(held);
      // A variant, and what it merges in (`Transaction_UserTransaction` is `UserTransaction` and its `type`).
      const add = (m: Schema): void => {
        const name = r.schemaName(m);
        if (name && variants.has(name)) return;
        if (name) variants.add(name);
        for (const part of (name ? r.schema(name) : m).allOf ?? []) add(part);
      };
      for (const m of [...(union.oneOf ?? []), ...(union.anyOf ?? [])]) add(m);
    }
    const holders = holdersOf();
    const users = usersOf();
    const next = [...new Set([...users.keys(), ...holders.keys()])]
      .map((name) => ({
        name,
        ops: users.get(name) ?? [],
        pages: (users.get(name) ?? []).length + (holders.get(name) ?? []).length,
      }))
      .filter((c) => !chosen.has(c.name) && !passed.has(c.name) && !variants.has(c.name))
      .filter((c) => c.pages >= HOME_MIN_OPERATIONS)
      .map((c) => ({ ...c, size: sizeOf(c.name) }))
      .filter((c) => c.size >= HOME_MIN_FIELDS)
      .sort((a, b) => b.size * b.pages - a.size * a.pages || a.name.localeCompare(b.name))[0];
    if (!next) break;
    const home = homeOf(next.ops, next.name);
    if (home) chosen.set(next.name, { ...home, users: next.ops, holders: [] });
    else passed.add(next.name);
  }
  // One chosen early may hold little once the schemas it held have homes of their own
  // (`SubmitTransactionRequest`, once its payload and signature have theirs): it is drawn where used.
  for (;;) {
    const small = [...chosen.keys()].find((n) => sizeOf(n) < HOME_MIN_FIELDS);
    if (!small) break;
    chosen.delete(small);
    passed.add(small);
  }
  // Too large a page: its largest part, drawn in place or in its "Schemas" section, moves out.
  for (const done = new Set<string>(); ;) {
    const over = [...chosen.keys()].find((n) => !done.has(n) && sizeOf(n) > PAGE_MAX_FIELDS);
    if (!over) break;
    const schema = r.schema(over);
    const members = new Set([...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((m) => r.schemaName(m)));
    const ctx = { r, stop: new Set(chosen.keys()), names: new Set<string>(), fields: 0 };
    walk(schema, ctx);
    const part = [...ctx.names]
      .filter((n) => n !== over && !members.has(n) && !chosen.has(n))
      .map((name) => ({ name, size: sizeOf(name) }))
      .filter((c) => c.size >= HOME_MIN_FIELDS)
      .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))[0];
    const home = part && homeOf([], part.name);
    if (part && home) chosen.set(part.name, { ...home, users: [], holders: [] });
    else done.add(over);
  }
  // A schema chosen later may now stand between an operation and one chosen before: each lists the
  // operations and the homed schemas whose pages link to it.
  const users = usersOf();
  const holders = holdersOf();
  return new Map(
    [...chosen]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, home]) => [name, { ...home, users: users.get(name) ?? [], holders: holders.get(name) ?? [] }]),
  );
}

/** `schemaHomes`' choice of page: one of the schema's own, "The Transaction type" at `typeRoute`. */
export function onOwnPage(_users: OperationEntry[], name: string): { route: string; title: string } {
  return { route: typeRoute(name), title: `The ${name} type` };
}
