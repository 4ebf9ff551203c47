/**
 * A digest of everything a site's published KV folder is made from: the site's own files (content,
 * API document, public files), their commit dates (the sitemap's), the code that builds them
 * (scripts/build/code-version.ts) and the code that lays them out in KV (scripts/publish). Two
 * folders with the same digest hold the same values, so a test can start on a copy of one made
 * earlier instead of building the site again.
 */
import { execFileSync } from "node:child_process";
import { createHash, type Hash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { codeVersion } from "../../scripts/build/code-version";

const REPO = path.resolve(import.meta.dirname, "../..");
/** The folders of a site root a build reads: its content, API document and public files. */
export const SITE_PARTS = ["content", "openapi", "client/public"];

function hashFilesUnder(hash: Hash, root: string, folder: string, keep: (name: string) => boolean): void {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
}

/** Commit dates of the site's pages as the build reads them; none outside a git checkout. */
function commitDates(root: string): string {
  try {
    return execFileSync("git", ["log", "-1", "--format=%H %cI", "--", "content", "openapi"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return "";
  }
}

export function siteInputsDigest(root: string, variant: string): string {
  const hash = createHash("sha256").update(`${codeVersion()}\0${variant}\0${commitDates(root)}`);
  hashFilesUnder(hash, REPO, "scripts/publish", (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
  for (const part of SITE_PARTS) hashFilesUnder(hash, root, part, () => true);
  return hash.digest("hex").slice(0, 24);
}
