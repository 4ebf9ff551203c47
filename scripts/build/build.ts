/**
 * The content build as `npm run build:content`, `npm run publish` and `npm start` run it:
 * content/ and openapi/ → one versioned build (SiteBuild), in named stages (stages/), each timed
 * by its name; each docs version (site-versions.ts) is built through the same stages. What the whole site shares is read first; then each page is compiled and finished
 * on its own (on threads for a large build); what needs every page comes last. `npm run dev`
 * composes the same stages with what it keeps between saves (scripts/dev/build.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeVersion } from "./code-version";
import { codeCacheDir, DiskCache } from "./disk-cache";
import { buildPool, type BuildPool } from "./page-pool";
import { siteBuildOf, type SiteBuild } from "./site-build";
import { buildVersions } from "./site-versions";
import { apiReference } from "./stages/api-reference";
import { buildIdOf } from "./stages/build-id";
import { checkLinks } from "./stages/check-links";
import { StageClock } from "./stages/clock";
import { deriveFiles } from "./stages/derived-files";
import { discoverSite } from "./stages/discover";
import { finishPages, pageJobs } from "./stages/finish-pages";
import { BuildLog } from "./stages/log";
import { searchIndex } from "./stages/search-index";
import { siteContext } from "./stages/site-context";
import type { VersionInputs } from "./versions";

export type { SiteBuild } from "./site-build";

export interface BuildOptions {
  /** Repository root (holds content/). */
  root: string;
  /** Treat broken links, broken anchors and duplicate routes as errors. */
  strict?: boolean;
  warn?: (message: string) => void;
  /** Prints progress lines on a long build (a pages stage of at least PROGRESS_MIN_PAGES pages to work on). */
  progress?: (line: string) => void;
  /**
   * The persistent cache's folder (disk-cache.ts): compiled and finished pages and the API
   * reference, kept between processes. Without it, nothing is read from or written to disk.
   */
  cacheDir?: string;
}

/**
 * Where `npm run build:content`, `npm run publish`, `npm start` and `npm run dev` keep the
 * persistent cache: beside the installed packages (deleted with them), or BUILD_CACHE_DIR. Keys
 * do not depend on where a site lives, so sites built from one checkout can share it.
 */
export function defaultCacheDir(): string {
  return (
    process.env.BUILD_CACHE_DIR ||
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules/.cache/movement-docs/build")
  );
}

export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const pool = buildPool();
  // This code version's entries: a change to the build code leaves nothing of the earlier code behind.
  const cacheDir = options.cacheDir && codeCacheDir(options.cacheDir);
  try {
    return await buildVersions({ ...options, cacheDir }, (version, o) => buildVersion(o, version, pool));
  } finally {
    await pool.close();
  }
}

/** One docs version of the site (`version`: its inputs), through every stage. */
export async function buildVersion(options: BuildOptions, version: VersionInputs, pool: BuildPool): Promise<SiteBuild> {
  const { root, cacheDir } = options;
  const log = new BuildLog(options.warn);
  const clock = new StageClock();
  const { site, covered, synonyms, api, jobs } = await readSite(options, version, log, clock);
  const { pages, work } = await clock.run("pages", () =>
    finishPages(jobs, site, { pool, cacheDir, progress: options.progress }, log),
  );
  const anchors = clock.run("links", () => checkLinks(pages, api.anchors, site, log, version));
  if (options.strict) log.failOnWarnings();
  const buildId = clock.run("buildId", () => buildIdOf(covered, pages, synonyms));
  const search = clock.run("search", () => searchIndex(pages, site.config.url, synonyms));
  const { manifest, files } = await clock.run("files", async () => {
    const infos = jobs.map((j) => j.info);
    const { source } = version;
    const derived = await deriveFiles({ root, buildId, site, pages, infos, apiFiles: api.files, source });
    if (cacheDir) new DiskCache(cacheDir).sweep();
    return derived;
  });
  const { warnings } = log;
  const { notices } = api;
  const { phases, cpu: phasesCpu } = clock;
  const parts = { buildId, manifest, files, pages, work, search, warnings, notices, phases, phasesCpu, anchors };
  return siteBuildOf({ ...parts, version: version.source.version });
}

/**
 * Stages "discover", "api" and "context", and the pages' jobs. A function of its own so that what
 * it read is held afterwards only by the jobs (every page's source), which the pages stage empties,
 * and not through indexing.
 */
async function readSite(options: BuildOptions, inputs: VersionInputs, log: BuildLog, clock: StageClock) {
  const { root, cacheDir } = options;
  const version = codeVersion();
  const found = await clock.run("discover", () => discoverSite(root, log, undefined, inputs));
  const cache = cacheDir ? { dir: cacheDir, codeVersion: version } : undefined;
  const legacySource = inputs.source.version.status === "legacy" ? inputs.source : undefined;
  const api = await clock.run("api", () => apiReference(root, found.config, cache, log, legacySource));
  const { site, covered } = await clock.run("context", () => siteContext(root, found, api, inputs));
  const jobs = clock.run("pages", () => pageJobs(found.pages, api.pages, version, undefined, inputs.source.docs.label));
  return {
    site,
    covered,
    synonyms: found.synonyms,
    api: { anchors: api.anchors, files: api.files, notices: api.notices },
    jobs,
  };
}
