/**
 * The readable text blocks of an HTML fragment that a page tree carries pre-rendered
 * (`dangerouslySetInnerHTML`, as generated API pages do): paragraphs, list items and table rows
 * (cells joined by " | "), each with the id of its row when it has one. Code (<pre>) and table
 * headers are skipped.
 * Enough for HTML we generate ourselves; not a general parser.
 */
export interface TextBlock {
  text: string;
  /** The id of the table row or block, usable as the record's anchor. */
  id?: string;
}

const BLOCK = new Set(
  "address article aside blockquote dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header li main nav ol p section summary table tbody thead tfoot ul".split(
    " ",
  ),
);
/** Code, drawings, and table headers (column names say nothing on their own). */
const SKIPPED = new Set(["pre", "script", "style", "svg", "thead"]);
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const collapse = (t: string) => t.replace(/\s+/g, " ").trim();

export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let text = "";
  let skipDepth = 0;
  let cells: string[] | null = null;
  let rowId: string | undefined;
  let cellDepth = 0;
  const flush = () => {
    const t = collapse(decodeEntities(text));
    text = "";
    if (t) blocks.push({ text: t });
  };
  // Two inline elements side by side (`<code>a</code><span>b</span>`) are separate words on screen.
  let afterClose = false;
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g)) {
    const [token, rawName, attrs, chunk] = m;
    if (chunk !== undefined || token === "<") {
      if (!skipDepth) text += chunk ?? token;
      afterClose = false;
      continue;
    }
    const name = rawName!.toLowerCase();
    const closing = token.startsWith("</");
    if (!closing && afterClose) text += " ";
    afterClose = closing;
    if (SKIPPED.has(name)) {
      skipDepth += closing ? -1 : 1;
      skipDepth = Math.max(0, skipDepth);
      continue;
    }
    if (skipDepth) continue;
    if (name === "br") {
      text += " ";
    } else if (name === "tr") {
      if (!closing) {
        flush();
        cells = [];
        rowId = /\bid="([^"]*)"/.exec(attrs ?? "")?.[1];
      } else if (cells) {
        const row = cells.filter(Boolean).join(" | ");
        if (row) blocks.push(rowId ? { text: row, id: decodeEntities(rowId) } : { text: row });
        cells = null;
      }
    } else if (name === "td" || name === "th") {
      if (!closing) {
        cellDepth++;
        text = "";
      } else {
        cellDepth = Math.max(0, cellDepth - 1);
        cells?.push(collapse(decodeEntities(text)));
        text = "";
      }
    } else if (BLOCK.has(name)) {
      if (cellDepth) text += " ";
      else flush();
    }
  }
  flush();
  return blocks;
}
