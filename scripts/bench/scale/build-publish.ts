/**
 * The build-and-publish half of `npm run bench:scale`, run in its own process so that its memory
 * is its own: builds the site folder strictly (writing dist/content/<id>/ as `npm run build:content`
 * does), publishes it to local KV with the publish code `npm start` uses, and reports each step to
 * the parent over IPC. Then, on the parent's "edit" message, appends a paragraph to one page and
 * does what `npm run dev` does on a save (scripts/dev/session.ts, scripts/dev/build.ts): a rebuild
 * with the same in-memory cache that reuses the last search index, published ("edited": the page is
 * served), then the rebuild with a fresh index, published ("searched"). On "release", it appends another paragraph
 * (to the edited page, or to the site's `file` the message names) and does what a release does: a
 * full build, written to dist/content, published once ("released").
 *
 * Every build uses the persistent build cache in <cache dir>, empty at the start. The first build is
 * made as `npm run build:content` makes it. With --dev, the process is `npm run dev` instead (started
 * with its Node flags, DEV_NODE_FLAGS): it starts as the dev session does, with a build that fills
 * its in-memory cache (BuildCache) from the build cache, warms the page compiler and publishes
 * ("primed", untimed by the budgets), then handles "edit" and "release".
 *
 * Usage (by scale/run.ts only): tsx build-publish.ts <site dir> <kv dir> <edited file> <cache dir> [--dev]
 */
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { buildSite, type SiteBuild } from "../../build/build";
import { writeBuild } from "../../build/write";
import { devBuild } from "../../dev/build";
import { BuildCache } from "../../dev/build-cache";
import { openLocalKv } from "../../publish/local-kv";
import { LastPublished, publishBuild } from "../../publish/publish";
import { countingKv, type KvWrites, type StepFigures } from "./kv-writes";
import type { ValueFigures } from "./versions";

export type ChildMessage =
  | {
      step: "built";
      ms: number;
      pages: number;
      maxRssBytes: number;
      work: SiteBuild["work"];
      phases: SiteBuild["phases"];
      phasesCpu: SiteBuild["phasesCpu"];
    }
  | {
      step: "published";
      ms: number;
      writes: KvWrites;
      error?: string;
      /** The page records and twins written: the current docs version's, and every version's together. */
      values?: { current: ValueFigures; all: ValueFigures };
    }
  | { step: "primed"; ms: number }
  | ({ step: "edited" | "searched" | "released" } & StepFigures);

export type { StepFigures };

const [siteDir, kvDir, editedFile, cacheDir, mode] = process.argv.slice(2);
if (!siteDir || !kvDir || !editedFile || !cacheDir || !process.send) {
  console.error("build-publish.ts is started by npm run bench:scale");
  process.exit(2);
}
const send = (m: ChildMessage) => process.send!(m);
const cache = new BuildCache();
/** As npm run dev keeps it (scripts/dev/session.ts): every publish here goes to the same local KV. */
const published = new LastPublished();

/** A build with the cache; written to dist/content unless it is the author's loop, which publishes from memory. */
async function build(how: {
  staleSearch?: SiteBuild["search"];
  write: boolean;
  /** False for the first build, made as `npm run build:content` makes it: without npm run dev's in-memory cache. */
  inMemory?: boolean;
  /** What npm run dev's watcher hands its builds: the files saved since the last build (DevBuildOptions.changed). */
  changed?: string[];
}): Promise<{ build: SiteBuild; ms: number }> {
  const started = performance.now();
  const root = siteDir!;
  const result =
    how.inMemory === false
      ? await buildSite({ root, strict: true, cacheDir })
      : await devBuild({ root, cache, cacheDir, staleSearch: how.staleSearch, changed: how.changed });
  if (how.write) await writeBuild(result, path.join(siteDir!, "dist/content"));
  return { build: result, ms: performance.now() - started };
}

/** A rebuild and its publish: the build, and its figures. */
async function step(how: {
  staleSearch?: SiteBuild["search"];
  write: boolean;
  changed?: string[];
}): Promise<{ build: SiteBuild; figures: StepFigures }> {
  const rebuilt = await build(how);
  // The author's loop publishes as npm run dev does; a release is a fresh `npm run publish`, which knows nothing of earlier publishes.
  const { ms, ...writes } = await publish(rebuilt.build, how.write ? undefined : published);
  return { build: rebuilt.build, figures: { buildMs: rebuilt.ms, publishMs: ms, ...writes } };
}

