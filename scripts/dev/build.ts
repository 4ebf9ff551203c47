/**
 * The content build as `npm run dev` runs it on every save: the build's own stages
 * (scripts/build/stages/), composed with what the session keeps between saves (BuildCache): pages
 * read, walked and finished by the last build, the site context while it is unchanged, the search
 * index's tokens, llms-full.txt's parts, the stored values' digests. A save may also be built first
 * with the last search index (`staleSearch`), so the page is served sooner. Legacy docs versions are
 * built as scripts/build/build.ts builds them, and kept while a save touches none of their files.
 * The output is that of scripts/build/build.ts for the same content, except a build made with `staleSearch`.
 */
import { createHash } from "node:crypto";
import { codeVersion } from "../build/code-version";
import { codeCacheDir, DiskCache } from "../build/disk-cache";
import { finishKey, type SiteContext } from "../build/finish";
import type { PageJob } from "../build/page-pass";
import { buildPool, poolSize, runHere, type BuildPool } from "../build/page-pool";
import { buildVersion } from "../build/build";
import { siteBuildOf, type SiteBuild } from "../build/site-build";
import { buildVersions } from "../build/site-versions";
import { apiReference } from "../build/stages/api-reference";
import { buildIdOf } from "../build/stages/build-id";
import { checkLinks } from "../build/stages/check-links";
import { StageClock } from "../build/stages/clock";
import { deriveFiles } from "../build/stages/derived-files";
import { discoverSite } from "../build/stages/discover";
import { docTreeKey, finishPages, pageJobs, type PageMemory } from "../build/stages/finish-pages";
import { BuildLog } from "../build/stages/log";
import { searchIndex } from "../build/stages/search-index";
import { siteContext, type BuiltContext } from "../build/stages/site-context";
import type { VersionInputs } from "../build/versions";
import type { BuildCache } from "./build-cache";

export interface DevBuildOptions {
  /** The site's root (holds content/). */
  root: string;
  cache: BuildCache;
  /** The persistent cache's folder, as BuildOptions.cacheDir. */
  cacheDir?: string;
  /**
   * Files (relative to `root`, forward slashes) changed since the last build made with this `cache`,
   * as the watcher saw them. When each is a page that build read, the other pages are taken as it
   * read them, without walking or stat-ing the docs folder; anything else reads it all.
   */
  changed?: string[];
  /**
   * This search index (the last build's) instead of indexing now, so that an edited page is served
   * sooner; the session builds again with a fresh index right after. The build id differs from that
   * of the same content with a fresh index.
   */
  staleSearch?: SiteBuild["search"];
  warn?: (message: string) => void;
}

export async function devBuild(given: DevBuildOptions): Promise<SiteBuild> {
  // This code version's entries (as buildSite keeps them).
  const options = { ...given, cacheDir: given.cacheDir && codeCacheDir(given.cacheDir) };
  const { root, cache, cacheDir, warn, changed } = options;
  const pool = poolNotingHere();
  try {
    return await buildVersions(
      { root, cacheDir, warn },
      (inputs, o) =>
        inputs.source.version.status === "current"
          ? buildCurrent(options, inputs, pool)
          : buildVersion(o, inputs, pool),
      { cache, changed },
    );
  } finally {
    await pool.close();
  }
}

