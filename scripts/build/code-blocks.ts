/**
 * Turns a fenced code block (`pre > code.language-x`) into a highlighted <CodeBlock> tree at build
 * time: title, line numbers, `{1,3-5}` ranges and the magic comments `highlight-next-line`,
 * `highlight-start`/`highlight-end` and `This will error` (the comment line itself is removed).
 */
import type { Highlighter } from "shiki";
import type { TreeElement, TreeNode, TreeProps } from "../../common/tree";
import { highlightWith, plainLines } from "../../common/build/highlight";
import { treeToHtml } from "../../common/build/hast";

export interface CodeMeta {
  title?: string;
  showLineNumbers: boolean;
  highlighted: Set<number>;
}

export function parseMeta(meta: string): CodeMeta {
  const title = /title=(["'])(.*?)\1/.exec(meta)?.[2];
  const highlighted = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(meta)?.[1];
  for (const part of ranges?.split(",") ?? []) {
    const [a, b] = part
      .trim()
      .split("-")
      .map((n) => Number(n));
    if (!Number.isInteger(a)) continue;
    for (let i = a!; i <= (Number.isInteger(b) ? b! : a!); i++) highlighted.add(i);
  }
  return { title, showLineNumbers: /\bshowLineNumbers\b/.test(meta), highlighted };
}

const MAGIC =
  /^\s*(?:\/\/|#|--|;|\/\*|<!--)\s*(highlight-next-line|highlight-start|highlight-end|This will error)\s*(?:\*\/|-->)?\s*$/;

/** Removes magic-comment lines and returns the remaining code with per-line classes (1-based). */
export function applyMagicComments(
  code: string,
  highlighted: Set<number>,
): { code: string; classes: Map<number, string> } {
  const out: string[] = [];
  const classes = new Map<number, string>();
  let pending: string | null = null;
  let inBlock = false;
  for (const line of code.split("\n")) {
    const m = MAGIC.exec(line);
    if (m) {
      const cmd = m[1];
      if (cmd === "highlight-next-line") pending = "hl";
      else if (cmd === "This will error") pending = "err";
      else inBlock = cmd === "highlight-start";
      continue;
    }
    out.push(line);
    const n = out.length;
    const cls = pending ?? (inBlock || highlighted.has(n) ? "hl" : null);
    if (cls) classes.set(n, cls);
    pending = null;
  }
  return { code: out.join("\n"), classes };
}

export function codeBlockFromPre(pre: TreeElement, hl: Highlighter, warn: (m: string) => void): TreeElement {
  const code = pre[2];
  let lang = "text";
  let meta = "";
  let text: string;
  if (Array.isArray(code) && code[0] === "code") {
    const props = code[1] ?? {};
    const cls = typeof props.className === "string" ? props.className : "";
    lang = /language-([\w+#-]+)/.exec(cls)?.[1] ?? "text";
    meta = typeof props["data-meta"] === "string" ? props["data-meta"] : "";
    text = code
      .slice(2)
      .filter((c): c is string => typeof c === "string")
      .join("");
  } else {
    text = pre
      .slice(2)
      .filter((c): c is string => typeof c === "string")
      .join("");
  }
  text = text.replace(/\n$/, "");
  const parsed = parseMeta(meta);
  const { code: body, classes } = applyMagicComments(text, parsed.highlighted);
  let lines = highlightWith(hl, body, lang);
  if (!lines) {
    warn(
      `code block language "${lang}" is not loaded; shown as plain text (see LANGUAGES in common/build/highlight.ts)`,
    );
    lines = plainLines(body);
  }
  const children: TreeNode[] = [];
  lines.forEach((line, i) => {
    const cls = classes.get(i + 1);
    if (cls) line[1] = { className: `line ${cls}` };
    if (i > 0) children.push("\n");
    children.push(line);
  });
  const props: TreeProps = { lang };
  if (parsed.title) props.title = parsed.title;
  if (parsed.showLineNumbers) props.showLineNumbers = true;
  // The token spans are serialised here, once, instead of by React on every render.
  return [
    "CodeBlock",
    props,
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
