/** Reads the fenced code blocks of every page under content/docs, with their page, line and meta. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { lineContexts, type TabPlace } from "./page-context";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = path.join(ROOT, "content/docs");

export interface Fence {
  /** Page path relative to content/docs. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  meta: string;
  code: string;
  /** The tab the fence is in, if any: fences in other tabs of its block are alternatives to it. */
  tab?: TabPlace | null;
}

export function pageFiles(): string[] {
  return (readdirSync(DOCS, { recursive: true }) as string[])
    .filter((f) => /\.mdx?$/.test(f))
    .sort()
    .map((f) => f.split(path.sep).join("/"));
}

export function readPage(page: string): string {
  return readFileSync(path.join(DOCS, page), "utf8");
}

/** Fences of one page's source; indented fences (inside list items) lose their indentation. */
export function fencesOf(page: string, source = readPage(page)): Fence[] {
  const out: Fence[] = [];
  const lines = source.split("\n");
  const contexts = lineContexts(source);
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})([\w+#-]*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, marker, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim().startsWith(marker!) && line.trim().replace(new RegExp(`^${marker![0]}+`), "") === "") break;
      body.push(line.startsWith(indent!) ? line.slice(indent!.length) : line.trimStart());
    }
    out.push({ page, line: i + 1, lang: lang!, meta: meta!, code: body.join("\n"), tab: contexts[i]!.tab });
    i = j;
  }
  return out;
}

export function allFences(): Fence[] {
  return pageFiles().flatMap((p) => fencesOf(p));
}

/** The value of `name="…"` in a fence's meta string. */
export function metaValue(meta: string, name: string): string | undefined {
  return new RegExp(`\\b${name}=(["'])(.*?)\\1`).exec(meta)?.[2];
}

/** The page's text outside fenced code blocks and frontmatter, line by line (others blanked). */
export function proseLines(page: string, source = readPage(page)): string[] {
  const lines = source.split("\n");
  const fenced = new Set<number>();
  for (const f of fencesOf(page, source)) {
    const end = f.line + f.code.split("\n").length;
    for (let n = f.line; n <= end; n++) fenced.add(n);
  }
  const fm = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  return lines.map((l, i) => (fenced.has(i + 1) || i <= fm ? "" : l));
}
