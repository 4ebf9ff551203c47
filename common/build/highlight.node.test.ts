/**
 * The highlighter's memo of snippets: a snippet highlighted again comes from it, with the same
 * lines, and once it holds HIGHLIGHT_MEMO_LIMIT snippets the one used least recently goes first.
 */
import { describe, expect, it } from "vitest";
import { getHighlighter, HIGHLIGHT_MEMO_LIMIT, highlightMemo, highlightWith } from "./highlight";

/** Whether highlighting this snippet now was a memo hit, and its lines. */
async function highlight(code: string) {
  const hl = await getHighlighter();
  const hits = highlightMemo.hits;
  const lines = highlightWith(hl, code, "json");
  return { hit: highlightMemo.hits > hits, lines };
}

/** A JSON snippet of its own for each n, which no other test file highlights (they share this thread's memo). */
const snippet = (n: number) => `{ "highlight-memo-test": ${n} }`;

describe("the highlight memo", () => {
  it("gives a snippet highlighted again from the memo, with the same lines", async () => {
    const code = snippet(0);
    const first = await highlight(code);
    const again = await highlight(code);
    expect(first.hit).toBe(false);
    expect(again.hit).toBe(true);
    expect(again.lines).toEqual(first.lines);
  });

  it("keeps a snippet used again and lets the one used least recently go", async () => {
    const kept = snippet(1);
    const dropped = snippet(2);
    await highlight(kept);
    await highlight(dropped);
    // `kept` is used again after `dropped` was added: `dropped` is now the older of the two.
    expect((await highlight(kept)).hit).toBe(true);
    // Enough others that everything added before `dropped` (by this file or another) goes, then it.
    for (let n = 0; n < HIGHLIGHT_MEMO_LIMIT - 1; n++) await highlight(snippet(100 + n));
    expect((await highlight(kept)).hit).toBe(true);
    expect((await highlight(dropped)).hit).toBe(false);
  });
});
