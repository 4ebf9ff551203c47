/**
 * A digest of the code that makes what the build caches (disk-cache.ts): the build, search-record
 * and configuration scripts, the API reference generator, the contracts they share with the
 * worker, the component registry, the locked package versions and Node's own version. Any change
 * to these gives new cache keys, so a cached page is always one this code would make.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FOLDERS = ["scripts/build", "scripts/search", "scripts/config", "openapi/generate", "common"];
const FILES = ["client/components/names.ts", "package-lock.json"];

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(REPO, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)))
    .sort();
}

let memo: string | undefined;

export function codeVersion(): string {
  if (memo) return memo;
  const hash = createHash("sha256").update(process.version);
  for (const file of [...FOLDERS.flatMap(sourcesUnder), ...FILES])
    hash.update(`\0${file}\0`).update(readFileSync(path.join(REPO, file)));
  memo = hash.digest("hex").slice(0, 32);
  return memo;
}
