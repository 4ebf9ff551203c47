/**
 * The repository stands alone: no source, test, script or config refers to a path above the
 * repository root (a contributor's clone has nothing beside it). The fresh-clone run in `.ci/run`
 * proves the same thing at run time; this test names the offending line before anything runs.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/spec-fixtures";

const SKIP_DIRS = new Set(["node_modules", "dist", ".git", ".wrangler", "bench-results", "test-results"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|ya?ml|toml|sh)$|^run$/;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(path.join(dir, entry.name));
    } else if (TEXT.test(entry.name) && entry.name !== "package-lock.json") {
      yield path.join(dir, entry.name);
    }
  }
}

const inside = (p: string) => !path.relative(REPO_ROOT, p).startsWith("..");
/** A quoted string that steps up a directory: "../x", '../../y', `..`. */
const DOTTED = /(["'`])((?:\.\.\/)*\.\.(?:\/[^"'`\s]*)?)\1/g;
/** A root-anchored join that steps up: path.join(ROOT, "..") and the like. */
const ROOT_UP = /\b(?:ROOT|REPO_ROOT|root|repoRoot|projectRoot)\s*,\s*["'`]\.\.(?:\/|["'`])/;

/** Lines marked so hold URL paths sent to a server (hostile-input tests), not files the repo reads. */
const URL_PATH_MARK = "// url-path:";

/** Each line of `text` that reaches above the repository root from `file`. */
export function escapes(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const where = `${path.relative(REPO_ROOT, file)}:${i + 1}: ${line.trim()}`;
    if (line.includes(URL_PATH_MARK)) return;
    if (ROOT_UP.test(line)) return void found.push(where);
    for (const m of line.matchAll(DOTTED)) {
      if (!inside(path.resolve(path.dirname(file), m[2]!))) return void found.push(where);
    }
  });
  return found;
}

describe("the repository", () => {
  it("refers to no path above its root", async () => {
    const found: string[] = [];
    let scanned = 0;
    for await (const file of sourceFiles(REPO_ROOT)) {
      if (file === import.meta.filename) continue;
      scanned++;
      found.push(...escapes(file, await readFile(file, "utf8")));
    }
    expect(scanned).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it("catches the ways a path can leave the root", () => {
    const at = path.join(REPO_ROOT, "test/build/x.ts");
    expect(escapes(at, `readFile(path.join(ROOT, "../notes/routes.txt"))`)).toHaveLength(1);
    expect(escapes(at, `readFile(path.resolve(import.meta.dirname, "../../../notes/a.md"))`)).toHaveLength(1);
    expect(escapes(at, `import x from "../../common/page";`)).toEqual([]);
    expect(escapes(at, `const root = path.resolve(import.meta.dirname, "../..");`)).toEqual([]);
    expect(escapes(at, `"../../../../etc/passwd", ${URL_PATH_MARK} sent as a request path`)).toEqual([]);
  });
});
