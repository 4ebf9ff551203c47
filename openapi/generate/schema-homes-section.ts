/**
 * The pages of the schemas drawn on a page of their own (schema-homes.ts), and what tag pages say
 * of them. A type's page draws it in full with the field anchors it has wherever it is drawn
 * (`#schema-Transaction.user_transaction.sender`), after the operations that use it (those of any
 * tag), then the schemas it alone shares (those drawn on other type pages are linked), and where
 * it sits in the downloadable document. A tag page keeps a short section per type its operations
 * use, with the link there: the section's anchor, and the field anchors the tag page once drew,
 * lead on to the type's page.
 */
import type { TreeNode } from "../../common/tree";
import type { ApiContext } from "./context";
import { markdown, summaryText } from "./markdown";
import { methodBadge, sharedSchemas, sourceNote, type GeneratedPage } from "./operation-page";
import { pointerSegment } from "./refs";
import { slugify } from "./routes";
import { SchemaPlan } from "./schema-plan";
import { schemaId, SchemaView } from "./schema-view";
import { h, raw } from "./tree";
import type { OperationEntry, Schema } from "./types";

const pointer = (name: string) => `#/components/schemas/${pointerSegment(name)}`;

/** The operations that use a type, each linked to its page. */
function usedBy(users: OperationEntry[], routeOf: (e: OperationEntry) => string): TreeNode[] {
  return users.flatMap((e, i) => [
    i ? ", " : "",
    methodBadge(e.method),
    " ",
    h("a", { href: routeOf(e) }, e.operation.summary ?? e.operation.operationId),
  ]);
}

/** The page of the type `name`, drawn in full. */
export function typePage(name: string, ctx: ApiContext, routeOf: (e: OperationEntry) => string): GeneratedPage {
  const home = ctx.schemaHomes.get(name)!;
  const plan = new SchemaPlan(ctx.r, ctx.schemaHomes, home.route);
  plan.count({ $ref: pointer(name) } satisfies Schema);
  const view = new SchemaView(ctx.r, plan);
  const { users, holders } = home;
  const tree: TreeNode[] = [
    h("h1", { id: `type-${slugify(name)}` }, home.title),
    h(
      "p",
      null,
      // An operation that reaches the type through another homed one links to that one instead.
      users.length === 0
        ? null
        : users.length === 1
          ? [
              "Drawn in full here for the operation that uses it, whose page links here: ",
              ...usedBy(users, routeOf),
              ". ",
            ]
          : [
              `Drawn in full here for the ${users.length} operations that use it, whose pages link here: `,
              ...usedBy(users, routeOf),
              ". ",
            ],
      holders.length
        ? [
            "It is part of ",
            ...holders.flatMap((held, i) => [
              i === 0 ? "" : i === holders.length - 1 ? " and " : ", ",
              h("a", { href: ctx.schemaHomes.get(held)!.route }, held),
            ]),
            holders.length === 1 ? ", whose page links here." : ", whose pages link here.",
          ]
        : null,
    ),
    raw(h("div", { className: "api-media" }, view.home(name))),
    ...sharedSchemas(plan, view),
    sourceNote(pointer(name), "schema", ctx),
  ];
  const description = summaryText(ctx.r.schema(name).description) || `The ${name} type of the node API.`;
  return { title: home.title, description, tree, searchKeywords: [name] };
}

/**
 * A tag page's section for each type with a page of its own that the tag's operations use: its
 * description and the link to its page, which carries the type's anchors on (moved-anchors).
 */
export function tagTypes(entries: OperationEntry[], ctx: ApiContext): TreeNode[] {
  const out: TreeNode[] = [];
  for (const [name, home] of ctx.schemaHomes) {
    if (!home.users.some((e) => entries.includes(e))) continue;
    out.push(
      h("h2", { id: `type-${slugify(name)}` }, home.title),
      ...markdown(ctx.r.schema(name).description),
      h(
        "p",
        null,
        "Every field of it, and of its variants, is drawn on its own page: ",
        h("a", { href: home.route, "data-moved-anchors": schemaId(name) }, home.title),
        ".",
      ),
    );
  }
  return out;
}
