/**
 * A code block's text from its pre-rendered HTML is what an HTML parser reads from it
 * (hast-util-from-html, then hast-util-to-text as a <pre>): for every code block of the content,
 * and for code holding markup, references and the characters HTML escapes.
 */
import path from "node:path";
import { toText } from "hast-util-to-text";
import { h } from "hastscript";
import { describe, expect, it } from "vitest";
import { codeBlockFromPre } from "./code-blocks";
import type { TreeElement } from "../../common/tree";
import { contentFences } from "../../common/build/content-fences";
import { codeText, parseFragment, preRenderedHtml } from "../../common/build/hast";
import { getHighlighter } from "../../common/build/highlight";

const ROOT = path.resolve(import.meta.dirname, "../..");

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
      ...contentFences(path.join(ROOT, "content")),
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
