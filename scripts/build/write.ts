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

/** Writes files a few at a time (the file system's thread pool works on several), making each folder once. */
function fileWriter(concurrency = 16) {
  const folders = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  return {
    async write(file: string, body: string | Uint8Array): Promise<void> {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      const dir = path.dirname(file);
      let folder = folders.get(dir);
      if (!folder) folders.set(dir, (folder = mkdir(dir, { recursive: true })));
      const written: Promise<void> = folder.then(() => writeFile(file, body)).finally(() => inFlight.delete(written));
      inFlight.add(written);
      // A failure surfaces through the next write or done(); this only keeps it from counting as unhandled meanwhile.
      written.catch(() => {});
    },
    async done(): Promise<void> {
      await Promise.all(inFlight);
    },
  };
}

export async function writeBuild(build: SiteBuild, outDir: string): Promise<string> {
  const dir = path.join(outDir, build.buildId);
  const out = fileWriter();
  await out.write(path.join(dir, "manifest.json"), JSON.stringify(build.manifest));
  // Page records and twins are read one at a time (from the build cache, on a large site).
  for (const [route, value] of build.values) await out.write(path.join(dir, "pages", pageFileName(route)), value);
  for (const [name, asset] of build.assets) await out.write(path.join(dir, "assets", name), asset.body);
  // The index as KV holds it: the root, and its pieces by digest.
  await out.write(path.join(dir, "search", "index.json"), JSON.stringify(build.search.index.root));
  for (const [digest, value] of build.search.index.pieces)
    await out.write(path.join(dir, "search", "pieces", `${digest}.json`), value);
  for (const file of build.files) await out.write(path.join(dir, "files", file.path), file.body);
  await out.done();
  await writeJsonArray(path.join(dir, "search", "records.json"), build.search.records);
  await writeFile(path.join(outDir, "latest"), build.buildId);
  // Only the newest build is kept on disk; KV keeps the history.
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== build.buildId)
      await rm(path.join(outDir, entry.name), { recursive: true, force: true });
  }
  return dir;
}
