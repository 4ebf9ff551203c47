/**
 * Finds where in a source file a build message points: a key path in YAML or JSON (site.yaml,
 * frontmatter, _category_.json), a piece of text in MDX; and cuts the code frame around it.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node } from "yaml";

export interface Position {
  line: number;
  column: number;
}

export interface CodeFrame {
  /** Line number of lines[0]. */
  start: number;
  lines: string[];
  line: number;
  column: number;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** The frontmatter's YAML and the line it starts on, or the whole text for a .yaml or .json file. */
export function dataOf(file: string, text: string): { yaml: string; firstLine: number } | null {
  if (/\.(ya?ml|json)$/.test(file)) return { yaml: text, firstLine: 1 };
  const m = FRONTMATTER.exec(text);
  return m ? { yaml: m[1]!, firstLine: 2 } : null;
}

/** Where the value at `path` (a zod issue path) is written; with `key`, where that key of it is. */
export function locateKey(file: string, text: string, path: string[], key?: string): Position | null {
  const data = dataOf(file, text);
  if (!data) return null;
  const doc = parseDocument(data.yaml);
  let node = doc.contents as Node | null;
  let at = node?.range?.[0];
  const keyIn = (map: unknown, name: string) =>
    isMap(map) ? map.items.find((p) => isScalar(p.key) && String(p.key.value) === name) : undefined;
  for (const segment of path) {
    if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      node = item;
      at = item.range?.[0] ?? at;
      continue;
    }
    const pair = keyIn(node, segment);
    if (!pair) break;
    at = (pair.key as Node).range?.[0] ?? at;
    node = pair.value as Node | null;
  }
  const pair = key === undefined ? undefined : keyIn(node, key);
  if (pair) at = (pair.key as Node).range?.[0] ?? at;
  if (at === undefined) return null;
  const p = positionAt(data.yaml, at);
  return { line: p.line + data.firstLine - 1, column: p.column };
}

/** The first place `needle` is written (for an unknown component or a broken link's href). */
export function locateText(text: string, needles: string[]): Position | null {
  for (const needle of needles) {
    const at = text.indexOf(needle);
    if (at >= 0) return positionAt(text, at);
  }
  return null;
}

export function codeFrame(text: string, at: Position, context = 2): CodeFrame | null {
  const all = text.split(/\r?\n/);
  if (at.line < 1 || at.line > all.length) return null;
  const start = Math.max(1, at.line - context);
  return { start, lines: all.slice(start - 1, Math.min(all.length, at.line + context)), ...at };
}

/** The frame as the terminal shows it: numbered lines, `>` on the line, `^` under the column. */
export function frameText(frame: CodeFrame): string {
  const width = String(frame.start + frame.lines.length - 1).length;
  const out: string[] = [];
  frame.lines.forEach((line, i) => {
    const n = frame.start + i;
    out.push(`${n === frame.line ? ">" : " "} ${String(n).padStart(width)} | ${line}`);
    if (n === frame.line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, frame.column - 1))}^`);
  });
  return out.join("\n");
}
