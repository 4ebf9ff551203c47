/**
 * The page tree: what the build writes for every page and the renderer turns into React elements.
 * It is plain JSON so it can live in KV and be rendered without evaluating code at run time.
 *
 * @example ["p", null, "Run ", ["code", null, "movement init"], "."]
 */

/** Props of an element: JSON values only (nested elements are allowed as prop values). */
export type TreeProps = { [name: string]: TreeValue };
export type TreeValue = string | number | boolean | null | TreeValue[] | { [key: string]: TreeValue };

/**
 * `[type, props, ...children]`. A type starting with a lower-case letter is an intrinsic HTML/SVG
 * tag; one starting with an upper-case letter is a component looked up in the client registry.
 */
export type TreeElement = [type: string, props: TreeProps | null, ...children: TreeNode[]];
export type TreeNode = string | TreeElement;

export function isElement(node: unknown): node is TreeElement {
  return Array.isArray(node) && typeof node[0] === "string";
}

export function isComponentType(type: string): boolean {
  const first = type.charCodeAt(0);
  return first >= 65 && first <= 90;
}