/** The current docs version, with what the session keeps. */
async function buildCurrent(
  options: DevBuildOptions,
  inputs: VersionInputs,
  pool: ReturnType<typeof poolNotingHere>,
): Promise<SiteBuild> {
  const { root, cache, cacheDir, staleSearch } = options;
  const log = new BuildLog(options.warn);
  const clock = new StageClock();
  const version = codeVersion();
  const walk = { memo: cache, changed: options.changed && underDocs(options.changed) };
  const found = await clock.run("discover", () => discoverSite(root, log, walk, inputs));
  const disk = cacheDir ? { dir: cacheDir, codeVersion: version } : undefined;
  const api = await clock.run("api", () => apiReference(root, found.config, disk, log));
  const context = await clock.run("context", async () =>
    keptContext(cache, await siteContext(root, found, api, inputs)),
  );
  const { site, covered } = context;
  const jobs = clock.run("pages", () => pageJobs(found.pages, api.pages, version, treeKeys(cache, version)));
  const sample = jobs.find((j) => j.compile);
  const warmUpJob: PageJob | undefined = sample && { ...sample, compile: { ...sample.compile! } };
  const memory = pageMemory(cache, context.same);
  const { pages, work } = await clock.run("pages", () => finishPages(jobs, site, { pool, cacheDir, memory }, log));
  noteWarmth(cache, pool.ranHere && work.compiled > 0, warmUpJob, site);
  const anchors = clock.run("links", () => checkLinks(pages, api.anchors, site, log, inputs));
  const variant = staleSearch && "stale search index";
  const buildId = clock.run("buildId", () => buildIdOf(covered, pages, found.synonyms, variant));
  const url = site.config.url;
  const search = clock.run("search", () => staleSearch ?? searchIndex(pages, url, found.synonyms, cache.searchTokens));
  const { manifest, files } = await clock.run("files", async () => {
    const infos = jobs.map((j) => j.info);
    const memo = { llms: cache.llms, digests: cache.digests };
    const { source } = inputs;
    const derived = await deriveFiles({ root, buildId, site, pages, infos, apiFiles: api.files, source }, memo);
    cache.prune({ keepSearch: Boolean(staleSearch) });
    if (cacheDir) new DiskCache(cacheDir).sweep();
    return derived;
  });
  const { warnings } = log;
  const { notices } = api;
  const { phases, cpu: phasesCpu } = clock;
  const parts = { buildId, manifest, files, pages, work, search, warnings, notices, phases, phasesCpu, anchors };
  return siteBuildOf({ ...parts, version: inputs.source.version });
}

/** `changed` relative to content/docs; undefined (walk it all) when a file is elsewhere. */
function underDocs(changed: string[]): string[] | undefined {
  const prefix = "content/docs/";
  return changed.every((f) => f.startsWith(prefix)) ? changed.map((f) => f.slice(prefix.length)) : undefined;
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/**
 * The last build's context object while the context is the same (its prepared lookups are kept by
 * object, and llms.ts knows its routes by identity); `same` says so.
 */
function keptContext(cache: BuildCache, fresh: BuiltContext): BuiltContext & { same: boolean } {
  const { categoryDescriptions, networks, files, sources, dirs } = fresh.site;
  const digest = sha(`${fresh.covered}\0${JSON.stringify([categoryDescriptions, networks, files, sources, dirs])}`);
  const same = cache.context?.digest === digest;
  const site = same ? cache.context!.site : fresh.site;
  cache.context = { digest, site };
  return { site, covered: fresh.covered, same };
}

/** Tree keys by the page as read (the memo gives the same object for the same text). */
function treeKeys(cache: BuildCache, version: string) {
  return (doc: Parameters<typeof docTreeKey>[1]): string => {
    const key = cache.treeKeys.get(doc) ?? docTreeKey(version, doc);
    cache.treeKeys.set(doc, key);
    return key;
  };
}

/**
 * Pages as the last build finished them. While the whole context is that of the last build, a page
 * with the same tree is the same page (its fields come from the context): no finish key to work out.
 */
function pageMemory(cache: BuildCache, sameContext: boolean): PageMemory {
  return {
    recall(job, prepared) {
      const known = cache.pages.get(job.treeKey);
      if (!known) return undefined;
      if (!sameContext && finishKey(job.treeKey, job.info, known.summary, prepared) !== known.finishKey)
        return undefined;
      return { page: known.page, summary: known.summary, finishKey: known.finishKey, compiled: false, finished: false };
    },
    remember(job, { summary, finishKey, page }) {
      cache.pages.set(job.treeKey, { treeKey: job.treeKey, summary, finishKey, page });
    },
  };
}

/** The build's pool, noting whether it ran pages in this thread (too few for threads). */
function poolNotingHere(): BuildPool & { ranHere: boolean } {
  const pool = buildPool();
  const noted = {
    ranHere: false,
    run: (jobs: PageJob[], context: Parameters<BuildPool["run"]>[1]) => {
      noted.ranHere ||= poolSize(jobs.length) === 0;
      return pool.run(jobs, context);
    },
    close: () => pool.close(),
  };
  return noted;
}

/**
 * Sets or clears BuildCache.warmUp after a build's pages (`compiledHere`: one of them was compiled
 * in this thread). `job` is a page of the build with its source (a copy: the build drops its jobs'
 * sources once the pages are done).
 */
function noteWarmth(cache: BuildCache, compiledHere: boolean, job: PageJob | undefined, site: SiteContext): void {
  cache.compiledHere ||= compiledHere;
  cache.warmUp = undefined;
  if (cache.compiledHere || !job) return;
  cache.warmUp = async () => {
    cache.warmUp = undefined;
    await runHere(job, { site, cacheDir: null });
    cache.compiledHere = true;
  };
}
