/**
 * A page's Markdown twin (`<route>.md`, llms-full.txt): the page tree as hast, with each component
 * given its plain meaning (an admonition a quote, tabs labelled sections, cards a list) and
 * pre-rendered blocks parsed back in; then hast-util-to-mdast and mdast-util-to-markdown with GFM
 * tables. Drawings (SVG) and interactive mounts are left out.
 *
 * A twin stands on its own once copied out of its URL: it starts with a quoted line naming the page
 * it is the Markdown of and the site's llms.txt, and its links and images are absolute (the site's
 * public URL with its base URL). Tables are not padded to align their pipes: the padding is only for
 * eyes reading the source, and costs an agent tokens.
 */
import type { Element, ElementContent, Root } from "hast";
import { toMdast } from "hast-util-to-mdast";
import { toText } from "hast-util-to-text";
import { h } from "hastscript";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { visit } from "unist-util-visit";
import { isElement, type TreeElement, type TreeNode, type TreeProps } from "../../common/tree";
import { codeText, parseFragment, preRenderedHtml } from "../../common/build/hast";

type Card = { label: string; href: string; description?: string };

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const strong = (text: string) => h("p", [h("strong", text)]);
const cardItem = (c: Card) => h("li", [h("a", { href: c.href }, c.label), c.description ? `: ${c.description}` : ""]);

/** Props a twin keeps: links, images, ids, and the code language. */
function properties(props: TreeProps | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["href", "src", "alt", "title", "id"])
    if (typeof props?.[name] === "string") out[name] = props[name];
  return out;
}

/**
 * Two elements side by side (`<code>a</code><span>required</span>`, or two paragraphs in a table
 * cell) are separate words on screen; Markdown needs the space written.
 */
const space = (): ElementContent => ({ type: "text", value: " " });

function spaced(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((node, i): ElementContent[] => {
    if (node.type !== "element") return [node];
    if (node.tagName !== "pre") node.children = spaced(node.children);
    // A GFM table cell holds one line: its paragraphs become sentences of it.
    if (node.tagName === "td" || node.tagName === "th")
      node.children = node.children.flatMap((c): ElementContent[] =>
        c.type === "element" && c.tagName === "p" ? [space(), ...c.children] : [c],
      );
    return i > 0 && nodes[i - 1]!.type === "element" ? [space(), node] : [node];
  });
}

function children(el: TreeElement): ElementContent[] {
  const html = preRenderedHtml(el);
  if (html !== null) {
    const parsed = parseFragment(html).children as ElementContent[];
    return el[0] === "pre" ? parsed : spaced(parsed);
  }
  return toHast(el.slice(2) as TreeNode[]);
}

function toHast(nodes: TreeNode[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (typeof node === "string") return [{ type: "text", value: node }];
    if (!isElement(node)) return [];
    const [type, props] = node;
    switch (type) {
      case "CodeBlock": {
        const pre = node.slice(2).find((c) => isElement(c) && c[0] === "pre") as TreeElement | undefined;
        const lang = str(props?.lang);
        const html = pre && preRenderedHtml(pre);
        // The code as one text: its highlighted tokens would be thousands of nodes for the
        // converter to copy and walk, for the same Markdown.
        const code = h(
          "code",
          { className: lang && lang !== "text" ? [`language-${lang}`] : [] },
          html ? codeText(html) : pre ? toText(h("pre", children(pre))) : "",
        );
        return [...(props?.title ? [h("p", [h("code", str(props.title)), ":"])] : []), h("pre", [code])];
      }
      case "Admonition": {
        const label = str(props?.title) || str(props?.type || "note").replace(/^./, (c) => c.toUpperCase());
        return [h("blockquote", [strong(`${label}:`), ...children(node)])];
      }
      case "TabItem":
        return [strong(str(props?.label) || str(props?.value)), ...children(node)];
      case "DocCardList":
        return [h("ul", ((props?.items ?? []) as Card[]).map(cardItem))];
      case "Cards":
        return [h("ul", children(node))];
      case "Card":
        return [cardItem({ label: str(props?.title), href: str(props?.href), description: str(props?.description) })];
      case "details": {
        const kids = children(node);
        const summary = kids.find((k): k is Element => k.type === "element" && k.tagName === "summary");
        return [h("p", [h("strong", summary ? summary.children : "Details")]), ...kids.filter((k) => k !== summary)];
      }
      case "figcaption":
        return [h("p", [h("em", children(node))])];
      case "svg":
      case "style":
      case "script":
      case "button":
      case "ApiExplorerMount":
        return [];
      default:
        // Other components and wrappers stand for their content.
        if (!/^[a-z]/.test(type)) return children(node);
        return [h(type, properties(props), children(node))];
    }
  });
}

/** Where a twin is published: the site's public URL with its base URL (no final "/"), and the page's route. */
export interface TwinPlace {
  siteUrl: string;
  route: string;
}

/** The twin's first line: the page it is the Markdown of, and the index of every page. */
export function twinHeadLine({ siteUrl, route }: TwinPlace): string {
  return `> Markdown version of <${siteUrl}${route}>. Index of every page: <${siteUrl}/llms.txt>`;
}

/** Root-relative links and image sources made absolute, so they resolve wherever the text is read. */
function absolute(root: Root, siteUrl: string): void {
  visit(root, "element", (el: Element) => {
    for (const name of ["href", "src"]) {
      const value = el.properties[name];
      if (typeof value === "string" && value.startsWith("/") && !value.startsWith("//"))
        el.properties[name] = `${siteUrl}${value}`;
    }
  });
}

/** The whole page as Markdown: its head line, then the page starting with its title. */
export function pageToMarkdown(title: string, description: string, tree: TreeNode[], place: TwinPlace): string {
  const root: Root = { type: "root", children: toHast(tree) };
  const first = tree.find((n) => isElement(n) || (typeof n === "string" && n.trim() !== ""));
  if (!(isElement(first) && first[0] === "h1"))
    root.children.unshift(h("h1", title), ...(description ? [h("p", description)] : []));
  absolute(root, place.siteUrl);
  const body = toMarkdown(toMdast(root), {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: "-",
    emphasis: "_",
    fences: true,
    rule: "-",
  });
  return `${twinHeadLine(place)}\n\n${body}`;
}
