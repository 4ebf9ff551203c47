/**
 * Type-checks TypeScript/TSX code fences against the packages pinned in package.json: each page's
 * snippets become files of one folder (named by their `title`), so one snippet may import another.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { type Fence, metaValue, pagePath, ROOT } from "./fences";

export const TS_LANGS = new Set(["ts", "typescript", "tsx"]);

/**
 * Context for fences marked `fragment="…"`: a fragment is an excerpt, so the check places it where
 * it belongs. `component-body` is the inside of a React component using the wallet hook.
 */
const FRAGMENTS: Record<string, (code: string) => string> = {
  "component-body": (code) =>
    [
      `import { useWallet } from "@aptos-labs/wallet-adapter-react";`,
      `export function Fragment() {`,
      `  const wallet = useWallet();`,
      code,
      `  return null;`,
      `}`,
    ].join("\n"),
  "transaction-data": (code) =>
    [
      `import type { InputTransactionData } from "@aptos-labs/wallet-adapter-react";`,
      `declare const recipient: string;`,
      code,
      `export { transaction };`,
    ].join("\n"),
  "sign-message-proof": (code) =>
    [
      `import type { AccountInfo, AptosSignMessageOutput } from "@aptos-labs/wallet-adapter-react";`,
      `declare const account: AccountInfo;`,
      `declare const output: AptosSignMessageOutput;`,
      code,
      `export { proof };`,
    ].join("\n"),
};

export interface SnippetProblem {
  where: string;
  message: string;
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  skipLibCheck: true,
  esModuleInterop: true,
  isolatedModules: true,
};

/** Parsed declaration files of the installed packages and of TypeScript's lib, by path. */
const parsed = new Map<string, ts.SourceFile>();

/**
 * A compiler host that parses a file outside `snippets` (the packages' declarations, which no test
 * changes) once per process: each check after the first then parses only its snippets, as an
 * editor's language service does between edits.
 */
function cachingHost(snippets: string): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.resolve(fileName).startsWith(snippets + path.sep))
      return read(fileName, languageVersion, onError, shouldCreate);
    let file = parsed.get(fileName);
    if (!file) {
      file = read(fileName, languageVersion, onError, shouldCreate);
      if (file) parsed.set(fileName, file);
    }
    return file;
  };
  return host;
}

/** Writes the fences out and returns every type error, located at the page and fence line. */
export function checkSnippets(fences: Fence[]): SnippetProblem[] {
  // Inside the repository, so that the pinned node_modules resolve.
  const dir = path.join(ROOT, "node_modules/.cache/doc-snippets");
  rmSync(dir, { recursive: true, force: true });
  const origin = new Map<string, Fence>();
  const problems: SnippetProblem[] = [];
  for (const fence of fences) {
    // A legacy docs version's pages (../versions/<name>/docs/…) get folders of their own, inside `dir`.
    const version = /^\.\.\/versions\/([^/]+)\//.exec(fence.page)?.[1];
    const pageDir = path.join(dir, fence.page.replace(/\.mdx?$/, "").replace(/^\.\.\//, ""));
    // Files titled src/… belong to the one Next.js app the wallet-adapter pages of a version build together.
    const appDir = path.join(dir, version ? `next-app-${version}` : "next-app");
    const ext = fence.lang === "tsx" ? ".tsx" : ".ts";
    let name = metaValue(fence.meta, "title") ?? `snippet-${fence.line}${ext}`;
    if (!/\.tsx?$/.test(name)) name += ext;
    let file = name.startsWith("src/") ? path.join(appDir, name) : path.join(pageDir, name);
    if (origin.has(file)) file = file.replace(/(\.tsx?)$/, `.line${fence.line}$1`);
    const kind = metaValue(fence.meta, "fragment");
    const wrap = kind === undefined ? (c: string) => c : FRAGMENTS[kind];
    if (!wrap) {
      problems.push({ where: `${fence.page}:${fence.line}`, message: `unknown fragment kind "${kind}"` });
      continue;
    }
    // Next.js's "@/…" alias points at the project's src/ folder.
    const src = path.join(appDir, "src");
    let code = wrap(fence.code).replace(/(["'])@\/([^"']+)\1/g, (_m, q: string, rest: string) => {
      const rel = path.relative(path.dirname(file), path.join(src, rest)).split(path.sep).join("/");
      return `${q}${rel.startsWith(".") ? rel : `./${rel}`}${q}`;
    });
    if (!/^\s*(import|export)\s/m.test(code)) code += "\nexport {};\n";
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, code);
    origin.set(file, fence);
  }
  const program = ts.createProgram([...origin.keys()], OPTIONS, cachingHost(dir));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const fence = d.file && origin.get(path.resolve(d.file.fileName));
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!fence) {
      problems.push({ where: d.file?.fileName ?? "(program)", message });
      continue;
    }
    const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
    problems.push({ where: `${pagePath(fence.page)}:${fence.line} (snippet line ${line + 1})`, message });
  }
  return problems;
}
