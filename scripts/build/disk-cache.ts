/**
 * The build's persistent cache: text values by key, one file each, in a folder that outlives the
 * process (`node_modules/.cache/movement-docs/build` for `npm run build:content`), so that a build
 * in a fresh process takes unchanged pages as an earlier build left them. A key is a digest of
 * everything its value depends on, the build's own code included (code-version.ts): an entry is
 * right or it is not found, never stale.
 *
 * Entries live in a folder of their code version (codeCacheDir); a build with other code deletes
 * the other versions' folders, so a cache a CI run restores holds one version's entries, not every
 * commit's. Values are stored compressed (Brotli, a quality that costs about a millisecond a page):
 * page records, trees and search records are repetitive JSON, and a cache CI saves and restores
 * is worth restoring only while it is small.
 *
 * Writes go to a temporary file renamed into place, so a build killed midway leaves no half entry,
 * and threads writing the same key write the same bytes. An entry that cannot be read counts as
 * missing. Entries unused for MAX_AGE_DAYS are deleted, by at most one sweep a day.
 *
 * A folder of files rather than a library such as cacache: a build reads thousands of entries in
 * turn and needs neither an integrity index nor a journal per key.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { codeVersion } from "./code-version";

export const MAX_AGE_DAYS = 14;
const DAY_MS = 86_400_000;
const SWEPT = ".swept";

let written = 0;
let warned = false;

const compress = (value: string): Buffer => {
  const bytes = Buffer.from(value);
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
};

/** A code version's folder's name; the old layout's two-hex-digit folders and sweep marker sit beside them. */
const CODE_FOLDER = /^code-[0-9a-f]{32}$/;
const OLD_LAYOUT = /^([0-9a-f]{2}|\.swept)$/;
const pruned = new Set<string>();

/**
 * The folder of `dir` that holds this code version's entries. The first call for a folder in a
 * process deletes the folders of other code versions (and entries of the old, unversioned layout):
 * no build of this code can read them. Nothing else in `dir` is touched.
 */
export function codeCacheDir(dir: string, version = codeVersion()): string {
  const own = `code-${version}`;
  if (!pruned.has(dir)) {
    pruned.add(dir);
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // Not made yet.
    }
    for (const name of names)
      if (name !== own && (CODE_FOLDER.test(name) || OLD_LAYOUT.test(name)))
        rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  return path.join(dir, own);
}

/** Where a key lives: two levels (`ab/abcdef…`), so no folder holds more than a few thousand files. */
function fileOf(dir: string, key: string): string {
  if (!/^[0-9a-f]{16,}$/.test(key)) throw new Error(`build cache: "${key}" is not a hex digest`);
  return path.join(dir, key.slice(0, 2), key);
}

export class DiskCache {
  constructor(readonly dir: string) {}

  /** The file an entry is stored in (whether or not it is there). */
  fileOf(key: string): string {
    return fileOf(this.dir, key);
  }

  /** The value stored under `key`, or undefined (also when it is not a value this cache wrote). A hit marks the entry used (for the sweep). */
  get(key: string): string | undefined {
    const file = fileOf(this.dir, key);
    try {
      const value = brotliDecompressSync(readFileSync(file)).toString("utf8");
      const now = new Date();
      utimesSync(file, now, now);
      return value;
    } catch {
      return undefined;
    }
  }

  /** Whether `key` has an entry (without reading it). */
  has(key: string): boolean {
    try {
      return statSync(fileOf(this.dir, key)).isFile();
    } catch {
      return false;
    }
  }

  /** Stores a value; false when it could not be written (a full disk, a read-only folder: warned once). */
  set(key: string, value: string): boolean {
    const file = fileOf(this.dir, key);
    const temporary = `${file}.${process.pid}-${threadId}-${written++}.tmp`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporary, compress(value));
      renameSync(temporary, file);
      return true;
    } catch (e) {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Its folder could not be made either.
      }
      // The next build is slower, this one no less right.
      if (!warned) console.warn(`build cache: could not write to ${this.dir}: ${(e as Error).message}`);
      warned = true;
      return false;
    }
  }

  /**
   * Deletes entries unused for MAX_AGE_DAYS (and temporary files a killed build left), at most
   * once a day; returns how many went.
   */
  sweep(now = Date.now()): number {
    const marker = path.join(this.dir, SWEPT);
    try {
      if (statSync(marker).mtimeMs > now - DAY_MS) return 0;
    } catch {
      // Never swept.
    }
    let removed = 0;
    let folders: string[];
    try {
      folders = readdirSync(this.dir).filter((name) => /^[0-9a-f]{2}$/.test(name));
    } catch {
      return 0;
    }
    for (const folder of folders) {
      for (const name of readdirSync(path.join(this.dir, folder))) {
        const file = path.join(this.dir, folder, name);
        const age = now - statSync(file).mtimeMs;
        if (age > MAX_AGE_DAYS * DAY_MS || (name.endsWith(".tmp") && age > DAY_MS)) {
          rmSync(file, { force: true });
          removed++;
        }
      }
    }
    writeFileSync(marker, "");
    return removed;
  }
}
