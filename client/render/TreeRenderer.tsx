/**
 * Renders a page tree (common/tree.ts) into React elements through the component
 * registry; h2-h4 headings with an id get their permalink (Heading.tsx).
 */
import { createElement, Fragment, type ReactNode } from "react";
import { isComponentType, isElement, type TreeNode } from "../../common/tree";
import { textOf } from "../../common/tree-walk";
import { registry } from "../components/registry";
import { PERMALINKED_HEADINGS, PermalinkedHeading } from "./Heading";

export class UnknownComponentError extends Error {}

export function renderNodes(nodes: TreeNode[]): ReactNode[] {
  return nodes.map((node, i) => renderNode(node, i));
}

export function renderNode(node: TreeNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  if (!isElement(node)) return null;
  const [type, props, ...children] = node;
  const kids = children.length ? renderNodes(children) : undefined;
  if (isComponentType(type)) {
    const component = (registry as Record<string, unknown>)[type];
    if (!component) throw new UnknownComponentError(`no component "${type}" in the registry`);
    return createElement(component as never, { ...(props ?? {}), key }, kids);
  }
  if (PERMALINKED_HEADINGS.has(type) && typeof props?.id === "string") {
    const text = textOf(node).replace(/\s+/g, " ").trim();
    return createElement(PermalinkedHeading, { key, type, props: { ...props, id: props.id }, text }, kids);
  }
  return createElement(type, { ...(props ?? {}), key }, kids);
}

export function Tree({ nodes }: { nodes: TreeNode[] }) {
  return <Fragment>{renderNodes(nodes)}</Fragment>;
}
