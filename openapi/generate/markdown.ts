/**
 * The Markdown of OpenAPI descriptions (CommonMark, and bare URLs as links the way GitHub reads
 * them) as page-tree nodes, parsed by mdast-util-from-markdown. Descriptions are short; a full MDX
 * compile per description would cost more than the whole page.
 */
import type { BlockContent, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { toString } from "mdast-util-to-string";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import type { TreeNode } from "../../common/tree";
import { h } from "./tree";

/**
 * Parsed descriptions by their text: a document repeats most of its descriptions (a shared schema's
 * fields on every page that shows it), and parsing is the costly part. Bounded, for the dev server,
 * which regenerates the reference on every save of the document.
 */
const parsed = new Map<string, Root>();

function parse(text: string): Root {
  let tree = parsed.get(text);
  if (!tree) {
    if (parsed.size >= 4096) parsed.clear();
    tree = fromMarkdown(text, {
      extensions: [gfmAutolinkLiteral()],
      mdastExtensions: [gfmAutolinkLiteralFromMarkdown()],
    });
    parsed.set(text, tree);
  }
  return tree;
}

/** A paragraph's line breaks are spaces on the page. */
const oneLine = (text: string) => text.replace(/[ \t]*\n[ \t]*/g, " ");

function phrasing(nodes: PhrasingContent[]): TreeNode[] {
  return nodes.flatMap((n): TreeNode[] => {
    switch (n.type) {
      case "text":
        return [oneLine(n.value)];
      case "inlineCode":
        return [h("code", null, n.value)];
      case "strong":
        return [h("strong", null, ...phrasing(n.children))];
      case "emphasis":
        return [h("em", null, ...phrasing(n.children))];
      case "link":
        return [h("a", { href: n.url }, ...phrasing(n.children))];
      case "break":
        return [" "];
      default:
        // HTML and the rest stay as the text they are written as.
        return [oneLine(toString(n))];
    }
  });
}

/** A list item's content: a tight list's paragraphs are its text, as in HTML lists written by hand. */
function item(node: ListItem): TreeNode {
  const content = node.spread ? node.children.flatMap(block) : node.children.flatMap(inItem);
  return h("li", null, ...content);
}

const inItem = (n: BlockContent | RootContent): TreeNode[] =>
  n.type === "paragraph" ? phrasing(n.children) : block(n);

function block(n: RootContent): TreeNode[] {
  switch (n.type) {
    case "paragraph":
    case "heading":
      return [h("p", null, ...phrasing(n.children))];
    case "list":
      return [h(n.ordered ? "ol" : "ul", null, ...n.children.map(item))];
    case "code":
      return [h("pre", null, h("code", null, n.value))];
    case "blockquote":
      return n.children.flatMap(block);
    default:
      return [h("p", null, oneLine(toString(n)))];
  }
}

/** Block-level Markdown: paragraphs, bullet and numbered lists. */
export function markdown(text: string | undefined): TreeNode[] {
  if (!text?.trim()) return [];
  return parse(text).children.flatMap(block);
}

/** Plain text of a description's first paragraph, for meta descriptions and short listings. */
export function summaryText(text: string | undefined, max = 160): string {
  const first = parse(text ?? "").children[0];
  const plain = first ? oneLine(toString(first)).replace(/\s+/g, " ").trim() : "";
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  return sentence > max / 2 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** A description for a table cell: inline when it is one paragraph, blocks otherwise. */
export function prose(text: string | undefined): TreeNode[] {
  const blocks = markdown(text);
  const only = blocks.length === 1 ? blocks[0] : undefined;
  return Array.isArray(only) && only[0] === "p" ? (only.slice(2) as TreeNode[]) : blocks;
}
