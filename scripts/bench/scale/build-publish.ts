/**
 * The build-and-publish half of `npm run bench:scale`, run in its own process so that its memory
 * is its own: builds the site folder strictly (writing dist/content/<id>/ as `npm run build:content`
 * does), publishes it to local KV with the publish code `npm start` uses, and reports each step to
 * the parent over IPC. Then, on the parent's "edit" message, appends a paragraph to one page,
 * rebuilds with the same build cache (as `npm run dev` does) and publishes again.
 *
 * Usage (by scale/run.ts only): tsx build-publish.ts <site dir> <kv dir> <edited file>
 */
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { buildSite, BuildCache, type SiteBuild } from "../../build/build";
import { writeBuild } from "../../build/write";
import { openLocalKv } from "../../publish/local-kv";
import { publishBuild } from "../../publish/publish";
import { countingKv, type KvWrites } from "./kv-writes";

export type ChildMessage =
  | { step: "built"; ms: number; pages: number; maxRssBytes: number }
  | { step: "published"; ms: number; writes: KvWrites; error?: string }
  | { step: "edited"; buildMs: number; publishMs: number; writes: KvWrites; error?: string };

const [siteDir, kvDir, editedFile] = process.argv.slice(2);
if (!siteDir || !kvDir || !editedFile || !process.send) {
  console.error("build-publish.ts is started by npm run bench:scale");
  process.exit(2);
}
const send = (m: ChildMessage) => process.send!(m);
const cache = new BuildCache();

async function build(): Promise<{ build: SiteBuild; ms: number }> {
  const started = performance.now();
  const result = await buildSite({ root: siteDir!, strict: true, cache });
  await writeBuild(result, path.join(siteDir!, "dist/content"));
  return { build: result, ms: performance.now() - started };
}

async function publish(built: SiteBuild): Promise<{ ms: number; writes: KvWrites; error?: string }> {
  const local = await openLocalKv(kvDir!);
  const { kv, writes } = countingKv(local.kv);
  const started = performance.now();
  try {
    await publishBuild(kv, built, "production");
    return { ms: performance.now() - started, writes };
  } catch (e) {
    return { ms: performance.now() - started, writes, error: (e as Error).message.slice(0, 500) };
  } finally {
    await local.dispose();
  }
}

const first = await build();
send({
  step: "built",
  ms: first.ms,
  pages: first.build.pages.size,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
});
send({ step: "published", ...(await publish(first.build)) });

process.on("message", (message: { edit?: string; exit?: boolean }) => {
  if (message.exit) process.exit(0);
  if (!message.edit) return;
  void (async () => {
    await appendFile(editedFile, `\n\nScale benchmark edit ${message.edit}.\n`);
    const rebuilt = await build();
    const published = await publish(rebuilt.build);
    send({
      step: "edited",
      buildMs: rebuilt.ms,
      publishMs: published.ms,
      writes: published.writes,
      error: published.error,
    });
  })();
});
