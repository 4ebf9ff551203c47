/**
 * A migration's statements, cut as `wrangler d1 migrations apply` cuts them (wrangler's own
 * splitter), kept on disk by the SQL's digest and wrangler's version: loading wrangler's module
 * costs each process most of a second, and the local server, each test file that starts one and
 * `npm run insights` would pay it for the same few files. A cache that cannot be read or written
 * only means splitting again.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

export const STATEMENTS_CACHE = path.resolve(
  import.meta.dirname,
  "../../node_modules/.cache/movement-docs/d1-statements",
);

const wranglerVersion = (createRequire(import.meta.url)("wrangler/package.json") as { version: string }).version;

/** The statements of `sql`, from `cacheDir` when an earlier process cut the same SQL with the same wrangler. */
export async function statementsOf(sql: string, cacheDir = STATEMENTS_CACHE): Promise<string[]> {
  const key = createHash("sha256").update(`${wranglerVersion}\0${sql}`).digest("hex");
  const file = path.join(cacheDir, `${key}.json`);
  const kept = await readFile(file, "utf8").then(parseStatements, () => null);
  if (kept) return kept;
  const { unstable_splitSqlQuery: split } = await import("wrangler");
  const statements = split(sql);
  // Written beside its name and renamed, so a process reading at the same time sees all of it or nothing.
  const staging = `${file}.${process.pid}.tmp`;
  await mkdir(cacheDir, { recursive: true })
    .then(() => writeFile(staging, JSON.stringify(statements)))
    .then(() => rename(staging, file))
    .catch(() => {});
  return statements;
}

function parseStatements(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === "string") ? value : null;
  } catch {
    return null;
  }
}
