/**
 * Constraint facts as page-tree nodes: the label in <i>, quoted values (patterns, enum values,
 * defaults) in <code>, so they read verbatim in the page and in its Markdown twin, where italics
 * would escape their underscores, brackets and stars.
 */
import type { TreeNode } from "../../common/tree";
import type { Fact } from "./schema-info";
import { h } from "./tree";

export function factNodes(facts: Fact[]): TreeNode[] {
  return facts.flatMap((f): TreeNode[] =>
    f.code
      ? [
          h("i", null, f.label),
          " ",
          ...f.code.flatMap((c, i) => (i ? [", ", h("code", null, c)] : [h("code", null, c)])),
        ]
      : [h("i", null, f.label)],
  );
}
