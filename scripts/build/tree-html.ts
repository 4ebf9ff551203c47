/**
 * Serialises an intrinsic-only tree (no components) to HTML at build time. Used for highlighted
 * code, whose thousands of token spans would otherwise cost React work on every uncached render.
 */
import type { TreeNode } from "../../client/contracts/tree";

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => TEXT_ESCAPES[c]!);
}

export function treeToHtml(nodes: TreeNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      out += escapeHtml(node);
      continue;
    }
    const [type, props, ...children] = node;
    if (!/^[a-z][a-z0-9]*$/.test(type)) throw new Error(`treeToHtml: <${type}> is not a plain HTML element`);
    let attrs = "";
    for (const [name, value] of Object.entries(props ?? {})) {
      if (value === null || value === false) continue;
      const attr = name === "className" ? "class" : name;
      attrs += value === true ? ` ${attr}` : ` ${attr}="${escapeHtml(String(value))}"`;
    }
    out += `<${type}${attrs}>${treeToHtml(children)}</${type}>`;
  }
  return out;
}
