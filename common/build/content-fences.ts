/**
 * Every fenced code block of the pages under a folder, with its info string's language ("text"
 * when it names none) and its code without the fence's last line break: the real code the
 * highlighting and twin tests check their shortcuts against.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function contentFences(dir: string): { lang: string; code: string }[] {
  const blocks: { lang: string; code: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) blocks.push(...contentFences(file));
    else if (/\.mdx?$/.test(entry.name))
      for (const m of readFileSync(file, "utf8").matchAll(/^( *)```(\w*)[^\n]*\n([\s\S]*?)^\1```/gm))
        blocks.push({ lang: (m[2] || "text").toLowerCase(), code: m[3]!.replace(/\n$/, "") });
  }
  return blocks;
}
