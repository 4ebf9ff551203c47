/** Small helpers over the page tree, shared by the build and the renderer. */
import { isElement, type TreeElement, type TreeNode } from "./tree";

/** Visits every element depth-first, in document order. */
export function walkElements(nodes: TreeNode[], visit: (el: TreeElement) => void): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    visit(node);
    walkElements(node.slice(2) as TreeNode[], visit);
  }
}

/** The text a reader sees in a node. */
export function textOf(node: TreeNode): string {
  return typeof node === "string" ? node : textOfAll(node.slice(2) as TreeNode[]);
}

/** The text of a list of nodes. */
function textOfAll(nodes: TreeNode[]): string {
  return nodes.map(textOf).join("");
}
