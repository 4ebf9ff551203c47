/**
 * The readable text blocks of a pre-rendered HTML block (parsed to hast): paragraphs, list items and
 * table rows (cells joined by " | "), each with the id of its row when it has one, and list items
 * with an id (the API reference's fields) as one block each. Code (<pre>), drawings and table
 * headers are skipped. Permalinks are read as their text (a row's name, or nothing), and a row's
 * name permalink names the block.
 */
import type { Element, ElementContent, Root } from "hast";
import { PERMALINK_CLASS } from "../../common/permalink";

export interface TextBlock {
  text: string;
  /** The id of the table row or field, usable as the record's anchor. */
  id?: string;
  /** The name the row documents (a field's or parameter's), when the row links to itself by it. */
  name?: string;
}

const BLOCK = new Set(
  "address article aside blockquote dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header li main nav ol p section summary table tbody thead tfoot ul".split(
    " ",
  ),
);
/** Code, drawings, and table headers (column names say nothing on their own). */
const SKIPPED = new Set(["pre", "script", "style", "svg", "thead"]);

const collapse = (t: string) => t.replace(/\s+/g, " ").trim();

function textOf(nodes: ElementContent[]): string {
  return nodes.map((n) => (n.type === "text" ? n.value : n.type === "element" ? textOf(n.children) : "")).join("");
}

/**
 * The name a row documents: the text of its name permalink (common/permalink.ts), the
 * link to the row itself. Not searched inside nested blocks (a field's type drawn under it).
 */
function rowName(row: Element, id: string): string | undefined {
  const visit = (nodes: ElementContent[]): string | undefined => {
    for (const n of nodes) {
      if (n.type !== "element" || n.tagName === "details" || n.tagName === "ul") continue;
      const classes = n.properties.className;
      if (
        n.tagName === "a" &&
        n.properties.href === `#${id}` &&
        Array.isArray(classes) &&
        classes.includes(PERMALINK_CLASS)
      )
        return collapse(textOf(n.children)) || undefined;
      const found = visit(n.children);
      if (found) return found;
    }
    return undefined;
  };
  return visit(row.children);
}

/** A block, with its row's id and name when it has them. */
function block(text: string, row: Element): TextBlock {
  const id = row.properties.id;
  if (typeof id !== "string") return { text };
  const name = rowName(row, id);
  return name ? { text, id, name } : { text, id };
}

export function textBlocks(root: Root): TextBlock[] {
  const blocks: TextBlock[] = [];
  let text = "";
  let cells: string[] | null = null;
  let cellDepth = 0;
  const flush = () => {
    const t = collapse(text);
    text = "";
    if (t) blocks.push({ text: t });
  };
  const edge = () => {
    if (cellDepth) text += " ";
    else flush();
  };
  const visit = (nodes: (ElementContent | Root["children"][number])[]) => {
    let previous: string | null = null;
    for (const node of nodes) {
      if (node.type === "text") text += node.value;
      if (node.type !== "element") {
        previous = node.type;
        continue;
      }
      // Two elements side by side (`<code>a</code><span>b</span>`) are separate words on screen.
      if (previous === "element") text += " ";
      previous = "element";
      const name = node.tagName;
      if (SKIPPED.has(name)) continue;
      if (name === "br") {
        text += " ";
      } else if (name === "tr") {
        flush();
        const row: string[] = (cells = []);
        visit(node.children);
        const joined = row.filter(Boolean).join(" | ");
        if (joined) blocks.push(block(joined, node));
        cells = null;
      } else if (name === "td" || name === "th") {
        cellDepth++;
        text = "";
        visit(node.children);
        cellDepth--;
        cells?.push(collapse(text));
        text = "";
      } else if (name === "li" && typeof node.properties.id === "string" && !cells) {
        // A field of the API reference: its name, type and description as one block landing on
        // the row; the structure of its type (a collapsed block) comes after, as blocks of its own.
        flush();
        const nested = node.children.filter((c) => c.type === "element" && c.tagName === "details");
        cellDepth++;
        visit(node.children.filter((c) => !nested.includes(c)));
        cellDepth--;
        const t = collapse(text);
        text = "";
        if (t) blocks.push(block(t, node));
        visit(nested);
        flush();
      } else if (BLOCK.has(name)) {
        edge();
        visit(node.children);
        edge();
      } else {
        visit(node.children);
      }
    }
  };
  visit(root.children);
  flush();
  return blocks;
}
