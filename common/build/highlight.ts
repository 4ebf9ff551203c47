/**
 * Build-time syntax highlighting with Shiki. Tokens become class names derived from their colour
 * (`d-ff79c6` in dark mode, `l-d73a49` in light mode), so the page tree stays compact, the CSP needs
 * no inline styles, and one generated stylesheet (see codeThemeCss) colours every page.
 */
import type { IGrammar } from "@shikijs/vscode-textmate";
import { createHighlighter, type Highlighter } from "shiki";
import type { TreeElement, TreeNode } from "../tree";
import { ThemeStyles, tokenizeForThemes, type TokenStyle } from "./theme-tokens";

/** The languages pages may use. Loading only these keeps highlighting in milliseconds per page. */
export const LANGUAGES = [
  "move",
  "typescript",
  "tsx",
  "javascript",
  "jsx",
  "json",
  "jsonc",
  "bash",
  "shellsession",
  "toml",
  "yaml",
  "python",
  "rust",
  "go",
  "solidity",
  "diff",
  "graphql",
  "http",
  "ini",
  "markdown",
  "html",
  "css",
  "dockerfile",
  "sql",
] as const;

const THEMES = { dark: "dracula", light: "github-light" } as const;

let highlighter: Promise<Highlighter> | undefined;
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: [...LANGUAGES] });
  return highlighter;
}

/** Resolves an info-string language (`ts`, `sh`, `Move`) to a loaded language, or null. */
function resolveLanguage(lang: string): string | null {
  const l = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  return l === "text" || (LANGUAGES as readonly string[]).includes(l) ? l : null;
}

const ALIASES: Record<string, string> = {
  ts: "typescript",
  js: "javascript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "shellsession",
  py: "python",
  rs: "rust",
  yml: "yaml",
  md: "markdown",
  sol: "solidity",
  gql: "graphql",
  docker: "dockerfile",
  text: "text",
  txt: "text",
  plaintext: "text",
};

function colorClass(prefix: "d" | "l", color: string | undefined): string | null {
  if (!color) return null;
  return `${prefix}-${color.replace("#", "").toLowerCase()}`;
}

/** Class names for a token; colours equal to the theme's default text colour need none. */
export function tokenClass(
  dark: Partial<TokenStyle>,
  light: Partial<TokenStyle>,
  fg: { dark: string; light: string },
): string {
  const classes = [
    dark.color?.toLowerCase() === fg.dark ? null : colorClass("d", dark.color),
    light.color?.toLowerCase() === fg.light ? null : colorClass("l", light.color),
  ];
  if ((dark.fontStyle ?? 0) & 1) classes.push("i");
  return classes.filter(Boolean).join(" ");
}

/** Each highlighter's two themes as scopes are resolved with them (theme-tokens.ts). */
const themeStyles = new WeakMap<Highlighter, [ThemeStyles, ThemeStyles]>();

/** Highlighted lines by language and code: a snippet repeated across pages is tokenized once per build process. */
const highlighted = new Map<string, TreeElement[]>();
/** Snippets this thread was asked to highlight, and how many of them the memo had (the bench reports the rate). */
export const highlightMemo = { lookups: 0, hits: 0 };
/**
 * Bounds the memo, the least recently used snippet out first. A snippet that repeats (an install
 * command, an address) mostly does so within a few pages, while each entry holds the trees of its
 * lines: a large bound buys few more hits and costs every build thread memory that grows with the site.
 */
export const HIGHLIGHT_MEMO_LIMIT = 2_000;

/**
 * Highlights `code` (with a loaded highlighter) into one `span.line` element per line. Returns null for an unknown language,
 * so the caller can warn and fall back to plain text. Each line is a fresh array (a caller may
 * replace its props); the token spans inside are shared with the memo and are never changed.
 */
