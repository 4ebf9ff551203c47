/**
 * A code block's text from its pre-rendered HTML is what an HTML parser reads from it
 * (hast-util-from-html, then hast-util-to-text as a <pre>): for every code block of the content,
 * and for code holding markup, references and the characters HTML escapes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { toText } from "hast-util-to-text";
import { h } from "hastscript";
import { describe, expect, it } from "vitest";
import { codeBlockFromPre } from "./code-blocks";
import type { TreeElement } from "../../common/tree";
import { codeText, parseFragment, preRenderedHtml } from "../../common/build/hast";
import { getHighlighter } from "../../common/build/highlight";

const ROOT = path.resolve(import.meta.dirname, "../..");

function fences(): { lang: string; code: string }[] {
  const out: { lang: string; code: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name))
        for (const m of readFileSync(file, "utf8").matchAll(/^( *)```(\w*)[^\n]*\n([\s\S]*?)^\1```/gm))
          out.push({ lang: m[2] || "text", code: m[3]! });
    }
  };
  walk(path.join(ROOT, "content"));
  return out;
}

const HOSTILE = [
  'if (a < b && c > d) { s = "<b>&amp;</b>"; }',
  "&lt; &#60; &#x3C; &nbsp; &copy; & ; &amp",
  "</code></pre><script>alert(1)</script>",
  "tab\there\r\nwindows line\n\n  indented ¶ — “quotes” 'single' é 漢字 🚀",
  "",
];

describe("codeText", () => {
  it("reads every code block as an HTML parser does", async () => {
    const hl = await getHighlighter();
    const blocks = [
      ...fences(),
      ...HOSTILE.flatMap((code) => ["ts", "bash", "text", "json"].map((lang) => ({ lang, code }))),
    ];
    expect(blocks.length).toBeGreaterThan(500);
    for (const { lang, code } of blocks) {
      const pre: TreeElement = ["pre", null, ["code", { className: `language-${lang}` }, code]];
      const block = codeBlockFromPre(pre, hl, () => {});
      const html = preRenderedHtml(block[2] as TreeElement)!;
      expect(codeText(html), html).toBe(toText(h("pre", parseFragment(html).children as never)));
    }
  });
});
