/** Markdown tables as compiled: an empty corner cell above the row labels is no header. */
import { describe, expect, it } from "vitest";
import { treeToHtml } from "../../common/build/hast";
import { getHighlighter } from "../../common/build/highlight";
import { compilePage } from "../../scripts/build/mdx";

async function compile(source: string): Promise<string> {
  const tree = await compilePage(source, {
    file: "x.mdx",
    format: "mdx",
    highlighter: await getHighlighter(),
    warn: () => {},
  });
  return treeToHtml(tree);
}

describe("tables", () => {
  it("keep an empty first header cell as a plain cell, and every other header", async () => {
    const html = await compile("| | Mainnet | Testnet |\n|---|---|---|\n| Chain ID | 126 | 250 |\n");
    expect(html).toContain("<thead><tr><td></td><th>Mainnet</th><th>Testnet</th></tr></thead>");
    expect(html).not.toMatch(/<th>\s*<\/th>/);
  });

  it("leave a header cell with text alone", async () => {
    const html = await compile("| Network | Chain ID |\n|---|---|\n| Mainnet | 126 |\n");
    expect(html).toContain("<th>Network</th><th>Chain ID</th>");
  });
});