export function highlightWith(hl: Highlighter, code: string, lang: string): TreeElement[] | null {
  const resolved = resolveLanguage(lang);
  if (!resolved) return null;
  if (resolved === "text") return plainLines(code);
  const key = `${resolved}\0${code}`;
  let lines = highlighted.get(key);
  highlightMemo.lookups++;
  if (lines) {
    highlightMemo.hits++;
    // Used again: moved to the end of the Map's order, the last to go.
    highlighted.delete(key);
  } else lines = tokenize(hl, code, resolved);
  highlighted.set(key, lines);
  if (highlighted.size > HIGHLIGHT_MEMO_LIMIT) highlighted.delete(highlighted.keys().next().value!);
  return lines.map((line) => [...line] as TreeElement);
}

function tokenize(hl: Highlighter, code: string, resolved: string): TreeElement[] {
  // The grammar runs once for both themes (theme-tokens.ts), with no time limit: Shiki's default
  // (500 ms a line) cuts tokenizing short on a busy machine, where compiling a grammar on its first
  // line can take that long, and the same page would come out coloured differently from one build
  // to the next.
  let styles = themeStyles.get(hl);
  if (!styles) {
    styles = [new ThemeStyles(hl.getTheme(THEMES.dark)), new ThemeStyles(hl.getTheme(THEMES.light))];
    themeStyles.set(hl, styles);
  }
  const lines = tokenizeForThemes(code, hl.getLanguage(resolved) as unknown as IGrammar, styles);
  const fg = { dark: hl.getTheme(THEMES.dark).fg.toLowerCase(), light: hl.getTheme(THEMES.light).fg.toLowerCase() };
  return lines.map((tokens) => {
    const children: TreeNode[] = [];
    let prevClass: string | null = null;
    for (const token of tokens) {
      const cls = tokenClass(token.styles[0]!, token.styles[1]!, fg);
      const last = children[children.length - 1];
      if (cls && cls === prevClass && Array.isArray(last)) {
        last[last.length - 1] = (last[last.length - 1] as string) + token.content;
      } else if (!cls) {
        if (typeof last === "string") children[children.length - 1] = last + token.content;
        else children.push(token.content);
      } else {
        children.push(["span", { className: cls }, token.content]);
      }
      prevClass = cls || null;
    }
    return ["span", { className: "line" }, ...children] as TreeElement;
  });
}

export function plainLines(code: string): TreeElement[] {
  return code.split("\n").map((line) => ["span", { className: "line" }, line] as TreeElement);
}

function channels(hex: string): [number, number, number] {
  const h = hex.replace("#", "").slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(channels(a)), luminance(channels(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * A theme colour nudged (lighter on dark, darker on light) until it reaches WCAG AA contrast 4.5:1
 * on the code background; Dracula's comment grey, for one, does not.
 */
export function readable(color: string, bg: string, mode: "dark" | "light"): string {
  let rgb = channels(color);
  for (let i = 0; i < 40 && contrast(hex(rgb), bg) < 4.5; i++) {
    rgb = rgb.map((v) => (mode === "dark" ? Math.min(255, v + 6) : Math.max(0, v - 6))) as [number, number, number];
  }
  return hex(rgb);
}

function hex(rgb: [number, number, number]): string {
  return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** CSS for every colour the two themes can produce, plus the code block backgrounds. */
export async function codeThemeCss(): Promise<string> {
  const hl = await getHighlighter();
  const rules: string[] = [];
  for (const [mode, name] of Object.entries(THEMES) as [keyof typeof THEMES, string][]) {
    const theme = hl.getTheme(name);
    const prefix = mode === "dark" ? "d" : "l";
    const colors = new Set<string>();
    colors.add(theme.fg);
    for (const s of theme.settings) {
      const fg = s.settings?.foreground;
      if (typeof fg === "string") colors.add(fg);
    }
    rules.push(`[data-theme=${mode}]{--code-bg:${theme.bg};--code-fg:${theme.fg}}`);
    for (const c of colors) {
      const cls = colorClass(prefix, c);
      if (cls) rules.push(`[data-theme=${mode}] .${cls}{color:${readable(c, theme.bg, mode)}}`);
    }
  }
  return rules.join("\n") + "\n[data-theme=dark] .i{font-style:italic}\n";
}
