/**
 * The Markdown twins of the API pages quote the document verbatim: every `pattern` of
 * openapi/node.yaml, and every enum value, appears exactly as written, in code (not in italics,
 * where Markdown would escape its underscores, brackets and stars).
 */
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { pageToMarkdown } from "../../scripts/build/markdown";
import { REPO_ROOT } from "../../test/helpers/spec-fixtures";
import { generateApiReference } from "./index";

let twins: string;
let patterns: string[];
let enums: string[];

/** Every value of `key` anywhere in the document. */
function collect(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) collect(v, key, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  return out;
}

/** Pattern lines of a twin whose quoted pattern is not one of the document's, verbatim. */
function corruptPatterns(twin: string, known: string[]): string[] {
  const bad: string[] = [];
  for (const m of twin.matchAll(/_pattern_ `([^`]+)`|_pattern (.+?)_(?=\s|$)/gm))
    if (!known.includes(m[1] ?? "")) bad.push((m[1] ?? m[2])!);
  return bad;
}

beforeAll(async () => {
  const ref = await generateApiReference(REPO_ROOT);
  twins = ref.pages
    .map((p) =>
      pageToMarkdown(p.title, p.description, p.tree, { siteUrl: "https://docs.example.test", route: p.route }),
    )
    .join("\n");
  const doc = parse(ref.files.find((f) => f.path.endsWith(".yaml"))!.body) as unknown;
  patterns = [...new Set(collect(doc, "pattern") as string[])];
  enums = [
    ...new Set(
      (collect(doc, "enum") as unknown[][]).filter((e) => e.length > 1).flatMap((e) => e.map((v) => JSON.stringify(v))),
    ),
  ];
});

describe("the Markdown twins of the API pages", () => {
  it("quote every pattern of the document verbatim, in code", () => {
    expect(patterns.length).toBeGreaterThanOrEqual(2);
    for (const p of patterns) expect(twins, p).toContain(`_pattern_ \`${p}\``);
    expect(corruptPatterns(twins, patterns)).toEqual([]);
  });

  it("quote every enum value verbatim, in code", () => {
    expect(enums).toContain('"account_not_found"');
    for (const v of enums) expect(twins, v).toContain(`\`${v}\``);
    expect(twins).not.toMatch(/\\_not\\_found/);
  });

  it("would report a pattern written in italics, escaped", () => {
    const escaped = "- `address` _string_ _pattern ^0x\\[0-9a-fA-F]+$_";
    expect(corruptPatterns(escaped, ["^0x[0-9a-fA-F]+$"])).toEqual(["^0x\\[0-9a-fA-F]+$"]);
    expect(corruptPatterns("- `address` _string_ _pattern_ `^0x[0-9a-fA-F]+$`", ["^0x[0-9a-fA-F]+$"])).toEqual([]);
  });
});
