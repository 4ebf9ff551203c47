/**
 * Writes dist/worker-version.json: a digest of everything that shapes what the worker sends (its
 * code, the React components it renders, the client assets' hashed names, the locked packages,
 * wrangler.toml). The worker keys its page cache and ETags by it (worker/code-version.ts), so a
 * deploy of new code never serves pages rendered by the old one, whose assets may be gone.
 * Run before the worker is bundled (npm run build:worker), after the client build.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["worker", "client"];
const FILES = ["package-lock.json", "wrangler.toml", "dist/client/.vite/asset-manifest.json"];
const SOURCE = /\.(ts|tsx|css|json)$/;
const TEST = /\.test\.tsx?$|\/test\//;

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(REPO, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)))
    .filter((file) => !TEST.test(file))
    .sort();
}

export function workerCodeVersion(): string {
  const hash = createHash("sha256");
  for (const file of [...FOLDERS.flatMap(sourcesUnder), ...FILES])
    hash.update(`\0${file}\0`).update(readFileSync(path.join(REPO, file)));
  return hash.digest("hex").slice(0, 12);
}

if (process.argv[1] === import.meta.filename) {
  mkdirSync(path.join(REPO, "dist"), { recursive: true });
  const version = workerCodeVersion();
  writeFileSync(path.join(REPO, "dist/worker-version.json"), `${JSON.stringify({ version })}\n`);
}
