import { describe, expect, it } from "vitest";
import { applyMagicComments, parseMeta } from "../../scripts/build/code-blocks";

describe("code fence meta", () => {
  it("reads the title, line numbers and line ranges", () => {
    const meta = parseMeta('title="a.move" {1,3-5} showLineNumbers');
    expect(meta.title).toBe("a.move");
    expect(meta.showLineNumbers).toBe(true);
    expect([...meta.highlighted]).toEqual([1, 3, 4, 5]);
  });
});

describe("magic comments", () => {
  it("highlights lines and marks errors, dropping the comment lines", () => {
    const source = [
      "a",
      "// highlight-next-line",
      "b",
      "# highlight-start",
      "c",
      "d",
      "# highlight-end",
      "// This will error",
      "e",
    ].join("\n");
    const { code, classes } = applyMagicComments(source, new Set([1]));
    expect(code).toBe("a\nb\nc\nd\ne");
    expect([...classes]).toEqual([
      [1, "hl"],
      [2, "hl"],
      [3, "hl"],
      [4, "hl"],
      [5, "err"],
    ]);
  });
});
