/**
 * Page-tree nodes as hast, the syntax tree the unified tools share: pre-rendered blocks (highlighted
 * code, the API reference's large tables) are serialised by hast-util-to-html, and read back with a
 * real HTML parser (hast-util-from-html) by the Markdown twins and the search records.
 */
import { decodeHTML } from "entities";
import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { PERMALINK_CLASS } from "../permalink";
import type { TreeElement, TreeNode } from "../tree";

/** Intrinsic elements only (no components), as hast. */
function treeToHast(nodes: TreeNode[]): ElementContent[] {
  return nodes.map((node): ElementContent => {
    if (typeof node === "string") return { type: "text", value: node };
    const [type, props, ...children] = node;
    if (!/^[a-z][a-z0-9]*$/.test(type)) throw new Error(`treeToHast: <${type}> is not a plain HTML element`);
    const properties: Record<string, string | number | boolean> = {};
    for (const [name, value] of Object.entries(props ?? {}))
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        properties[name] = value;
    return h(type, properties, treeToHast(children)) as Element;
  });
}

/** The HTML of intrinsic-only page-tree nodes, serialised once at build time. */
export function treeToHtml(nodes: TreeNode[]): string {
  return toHtml(treeToHast(nodes), { characterReferences: { useNamedReferences: true } });
}

/** The HTML an element carries pre-rendered (`dangerouslySetInnerHTML`), or null. */
export function preRenderedHtml(el: TreeElement): string | null {
  const html = (el[1]?.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
  return typeof html === "string" ? html : null;
}

/**
 * The text of a code block's pre-rendered HTML (codeBlockFromPre writes it: a `<code>` of line and
 * token spans, and text), as the page shows it: the tags dropped, line breaks read as an HTML
 * parser reads them and character references decoded.
 * A twin needs only this text; parsing a block's thousands of token spans to get it was a large
 * part of making a twin.
 */
export function codeText(html: string): string {
  return decodeHTML(html.replace(/\r\n?/g, "\n").replace(/<[^>]*>/g, ""));
}

/**
 * Pre-rendered HTML parsed back into hast (table rows parse too: the fragment has no context), as
 * the twins read it: without the permalinks, which are page chrome (a field's name that is its
 * permalink stays, as its name). The search records keep them (`keepPermalinks`): a row's name
 * permalink says which name the row documents.
 */
export function parseFragment(html: string, { keepPermalinks = false } = {}): Root {
  const root = fromHtml(html, { fragment: true });
  return keepPermalinks ? root : withoutPermalinks(root);
}

function isPermalink(node: RootContent): boolean {
  const className = node.type === "element" ? node.properties.className : undefined;
  return Array.isArray(className) && className.includes(PERMALINK_CLASS);
}

/** Permalinks out: an empty one is dropped, a field's named one gives way to its name. */
function withoutPermalinks<T extends Root | Element>(parent: T): T {
  parent.children = parent.children.flatMap((c) => (isPermalink(c) ? (c as Element).children : [c])) as T["children"];
  for (const child of parent.children) if (child.type === "element") withoutPermalinks(child);
  return parent;
}
