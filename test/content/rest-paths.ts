/**
 * REST paths of the node API written on a page (`/v1/accounts/0x1`, `GET /transactions`, in prose or
 * code) and whether the page links the operation each one names. In prose the link must sit in the
 * same paragraph or list item; a path in a code block is covered by a link anywhere on the page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { fencesOf, ROOT } from "./fences";
import { lineContexts } from "./page-context";

export interface ApiOperation {
  method: string;
  /** Template, e.g. `/accounts/{address}`. */
  path: string;
  /** The operation's page, e.g. `/api/node/get-account`. */
  route: string;
  match: RegExp;
}

export function apiOperations(): ApiOperation[] {
  const doc = parse(readFileSync(path.join(ROOT, "openapi/node.yaml"), "utf8")) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: template,
      route: `/api/node/${op.operationId.replace(/_/g, "-")}`,
      match: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    })),
  );
}

export interface RestPath {
  line: number;
  /** As written, e.g. `GET /v1/accounts/0x1`. */
  text: string;
  operations: ApiOperation[];
  inCode: boolean;
}

// `GET /x`, `POST /x` (any path), or a path under `/v1/` (also inside a URL). A bare `/v1` or
// `/v1/` is a base URL, not a REST path, unless a method names it.
const PATH_CHARS = String.raw`[^\s\`'"<>)\]|*]`;
const REST = new RegExp(String.raw`\b(GET|POST)\s+(/${PATH_CHARS}*)|(?:https?://[\w.:-]+)?/v1(/${PATH_CHARS}+)`, "g");

function operationsOf(method: string | undefined, written: string, ops: ApiOperation[]): ApiOperation[] {
  let p = written.replace(/[.,;:]+$/, "").replace(/[?#].*$/, "");
  p = p.replace(/^\/v1(?=\/|$)/, "") || "/";
  if (p.length > 1) p = p.replace(/\/$/, "");
  return ops.filter((o) => (!method || o.method === method) && o.match.test(p));
}

export function restPathsIn(text: string, line: number, inCode: boolean, ops: ApiOperation[]): RestPath[] {
  const out: RestPath[] = [];
  for (const m of text.matchAll(REST)) {
    const operations = operationsOf(m[1], m[2] ?? m[3]!, ops);
    if (operations.length) out.push({ line, text: m[0], operations, inCode });
  }
  return out;
}

const linksTo = (text: string, route: string) =>
  new RegExp(`(\\]\\(|href=["'{\`]*)${route.replace(/[-/]/g, "\\$&")}(?=[#?)"'\`}\\s]|$)`).test(text);

/** One line per REST path of the page that does not link its operation page. */
export function unlinkedRestPaths(page: string, source: string, ops: ApiOperation[]): string[] {
  const lines = source.split("\n");
  const fenced = new Set<number>();
  const found: { path: RestPath; block: string }[] = [];
  for (const f of fencesOf(page, source)) {
    f.code.split("\n").forEach((l, i) => {
      fenced.add(f.line + 1 + i);
      for (const p of restPathsIn(l, f.line + 1 + i, true, ops)) found.push({ path: p, block: source });
    });
    fenced.add(f.line);
    fenced.add(f.line + f.code.split("\n").length + 1);
  }
  // Prose blocks: runs of lines between blank lines, outside fences, frontmatter and MDX comments.
  const fm = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  const contexts = lineContexts(source);
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    const blank = i === lines.length || !lines[i]!.trim() || fenced.has(i + 1);
    if (!blank) continue;
    const block = lines.slice(start, i);
    const text = block.join("\n");
    block.forEach((l, j) => {
      if (start + j > fm && !contexts[start + j]!.comment)
        for (const p of restPathsIn(l, start + j + 1, false, ops)) found.push({ path: p, block: text });
    });
    start = i + 1;
  }
  return found
    .filter(({ path: p, block }) => !p.operations.some((o) => linksTo(block, o.route)))
    .map(
      ({ path: p }) =>
        `${page}:${p.line}: ${p.text.trim()} (${p.inCode ? "code" : "prose"}) does not link ${p.operations.map((o) => o.route).join(" or ")}`,
    );
}
