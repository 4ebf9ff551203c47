/**
 * Reads the pages of every docs version (content/docs, and content/versions/<name>/docs for each
 * legacy version site.yaml declares) and their fenced code blocks, with their page, line and meta.
 * A page is named by its path relative to content/docs: "devs/faq.mdx", or for a legacy version's
 * "../versions/2025/docs/devs/faq.mdx" (pagePath gives "content/versions/2025/docs/devs/faq.mdx").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { lineContexts, type TabPlace } from "./page-context";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = path.join(ROOT, "content/docs");

/** A docs version's pages, network table and API document, as the content checks read them. */
export interface DocsVersion {
  name: string;
  legacy: boolean;
  /** What its pages' names start with (relative to content/docs). */
  pagePrefix: string;
  /** Its network table and API document, relative to the repository. */
  networks: string;
  openapi: string;
}

function declaredVersions(): DocsVersion[] {
  const site = parseYaml(readFileSync(path.join(ROOT, "content/site.yaml"), "utf8")) as {
    versions?: { name: string; status: string }[];
  };
  return (site.versions ?? [{ name: "current", status: "current" }]).map((v) =>
    v.status === "current"
      ? { name: v.name, legacy: false, pagePrefix: "", networks: "content/networks.yaml", openapi: "openapi/node.yaml" }
      : {
          name: v.name,
          legacy: true,
          pagePrefix: `../versions/${v.name}/docs/`,
          networks: `content/versions/${v.name}/networks.yaml`,
          openapi: `content/versions/${v.name}/openapi/node.yaml`,
        },
  );
}

/** Every docs version, the current one first. */
export const DOCS_VERSIONS: readonly DocsVersion[] = declaredVersions().sort(
  (a, b) => Number(a.legacy) - Number(b.legacy),
);
export const CURRENT_DOCS = DOCS_VERSIONS[0]!;

/** A page's file as messages name it, e.g. content/docs/devs/faq.mdx or content/versions/2025/docs/devs/faq.mdx. */
export const pagePath = (page: string): string => path.posix.join("content/docs", page);

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

/** The pages of a docs version (the current one's by default). */
export function pageFiles(version: DocsVersion = CURRENT_DOCS): string[] {
  return (readdirSync(path.join(DOCS, version.pagePrefix), { recursive: true }) as string[])
    .filter((f) => /\.mdx?$/.test(f))
    .sort()
    .map((f) => version.pagePrefix + f.split(path.sep).join("/"));
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

/** The fences of every page of every docs version. */
export function allFences(): Fence[] {
  return DOCS_VERSIONS.flatMap((v) => pageFiles(v).flatMap((p) => fencesOf(p)));
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
