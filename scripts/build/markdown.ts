/**
 * Turns a page tree back into Markdown, for the `.md` twins of pages and llms-full.txt. Components
 * become their plain-text meaning (an admonition a quote, tabs labelled sections, cards a list);
 * pictures drawn as SVG keep only their caption.
 */
import { isElement, type TreeElement, type TreeNode } from "../../client/contracts/tree";
import { textOf } from "../../client/contracts/tree-walk";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The code text of a build-time highlighted block (its HTML is tags around escaped text). */
export function codeFromHtml(html: string): string {
  return html.replace(/<[^>]+>/g, "").replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
}

function inline(nodes: TreeNode[]): string {
  return nodes.map(inlineNode).join("");
}

function inlineNode(node: TreeNode): string {
  if (typeof node === "string") return node.replace(/\n+/g, " ");
  const [type, props, ...kids] = node;
  const text = inline(kids);
  switch (type) {
    case "strong":
    case "b":
      return `**${text}**`;
    case "em":
    case "i":
      return `_${text}_`;
    case "code":
      return `\`${textOf(node)}\``;
    case "a":
      return `[${text}](${String(props?.href ?? "")})`;
    case "img":
      return `![${String(props?.alt ?? "")}](${String(props?.src ?? "")})`;
    case "br":
      return "  \n";
    case "svg":
      return "";
    default:
      return text;
  }
}

function blocks(nodes: TreeNode[], indent = ""): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      if (node.trim()) out.push(indent + node.trim());
      continue;
    }
    out.push(...block(node, indent));
  }
  return out;
}

function listItems(el: TreeElement, indent: string, ordered: boolean): string[] {
  const lines: string[] = [];
  let n = 1;
  for (const li of el.slice(2) as TreeNode[]) {
    if (!isElement(li) || li[0] !== "li") continue;
    const marker = ordered ? `${n++}. ` : "- ";
    const kids = li.slice(2) as TreeNode[];
    const inlineKids = kids.filter(
      (k) => typeof k === "string" || !["ul", "ol", "p", "CodeBlock", "pre"].includes(k[0]),
    );
    const blockKids = kids.filter((k) => !inlineKids.includes(k));
    const first = inline(inlineKids).trim();
    const rest = blocks(blockKids, `${indent}  `);
    if (first) lines.push(`${indent}${marker}${first}`, ...rest);
    else if (rest.length) lines.push(`${indent}${marker}${rest[0]!.trimStart()}`, ...rest.slice(1));
  }
  return [lines.join("\n")];
}

function table(el: TreeElement): string[] {
  const rows: string[][] = [];
  const collect = (n: TreeNode) => {
    if (!isElement(n)) return;
    if (n[0] === "tr")
      rows.push(
        (n.slice(2) as TreeNode[]).filter(isElement).map((c) =>
          inline(c.slice(2) as TreeNode[])
            .replace(/\|/g, "\\|")
            .trim(),
        ),
      );
    else (n.slice(2) as TreeNode[]).forEach(collect);
  };
  collect(el);
  if (!rows.length) return [];
  const [head, ...body] = rows;
  return [
    [
      `| ${head!.join(" | ")} |`,
      `|${head!.map(() => "---").join("|")}|`,
      ...body.map((r) => `| ${r.join(" | ")} |`),
    ].join("\n"),
  ];
}

function block(el: TreeElement, indent: string): string[] {
  const [type, props, ...kids] = el;
  const children = kids as TreeNode[];
  const heading = /^h([1-6])$/.exec(type);
  if (heading) return [`${"#".repeat(Number(heading[1]))} ${inline(children).trim()}`];
  switch (type) {
    case "p":
      return [indent + inline(children).trim()];
    case "ul":
    case "ol":
      return listItems(el, indent, type === "ol");
    case "blockquote":
      return [blocks(children).join("\n\n").replace(/^/gm, "> ")];
    case "table":
      return table(el);
    case "hr":
      return ["---"];
    case "CodeBlock": {
      const pre = children.find((c) => isElement(c) && c[0] === "pre") as TreeElement | undefined;
      const html = (pre?.[1]?.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;
      const code = html ? codeFromHtml(html) : pre ? textOf(pre) : "";
      const lang = props?.lang === "text" ? "" : String(props?.lang ?? "");
      const title = props?.title ? `${indent}\`${String(props.title)}\`:\n\n` : "";
      return [`${title}${indent}\`\`\`${lang}\n${code.replace(/^/gm, indent)}\n${indent}\`\`\``];
    }
    case "Admonition": {
      const label = String(props?.title ?? String(props?.type ?? "note").replace(/^./, (c) => c.toUpperCase()));
      return [[`**${label}:**`, ...blocks(children)].join("\n\n").replace(/^/gm, "> ")];
    }
    case "Tabs":
      return children
        .filter(isElement)
        .flatMap((tab) => [
          `**${String(tab[1]?.label ?? tab[1]?.value ?? "")}**`,
          ...blocks(tab.slice(2) as TreeNode[], indent),
        ]);
    case "DocCardList": {
      const items = (props?.items ?? []) as { label: string; href: string; description?: string }[];
      return [items.map((i) => `- [${i.label}](${i.href})${i.description ? `: ${i.description}` : ""}`).join("\n")];
    }
    case "Card":
      return [
        `- [${String(props?.title ?? "")}](${String(props?.href ?? "")})${props?.description ? `: ${String(props.description)}` : ""}`,
      ];
    case "details": {
      const summary = children.find((c) => isElement(c) && c[0] === "summary");
      const rest = children.filter((c) => c !== summary);
      return [
        `**${summary ? inline((summary as TreeElement).slice(2) as TreeNode[]).trim() : "Details"}**`,
        ...blocks(rest, indent),
      ];
    }
    case "figure": {
      const caption = children.find((c) => isElement(c) && c[0] === "figcaption");
      const imgs = children.filter((c) => isElement(c) && c[0] === "img").map(inlineNode);
      return [...imgs, ...(caption ? [`_${inline((caption as TreeElement).slice(2) as TreeNode[]).trim()}_`] : [])];
    }
    case "svg":
    case "style":
    case "script":
      return [];
    case "img":
      return [inlineNode(el)];
    default:
      return children.some(
        (c) => isElement(c) && /^(p|ul|ol|h\d|table|pre|div|CodeBlock|blockquote|figure|details|section)$/.test(c[0]),
      )
        ? blocks(children, indent)
        : [indent + inline(children).trim()].filter((s) => s.trim());
  }
}

/** The whole page as Markdown, starting with its title. */
export function pageToMarkdown(title: string, description: string, tree: TreeNode[]): string {
  const body = blocks(tree).filter((b) => b.trim());
  const hasTitle = body[0]?.startsWith("# ");
  return `${[...(hasTitle ? [] : [`# ${title}`]), ...(description && !hasTitle ? [description] : []), ...body].join("\n\n")}\n`;
}
