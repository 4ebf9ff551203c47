/**
 * Where each line of a page sits: the headings above it and the tab it is in. Tabs are
 * alternatives (a reader sees one of them), and a heading or tab that names a network says which
 * network the lines below it are about; the checks read both from here.
 */

/** One tab of a <Tabs> block, and what a reader can choose in that block. */
export interface TabPlace {
  /** The block's number on its page, from 0; blocks with the same `group` switch together. */
  block: number;
  group: string | undefined;
  value: string;
  label: string;
  /** Every tab value of the block, in order, and the one shown when nothing was chosen. */
  values: string[];
  defaultValue: string;
}

export interface LineContext {
  /** The headings above the line, outermost first (the page's `#` title included). */
  headings: string[];
  tab: TabPlace | null;
  /** True inside a fenced code block (the fence lines included). */
  code: boolean;
  /** True inside an MDX comment `{/* … *\/}`: notes for authors, not shown to readers. */
  comment: boolean;
  /** True in the page's frontmatter (its `---` lines included). */
  frontmatter: boolean;
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}=(["'])(.*?)\\1`).exec(tag)?.[2];

/** The context of every line of `source`, by index (line n is at n - 1). */
export function lineContexts(source: string): LineContext[] {
  const lines = source.split("\n");
  const out: LineContext[] = [];
  const headings: { level: number; text: string }[] = [];
  const blocks: {
    block: number;
    group: string | undefined;
    tabs: { value: string; label: string; isDefault: boolean }[];
  }[] = [];
  // Tab of each line by block, filled once a block closes and its values are known.
  const pending: { line: number; block: number; value: string; label: string }[] = [];
  const open: number[] = [];
  let current: { block: number; value: string; label: string } | null = null;
  let fence: string | null = null;
  let comment = false;
  let frontmatter = lines[0] === "---";
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (frontmatter) {
      out.push({ headings: [], tab: null, code: false, comment: false, frontmatter: true });
      if (i > 0 && line === "---") frontmatter = false;
      return;
    }
    if (fence === null && (comment || line.startsWith("{/*"))) {
      comment = !line.endsWith("*/}");
      out.push({ headings: headings.map((h) => h.text), tab: null, code: false, comment: true, frontmatter: false });
      return;
    }
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    const wasCode = fence !== null;
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && /^[`~]+$/.test(line)) fence = null;
    const code = wasCode || fence !== null;
    if (!code) {
      const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(raw);
      if (heading) {
        const level = heading[1]!.length;
        while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
        headings.push({ level, text: heading[2]! });
      }
      if (/^<Tabs\b/.test(line)) {
        blocks.push({ block: blocks.length, group: attr(line, "groupId"), tabs: [] });
        open.push(blocks.length - 1);
      } else if (/^<TabItem\b/.test(line) && open.length) {
        const block = open[open.length - 1]!;
        const value = attr(line, "value") ?? "";
        const label = attr(line, "label") ?? value;
        blocks[block]!.tabs.push({ value, label, isDefault: /\sdefault\b/.test(line) });
        current = { block, value, label };
      } else if (/^<\/TabItem>/.test(line)) current = null;
      else if (/^<\/Tabs>/.test(line)) open.pop();
    }
    if (current) pending.push({ line: i, ...current });
    out.push({ headings: headings.map((h) => h.text), tab: null, code, comment: false, frontmatter: false });
  });
  for (const p of pending) {
    const block = blocks[p.block]!;
    const values = block.tabs.map((t) => t.value);
    const defaultValue = (block.tabs.find((t) => t.isDefault) ?? block.tabs[0])!.value;
    out[p.line]!.tab = { block: p.block, group: block.group, value: p.value, label: p.label, values, defaultValue };
  }
  return out;
}
