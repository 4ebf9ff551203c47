/**
 * One tokenization for both themes gives what Shiki's own codeToTokensWithThemes (one run per
 * theme) gives: the same class names on the same text, for every code block of the site's content
 * and its legacy version, in every language it loads; and a theme rule changed is seen (the
 * resolution is not a copy of one theme's colours).
 */
import path from "node:path";
import type { IGrammar } from "@shikijs/vscode-textmate";
import { describe, expect, it } from "vitest";
import { contentFences } from "./content-fences";
import { getHighlighter, LANGUAGES, tokenClass } from "./highlight";
import { ThemeStyles, tokenizeForThemes } from "./theme-tokens";

const ROOT = path.resolve(import.meta.dirname, "../..");
const THEMES = { dark: "dracula", light: "github-light" } as const;

/** A line as class runs: adjacent text of equal classes joined, as the highlighter draws it. */
function runs(tokens: { content: string; cls: string }[]): string[] {
  const out: [string, string][] = [];
  for (const t of tokens) {
    const last = out[out.length - 1];
    if (last && last[0] === t.cls) last[1] += t.content;
    else out.push([t.cls, t.content]);
  }
  return out.map(([cls, text]) => `${cls}|${text}`);
}

describe("tokenizeForThemes", () => {
  it("colours every code block of the content as Shiki's one-run-per-theme API does", async () => {
    const hl = await getHighlighter();
    const fg = { dark: hl.getTheme(THEMES.dark).fg.toLowerCase(), light: hl.getTheme(THEMES.light).fg.toLowerCase() };
    const styles = [new ThemeStyles(hl.getTheme(THEMES.dark)), new ThemeStyles(hl.getTheme(THEMES.light))];
    const loaded = new Set<string>(LANGUAGES);
    const blocks = contentFences(path.join(ROOT, "content")).filter((b) => loaded.has(b.lang));
    expect(blocks.length).toBeGreaterThan(300);
    const langs = new Set(blocks.map((b) => b.lang));
    for (const lang of ["move", "typescript", "bash", "toml", "json", "yaml", "rust"]) expect(langs).toContain(lang);
    for (const { lang, code } of blocks) {
      const shiki = hl
        .codeToTokensWithThemes(code, {
          lang: lang as (typeof LANGUAGES)[number],
          themes: THEMES,
          tokenizeTimeLimit: 0,
        })
        .map((line) =>
          runs(line.map((t) => ({ content: t.content, cls: tokenClass(t.variants.dark!, t.variants.light!, fg) }))),
        );
      const ours = tokenizeForThemes(code, hl.getLanguage(lang) as unknown as IGrammar, styles).map((line) =>
        runs(line.map((t) => ({ content: t.content, cls: tokenClass(t.styles[0]!, t.styles[1]!, fg) }))),
      );
      expect(ours, `${lang}:\n${code}`).toEqual(shiki);
    }
  });

  it("resolves each theme's own rules: a changed rule changes that theme's colour only", async () => {
    const hl = await getHighlighter();
    const dark = hl.getTheme(THEMES.dark);
    const planted = new ThemeStyles({
      ...dark,
      settings: [...dark.settings, { scope: "keyword", settings: { foreground: "#123456" } }],
    });
    const grammar = hl.getLanguage("typescript") as unknown as IGrammar;
    const [line] = tokenizeForThemes("if (x) return 1;", grammar, [planted, new ThemeStyles(dark)]);
    const keyword = line!.find((t) => t.content === "if")!;
    expect(keyword.styles[0]!.color).toBe("#123456");
    expect(keyword.styles[1]!.color).not.toBe("#123456");
  });

  it("lets an inner scope set its font style back to normal inside an italic one, and keeps it when its rule does not say", async () => {
    const hl = await getHighlighter();
    const dark = hl.getTheme(THEMES.dark);
    const grammar = hl.getLanguage("typescript") as unknown as IGrammar;
    // "//" is punctuation.definition.comment inside comment.line: the inner scope's rule decides.
    const slashes = (inner: object) =>
      tokenizeForThemes("// note", grammar, [
        new ThemeStyles({
          ...dark,
          settings: [
            ...dark.settings,
            { scope: "comment", settings: { fontStyle: "italic" } },
            { scope: "punctuation.definition.comment", settings: inner },
          ],
        }),
      ])[0]!.find((t) => t.content === "//")!.styles[0]!;
    expect(slashes({ fontStyle: "" }).fontStyle).toBe(0);
    expect(slashes({ foreground: "#654321" })).toEqual({ color: "#654321", fontStyle: 1 });
  });
});
