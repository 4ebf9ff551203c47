/**
 * The cold build with the persistent build cache, for `npm run bench:scale`: a fresh process (no
 * memory cache, as CI or a release runs it) that appends one paragraph to a page, then builds the
 * site strictly with the build cache the earlier builds left and writes dist/content/<id>/, as
 * `npm run build:content` does. It reports what it did over IPC; the parent times it and samples
 * its memory.
 *
 * Usage (by scale/run.ts only): tsx cached-build.ts <site dir> <cache dir> <edited file>
 */
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { buildSite, type SiteBuild } from "../../build/build";
import { writeBuild } from "../../build/write";

export type CachedBuildMessage =
  | {
      step: "cached";
      pages: number;
      work: SiteBuild["work"];
      phases: SiteBuild["phases"];
      phasesCpu: SiteBuild["phasesCpu"];
      writeMs: number;
    }
  | { step: "cached"; error: string };

const [siteDir, cacheDir, editedFile] = process.argv.slice(2);
if (!siteDir || !cacheDir || !editedFile || !process.send) {
  console.error("cached-build.ts is started by npm run bench:scale");
  process.exit(2);
}
try {
  await appendFile(editedFile, `\n\nScale benchmark change before a cold build ${Date.now().toString(36)}.\n`);
  const build = await buildSite({ root: siteDir, strict: true, cacheDir });
  const started = performance.now();
  await writeBuild(build, path.join(siteDir, "dist/content"));
  const writeMs = Math.round(performance.now() - started);
  process.send({
    step: "cached",
    pages: build.pages.size,
    work: build.work,
    phases: build.phases,
    phasesCpu: build.phasesCpu,
    writeMs,
  });
} catch (e) {
  process.send({ step: "cached", error: (e as Error).message.slice(0, 2000) } satisfies CachedBuildMessage);
}
process.disconnect();
