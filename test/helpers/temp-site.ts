/** Copies the fixture site to a temporary folder so a test can change files freely. */
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const FIXTURE_ROOT = path.resolve(import.meta.dirname, "../fixtures/site");
/** A site with a legacy docs version (v1, under /v1/) beside the current one. */
export const VERSIONED_ROOT = path.resolve(import.meta.dirname, "../fixtures/versioned");

export interface TempSite {
  root: string;
  write(relativeToContent: string, text: string): Promise<void>;
  remove(): Promise<void>;
}

export async function tempSite(from = FIXTURE_ROOT): Promise<TempSite> {
  const root = await mkdtemp(path.join(tmpdir(), "docs-site-"));
  await cp(from, root, { recursive: true });
  return {
    root,
    write: (rel, text) => writeFile(path.join(root, "content", rel), text),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
