/**
 * Highlighted <CodeBlock>s for generated code (samples, JSON examples), through the site's Shiki
 * pipeline (highlightWith) with one change: a quote token joins the string it delimits. The themes
 * colour quotes and string bodies almost alike, and merging them roughly halves the markup of
 * string-heavy code such as JSON.
 */
import type { Highlighter } from "shiki";
import type { TreeElement, TreeNode } from "../../common/tree";
import { highlightWith, plainLines } from "../../common/build/highlight";
import { treeToHtml } from "../../common/build/hast";

type Span = ["span", { className: string }, string];

const QUOTES = new Set(['"', "'", "`"]);
const isSpan = (n: TreeNode | undefined): n is Span =>
  Array.isArray(n) && n[0] === "span" && n.length === 3 && typeof n[2] === "string";

/** Joins quote tokens of one highlighted line to the string token next to them. */
export function mergeQuotes(line: TreeElement): TreeElement {
  const [type, props, ...children] = line;
  const out: TreeNode[] = [];
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    const next = children[i + 1];
    const prev = out[out.length - 1];
    if (isSpan(node) && QUOTES.has(node[2]) && isSpan(next) && !QUOTES.has(next[2])) {
      children[i + 1] = ["span", next[1], `${node[2]}${next[2]}`];
    } else if (
      isSpan(node) &&
      QUOTES.has(node[2]) &&
      isSpan(prev) &&
      !QUOTES.has(prev[2]) &&
      !QUOTES.has(prev[2].slice(-1))
    ) {
      out[out.length - 1] = ["span", prev[1], `${prev[2]}${node[2]}`];
    } else {
      out.push(node);
    }
  }
  return [type, props, ...out];
}

/** Same element shape as scripts/build/code-blocks.ts gives a fenced block: tokens serialised once, here. */
export function codeBlock(hl: Highlighter, code: string, lang: string, warn: (m: string) => void): TreeElement {
  let lines = highlightWith(hl, code, lang);
  if (!lines) {
    warn(`generated code in "${lang}" is shown as plain text: the language is not loaded`);
    lines = plainLines(code);
  }
  const children: TreeNode[] = [];
  lines.map(mergeQuotes).forEach((line, i) => {
    if (i > 0) children.push("\n");
    children.push(line);
  });
  return [
    "CodeBlock",
    { lang },
    [
      "pre",
      {
        className: "code",
        tabIndex: 0,
        dangerouslySetInnerHTML: { __html: treeToHtml([["code", null, ...children]]) },
      },
    ],
  ];
}
