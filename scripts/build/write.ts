/** Writes a build to disk (dist/content/<id>/) for inspection, publishing and the bench. */
import { mkdir, open, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteBuild } from "./build";

function pageFileName(route: string): string {
  return route === "/" ? "index.json" : `${route.replace(/^\//, "").replace(/\/$/, "/index")}.json`;
}

/**
 * A JSON array written a slice at a time (the same bytes as JSON.stringify(items)): a large site's
 * search records are hundreds of megabytes as one string.
 */
export async function writeJsonArray(file: string, items: unknown[], slice = 2000): Promise<void> {
  const out = await open(file, "w");
  try {
    await out.write("[");
    for (let i = 0; i < items.length; i += slice)
      await out.write((i ? "," : "") + JSON.stringify(items.slice(i, i + slice)).slice(1, -1));
    await out.write("]");
  } finally {
    await out.close();
  }
}

export async function writeBuild(build: SiteBuild, outDir: string): Promise<string> {
  const dir = path.join(outDir, build.buildId);
  await mkdir(path.join(dir, "pages"), { recursive: true });
  await writeFile(path.join(dir, "manifest.json"), JSON.stringify(build.manifest));
  for (const [route, value] of build.values) {
    const file = path.join(dir, "pages", pageFileName(route));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, value);
  }
  if (build.assets.size) {
    await mkdir(path.join(dir, "assets"), { recursive: true });
    for (const [name, asset] of build.assets) await writeFile(path.join(dir, "assets", name), asset.body);
  }
  await mkdir(path.join(dir, "search"), { recursive: true });
  await writeJsonArray(path.join(dir, "search", "records.json"), build.search.records);
  // The index as KV holds it: the root, and its pieces by digest.
  await writeFile(path.join(dir, "search", "index.json"), JSON.stringify(build.search.index.root));
  await mkdir(path.join(dir, "search", "pieces"), { recursive: true });
  for (const [digest, value] of build.search.index.pieces)
    await writeFile(path.join(dir, "search", "pieces", `${digest}.json`), value);
  for (const file of build.files) {
    const target = path.join(dir, "files", file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.body);
  }
  await writeFile(path.join(outDir, "latest"), build.buildId);
  // Only the newest build is kept on disk; KV keeps the history.
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== build.buildId)
      await rm(path.join(outDir, entry.name), { recursive: true, force: true });
  }
  return dir;
}
