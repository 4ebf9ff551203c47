/**
 * Writes a build to disk (dist/content/<id>/) for inspection, publishing and the bench: plain files,
 * made anew each time (the build cache stores its entries compressed, so none is linked here).
 */
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
    /** Writes `body` to `file`. */
    async write(file: string, body: string | Uint8Array | (() => string)): Promise<void> {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      const dir = path.dirname(file);
      let folder = folders.get(dir);
      if (!folder) folders.set(dir, (folder = mkdir(dir, { recursive: true })));
      const put = async () => {
        await folder;
        await writeFile(file, typeof body === "function" ? body() : body);
      };
      const written: Promise<void> = put().finally(() => inFlight.delete(written));
      inFlight.add(written);
      // A failure surfaces through the next write or done(); this only keeps it from counting as unhandled meanwhile.
      written.catch(() => {});
    },
    async done(): Promise<void> {
      await Promise.all(inFlight);
    },
  };
}

/** A build's manifest, pages, images, search index and files under `dir`; its records are written by the caller. */
async function writeContent(build: SiteBuild, dir: string, out: ReturnType<typeof fileWriter>): Promise<void> {
  await out.write(path.join(dir, "manifest.json"), JSON.stringify(build.manifest));
  // Page records and twins are read one at a time (from the build cache, on a large site).
  for (const route of build.values.keys())
    await out.write(path.join(dir, "pages", pageFileName(route)), () => build.values.get(route)!);
  for (const [name, asset] of build.assets) await out.write(path.join(dir, "assets", name), asset.body);
  // The index the build made: what its roots say and its pieces by kind, and the pieces by digest.
  const { meta, browse, refs } = build.search.index;
  await out.write(path.join(dir, "search", "index.json"), JSON.stringify({ ...meta, browse, ...refs }));
  for (const [digest, value] of build.search.index.pieces)
    await out.write(path.join(dir, "search", "pieces", `${digest}.json`), value);
  for (const file of build.files) await out.write(path.join(dir, "files", file.path), () => file.body);
}

/** Writes the build to <outDir>/<build id>/, each legacy docs version in versions/<name>/ there. */
export async function writeBuild(build: SiteBuild, outDir: string): Promise<string> {
  const dir = path.join(outDir, build.buildId);
  // Made anew: no file of an earlier write of this build is left.
  await rm(dir, { recursive: true, force: true });
  const out = fileWriter();
  const all = [
    { build, at: dir },
    ...build.versions.map((v) => ({ build: v, at: path.join(dir, "versions", v.version.name) })),
  ];
  for (const { build: b, at } of all) await writeContent(b, at, out);
  await out.done();
  for (const { build: b, at } of all) await writeJsonArray(path.join(at, "search", "records.json"), b.search.records);
  await writeFile(path.join(outDir, "latest"), build.buildId);
  // Only the newest build is kept on disk; KV keeps the history.
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== build.buildId)
      await rm(path.join(outDir, entry.name), { recursive: true, force: true });
  }
  return dir;
}
