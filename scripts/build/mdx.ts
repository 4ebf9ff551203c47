/**
 * Compiles one MDX (or Markdown) page and evaluates it at build time into the page tree.
 * Headings get stable ids (GitHub-style slugs), code fences are highlighted, admonitions expanded.
 */
import { compile, run } from "@mdx-js/mdx";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import GithubSlugger from "github-slugger";
import type { Highlighter } from "shiki";
import { COMPONENT_NAMES } from "../../client/components/names";
import type { TreeElement, TreeNode } from "../../common/tree";
import { textOf } from "../../common/tree-walk";
import { codeBlockFromPre } from "./code-blocks";
import { componentRefs, createDataRuntime, TreeBuildError } from "./jsx-data-runtime";
import { remarkAdmonitions, remarkCodeMeta } from "./remark-plugins";

class PageBuildError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
  }
}

export interface CompileContext {
  file: string;
  format: "mdx" | "md";
  highlighter: Highlighter;
  warn: (message: string) => void;
}

const HEADING = /^h[1-6]$/;

export async function compilePage(source: string, ctx: CompileContext): Promise<TreeNode[]> {
  const warn = (m: string) => ctx.warn(`${ctx.file}: ${m}`);
  let code: string;
  try {
    const compiled = await compile(source, {
      format: ctx.format,
      outputFormat: "function-body",
      development: false,
      remarkPlugins: [remarkGfm, remarkDirective, remarkAdmonitions(warn), remarkCodeMeta],
    });
    code = String(compiled);
  } catch (e) {
    throw new PageBuildError(ctx.file, describe(e));
  }
  const slugger = new GithubSlugger();
  const runtime = createDataRuntime((el: TreeElement) => {
    const [type, props] = el;
    if (type === "pre") return codeBlockFromPre(el, ctx.highlighter, warn);
    // Wide tables scroll sideways; a focusable scroller can be scrolled with the keyboard.
    if (type === "table") return ["table", { ...(props ?? {}), tabIndex: 0 }, ...(el.slice(2) as TreeNode[])];
    // `| | Mainnet | Testnet |`: the empty corner above the row labels heads nothing; as a header
    // cell it is an empty header, which screen readers announce before every cell of its column.
    if (type === "th" && textOf(el).trim() === "") return ["td", props, ...(el.slice(2) as TreeNode[])];
    if (HEADING.test(type) && !(props && typeof props.id === "string")) {
      return [type, { ...(props ?? {}), id: slugger.slug(textOf(el)) }, ...(el.slice(2) as TreeNode[])];
    }
    return el;
  });
  try {
    const mod = await run(code, { ...runtime, baseUrl: import.meta.url } as never);
    const content = (mod.default as (p: unknown) => unknown)({ components: componentRefs(COMPONENT_NAMES) });
    if (content === null || content === undefined) return [];
    return (runtime.isElement(content) || !Array.isArray(content) ? [content] : content) as TreeNode[];
  } catch (e) {
    const message = describe(e);
    const missing = /Expected component `([^`]+)` to be defined/.exec(message);
    if (missing) {
      throw new PageBuildError(
        ctx.file,
        `unknown component <${missing[1]}>; registered components are ${COMPONENT_NAMES.join(", ")}`,
      );
    }
    throw new PageBuildError(
      ctx.file,
      e instanceof TreeBuildError ? message : `evaluating the page failed: ${message}`,
    );
  }
}

function describe(e: unknown): string {
  if (e && typeof e === "object" && "reason" in e) {
    type Point = { line?: number; column?: number };
    const m = e as { line?: number; column?: number; place?: Point & { start?: Point }; reason: string };
    const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(m.reason);
    const at: Point = m.line
      ? m
      : (m.place?.start ?? m.place ?? (inText ? { line: +inText[1]!, column: +inText[2]! } : {}));
    const reason = m.reason.replace(/\s*\(\d+:\d+(-\d+:\d+)?\)$/, "");
    return at.line ? `line ${at.line}:${at.column ?? 1}: ${reason}` : reason;
  }
  return e instanceof Error ? e.message : String(e);
}
