/**
 * Small helpers to write page-tree elements from code, and to mark intrinsic-only blocks that the
 * generator serialises to HTML at build time (one React element instead of hundreds per render).
 */
import type { TreeElement, TreeNode, TreeProps, TreeValue } from "../../common/tree";

type Child = TreeNode | null | undefined | false | Child[];

function flatten(children: Child[], out: TreeNode[] = []): TreeNode[] {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c) && !isElementLike(c)) flatten(c as Child[], out);
    else if (typeof c === "string" && typeof out[out.length - 1] === "string") out[out.length - 1] += c;
    else out.push(c as TreeNode);
  }
  return out;
}

/** An element is `[type, props|null, ...]`; any other array is a list of children. */
function isElementLike(c: unknown[]): boolean {
  return typeof c[0] === "string" && (c[1] === null || (typeof c[1] === "object" && !Array.isArray(c[1])));
}

/** `h("p", { className: "x" }, "text", h("code", null, "y"))` → `["p", {className: "x"}, "text", ["code", null, "y"]]`. */
export function h(
  type: string,
  props: Record<string, TreeValue | undefined> | null,
  ...children: Child[]
): TreeElement {
  let clean: TreeProps | null = null;
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    (clean ??= {})[k] = v;
  }
  return [type, clean, ...flatten(children)];
}

/** Intrinsic-only blocks to be serialised to HTML once the page is complete (see compactPage). */
const RAW = new WeakSet<TreeElement>();

/** Marks an intrinsic-only element so it reaches the page as a single element with pre-rendered HTML. */
export function raw(el: TreeElement): TreeElement {
  RAW.add(el);
  return el;
}

export function isRaw(el: TreeElement): boolean {
  return RAW.has(el);
}
