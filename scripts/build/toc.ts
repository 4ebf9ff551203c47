/** The table of contents of a page: its h2 and h3 headings, in order. */
import type { TocEntry } from "../../common/page";
import type { TreeNode } from "../../common/tree";
import { textOf, walkElements } from "../../common/tree-walk";

export function tocOf(tree: TreeNode[]): TocEntry[] {
  const toc: TocEntry[] = [];
  walkElements(tree, (el) => {
    if ((el[0] === "h2" || el[0] === "h3") && typeof el[1]?.id === "string") {
      toc.push({ depth: el[0] === "h2" ? 2 : 3, id: el[1].id, text: textOf(el).trim() });
    }
  });
  return toc;
}
