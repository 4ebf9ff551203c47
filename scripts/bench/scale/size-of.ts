import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Bytes and files under a folder. */
export async function sizeOf(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { bytes, files };
}