async function publish(
  built: SiteBuild,
  last?: LastPublished,
  sizes?: Map<string, number>,
): Promise<{ ms: number; writes: KvWrites; error?: string }> {
  const local = await openLocalKv(kvDir!);
  const { kv, writes } = countingKv(local.kv, sizes);
  const started = performance.now();
  try {
    await publishBuild(kv, built, "production", last);
    return { ms: performance.now() - started, writes };
  } catch (e) {
    return { ms: performance.now() - started, writes, error: (e as Error).message.slice(0, 500) };
  } finally {
    await local.dispose();
  }
}

/** The page records and twins a first publish wrote (`sizes`: bytes by key): the current version's, and every version's. */
function pageValues(built: SiteBuild, sizes: Map<string, number>): { current: ValueFigures; all: ValueFigures } {
  const of = (b: SiteBuild) => [
    ...Object.values(b.manifest.blobs.pages),
    ...Object.entries(b.manifest.blobs.files)
      .filter(([file]) => file.endsWith(".md"))
      .map(([, digest]) => digest),
  ];
  const figures = (digests: Set<string>): ValueFigures => ({
    keys: digests.size,
    bytes: [...digests].reduce((n, d) => n + (sizes.get(`blob/${d}`) ?? 0), 0),
  });
  return {
    current: figures(new Set(of(built))),
    all: figures(new Set([built, ...built.versions].flatMap(of))),
  };
}

let searched: SiteBuild["search"] | undefined;
if (mode === "--dev") {
  // What the dev session does when it starts (scripts/dev/session.ts): a build that fills its
  // in-memory cache (from the build cache, here warm), one page run in this thread so the first save
  // does not run cold, and a publish.
  const started = performance.now();
  const primed = await build({ write: false });
  await cache.warmUp?.();
  const { error } = await publish(primed.build, published);
  if (error) throw new Error(`npm run dev's first publish failed: ${error}`);
  searched = primed.build.search;
  send({ step: "primed", ms: performance.now() - started });
} else {
  const first = await build({ write: true, inMemory: false });
  send({
    step: "built",
    ms: first.ms,
    pages: first.build.pages.size,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    work: first.build.work,
    phases: first.build.phases,
    phasesCpu: first.build.phasesCpu,
  });
  const sizes = new Map<string, number>();
  const done = await publish(first.build, published, sizes);
  send({ step: "published", ...done, values: pageValues(first.build, sizes) });
}

/** A step that throws (a build error) is reported as failed, so the parent does not wait for it until its time limit. */
async function report(
  name: "edited" | "searched" | "released",
  run: () => Promise<{ build: SiteBuild; figures: StepFigures }>,
): Promise<SiteBuild | null> {
  try {
    const done = await run();
    send({ step: name, ...done.figures });
    return done.build;
  } catch (e) {
    const writes: KvWrites = { keys: 0, bytes: 0, largest: null };
    send({ step: name, buildMs: 0, publishMs: 0, writes, error: (e as Error).message.slice(0, 500) });
    return null;
  }
}

process.on("message", (message: { edit?: string; release?: string; file?: string; exit?: boolean }) => {
  if (message.exit) process.exit(0);
  void (async () => {
    if (message.edit) {
      await appendFile(editedFile, `\n\nScale benchmark edit ${message.edit}.\n`);
      // As npm run dev's session builds a save: the saved file, then the search index with nothing new.
      const saved = path.relative(siteDir!, editedFile!).split(path.sep).join("/");
      await report("edited", () => step({ staleSearch: searched, write: false, changed: [saved] }));
      const fresh = await report("searched", () => step({ write: false, changed: [] }));
      if (fresh) searched = fresh.search;
    } else if (message.release) {
      await report("released", async () => {
        // A release of another page (the release run's): a path inside the site.
        const file = message.file ? path.resolve(siteDir!, message.file) : editedFile!;
        if (!file.startsWith(path.resolve(siteDir!) + path.sep))
          throw new Error(`not a file of the site: ${message.file}`);
        await appendFile(file, `\n\nScale benchmark release ${message.release}.\n`);
        return step({ write: true });
      });
    }
  })();
});
