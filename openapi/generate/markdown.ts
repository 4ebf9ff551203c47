/**
 * The Markdown of OpenAPI descriptions (paragraphs, `-` and `1.` lists, `code`, **bold**, *emphasis*,
 * [links](url) and bare URLs) as page-tree nodes. Descriptions are short; a full MDX compile per
 * description would cost more than the whole page.
 */
import type { TreeNode } from "../../client/contracts/tree";
import { h } from "./tree";

const INLINE =
  /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s)<>]*[^\s)<>.,;:])/g;

export function inline(text: string): TreeNode[] {
  const out: TreeNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("code", null, m[1]));
    else if (m[2] !== undefined) out.push(h("strong", null, ...inline(m[2])));
    else if (m[3] !== undefined) out.push(h("em", null, ...inline(m[3])));
    else if (m[4] !== undefined) out.push(h("a", { href: m[5]! }, ...inline(m[4])));
    else out.push(h("a", { href: m[6]! }, m[6]!));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const ITEM = /^\s*(?:[-*]|\d+\.)\s+/;

/** Block-level Markdown: paragraphs separated by blank lines, bullet and numbered lists. */
export function markdown(text: string | undefined): TreeNode[] {
  if (!text?.trim()) return [];
  const out: TreeNode[] = [];
  for (const block of text.trim().split(/\n\s*\n/)) {
    const lines = block.split("\n");
    const first = lines.findIndex((l) => ITEM.test(l));
    if (first < 0) {
      out.push(h("p", null, ...inline(lines.join(" ").trim())));
      continue;
    }
    if (first > 0) out.push(h("p", null, ...inline(lines.slice(0, first).join(" ").trim())));
    const items: string[] = [];
    for (const line of lines.slice(first)) {
      if (ITEM.test(line)) items.push(line.replace(ITEM, ""));
      else items[items.length - 1] += ` ${line.trim()}`;
    }
    const ordered = /^\s*\d+\./.test(lines[first]!);
    out.push(h(ordered ? "ol" : "ul", null, ...items.map((i) => h("li", null, ...inline(i.trim())))));
  }
  return out;
}

/** Plain text of a description's first paragraph, for meta descriptions and short listings. */
export function summaryText(text: string | undefined, max = 160): string {
  const first = (text ?? "").trim().split(/\n\s*\n/)[0] ?? "";
  const plain = first
    .replace(/`([^`]+)`/g, "$1")
    .replace(/\*\*?([^*]+)\*\*?/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
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
