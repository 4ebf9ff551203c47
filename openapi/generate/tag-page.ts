/**
 * A tag's page: the tag's description, a table of its operations (method, path, summary), and a
 * section for each large type its operations use, which has a page of its own (schema-homes.ts).
 */
import type { TreeElement, TreeNode } from "../../common/tree";
import type { ApiContext } from "./context";
import { markdown, summaryText } from "./markdown";
import { methodBadge, pathMarkup, type GeneratedPage } from "./operation-page";
import { tagTypes } from "./schema-homes-section";
import { h, raw } from "./tree";
import type { OperationEntry } from "./types";

export interface Tag {
  name: string;
  description?: string;
}

/** The table listing a tag's operations; `routeOf` gives each operation's page. */
export function operationTable(
  entries: OperationEntry[],
  ctx: ApiContext,
  routeOf: (e: OperationEntry) => string,
): TreeElement {
  return h(
    "table",
    // Focusable: on a phone the table scrolls sideways in its own box, and keyboards must reach it.
    { className: "api-table api-operations", tabIndex: 0 },
    h("thead", null, h("tr", null, h("th", null, "Method"), h("th", null, "Path"), h("th", null, "Operation"))),
    h(
      "tbody",
      null,
      ...entries.map((e) =>
        h(
          "tr",
          null,
          h("td", null, methodBadge(e.method)),
          h(
            "td",
            null,
            h(
              "code",
              { className: "api-path" },
              h("span", { className: "api-base" }, ctx.basePath),
              ...pathMarkup(e.path),
            ),
          ),
          h(
            "td",
            null,
            h("a", { href: routeOf(e) }, e.operation.summary ?? e.operation.operationId),
            h("br", null),
            summaryText(e.operation.description, 120),
          ),
        ),
      ),
    ),
  );
}

/** The body of a tag page without its title, so it can also be folded into another page. */
export function tagBody(
  tag: Tag,
  entries: OperationEntry[],
  ctx: ApiContext,
  routeOf: (e: OperationEntry) => string,
): TreeNode[] {
  return [...markdown(tag.description), ...(entries.length ? [raw(operationTable(entries, ctx, routeOf))] : [])];
}

export function tagPage(
  tag: Tag,
  entries: OperationEntry[],
  ctx: ApiContext,
  routeOf: (e: OperationEntry) => string,
): GeneratedPage {
  return {
    title: tag.name,
    description: summaryText(tag.description) || `${tag.name} endpoints of the node API.`,
    tree: [
      h("h1", { id: tag.name.toLowerCase() }, tag.name),
      ...tagBody(tag, entries, ctx, routeOf),
      ...tagTypes(entries, ctx),
    ],
  };
}
