/**
 * The schemas a tag page is home to (schema-homes.ts), drawn in full after its operations: for
 * each, the operations that use it (those of other tags too) and the schema with the field anchors
 * it has wherever it is drawn (`#schema-Transaction.user_transaction.sender`); then the schemas
 * they share between them, and where each sits in the downloadable document.
 */
import type { TreeNode } from "../../client/contracts/tree";
import type { ApiContext } from "./context";
import { methodBadge, sharedSchemas, sourceNote } from "./operation-page";
import { pointerSegment } from "./refs";
import { slugify } from "./routes";
import { SchemaPlan } from "./schema-plan";
import { SchemaView } from "./schema-view";
import { h, raw } from "./tree";
import type { OperationEntry, Schema } from "./types";

export function homedSchemas(route: string, ctx: ApiContext, routeOf: (e: OperationEntry) => string): TreeNode[] {
  const here = [...ctx.schemaHomes].filter(([, home]) => home.route === route);
  if (here.length === 0) return [];
  const plan = new SchemaPlan(ctx.r, ctx.schemaHomes, route);
  const pointer = (name: string) => `#/components/schemas/${pointerSegment(name)}`;
  for (const [name] of here) plan.count({ $ref: pointer(name) } satisfies Schema);
  const view = new SchemaView(ctx.r, plan);
  const out: TreeNode[] = [];
  for (const [name, { users }] of here) {
    out.push(
      h("h2", { id: `type-${slugify(name)}` }, `The ${name} type`),
      h(
        "p",
        null,
        // At least one operation: a schema is homed for the operations that reach it not through
        // another homed one, and a schema homed later that holds it takes only some of them.
        users.length === 1
          ? "Drawn in full here for the operation that uses it, whose page links here: "
          : `Drawn in full here for the ${users.length} operations that use it, whose pages link here: `,
        ...users.flatMap((e, i) => [
          i ? ", " : "",
          methodBadge(e.method),
          " ",
          h("a", { href: routeOf(e) }, e.operation.summary ?? e.operation.operationId),
        ]),
        ".",
      ),
      raw(h("div", { className: "api-media" }, view.home(name))),
      sourceNote(pointer(name), "schema", ctx),
    );
  }
  return [...out, ...sharedSchemas(plan, view)];
}
