/**
 * Starts the real worker bundle on local workerd with a fresh KV folder and publishes a site into
 * it. The site is built with the persistent build cache, as `npm run build:content` builds it: the
 * real site is served by several test files, and `npm test` builds it beside them.
 *
 * The sites many files serve (the real one, the fixture) are built and published once for their
 * inputs (site-inputs.ts): the first file to serve one publishes it into a KV folder kept under
 * dist/test-kv/<inputs digest>/ with what the tests read of its build, and each file then starts
 * on its own copy of that folder without loading the build's toolchain or building again.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Manifest } from "../../common/page";
import type { SiteBuild } from "../../scripts/build/build";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";
import { siteInputsDigest } from "./site-inputs";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE_ROOT = path.join(REPO_ROOT, "test/fixtures/site");
const PUBLISHED_ONCE = new Set([REPO_ROOT, FIXTURE_ROOT]);
const KV_TEMPLATES = path.join(REPO_ROOT, "dist/test-kv");

/** Pages by route, as far as a test reads them: a SiteBuild's pages, or the titles kept with a folder. */
export interface PageTitles {
  readonly size: number;
  has(route: string): boolean;
  get(route: string): { title: string } | undefined;
  keys(): IterableIterator<string>;
}

/** What a test reads of the build it is served (page records themselves are read from KV). */
export interface ServedBuild {
  buildId: string;
  manifest: Manifest;
  pages: PageTitles;
  /** The legacy docs versions' pages. */
  versions: { pages: PageTitles }[];
}

export interface RunningSite {
  server: LocalServer;
  build: ServedBuild;
  origin: string;
  stop(): Promise<void>;
}

interface KeptBuild {
  buildId: string;
  manifest: Manifest;
  pages: [string, { title: string }][];
  versions: [string, { title: string }][][];
}

const titles = (pages: SiteBuild["pages"]): [string, { title: string }][] =>
  [...pages.keys()].map((route) => [route, { title: pages.get(route)!.title }]);

function servedFrom(kept: KeptBuild): ServedBuild {
  return {
    buildId: kept.buildId,
    manifest: kept.manifest,
    pages: new Map(kept.pages),
    versions: kept.versions.map((pages) => ({ pages: new Map(pages) })),
  };
}

async function build(siteRoot: string, strict: boolean | undefined): Promise<SiteBuild> {
  // Loaded only when a site is built: a file served from a kept folder never loads the toolchain.
  const { buildSite, defaultCacheDir } = await import("../../scripts/build/build");
  return buildSite({ root: siteRoot, strict, cacheDir: defaultCacheDir() });
}

async function publish(server: LocalServer, site: SiteBuild): Promise<void> {
  const { publishBuild } = await import("../../scripts/publish/publish");
  await publishBuild(server.kv, site, "production");
}

/** Folders of earlier inputs, left by earlier runs: any a run of the suite still copies is younger. */
async function removeOldTemplates(): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(KV_TEMPLATES)) {
    const dir = path.join(KV_TEMPLATES, name);
    if ((await stat(dir)).mtimeMs < hourAgo) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The KV folder of the site published to production, and its build as kept beside it, made once:
 * staged beside the templates and renamed into place, so that two files making it at once both end
 * with a whole one.
 */
async function publishedTemplate(siteRoot: string, strict: boolean): Promise<{ kv: string; build: ServedBuild }> {
  const template = path.join(KV_TEMPLATES, siteInputsDigest(siteRoot, strict ? "strict" : "lenient"));
  const kv = path.join(template, "kv");
  const keptFile = path.join(template, "build.json");
  if (existsSync(keptFile)) return { kv, build: servedFrom(JSON.parse(await readFile(keptFile, "utf8")) as KeptBuild) };
  const site = await build(siteRoot, strict);
  await mkdir(KV_TEMPLATES, { recursive: true });
  await removeOldTemplates();
  const staging = await mkdtemp(path.join(KV_TEMPLATES, ".staging-"));
  // The template holds KV only: each file's server makes its own signals database, as without one.
  const d1 = await mkdtemp(path.join(tmpdir(), "docs-d1-"));
  const server = await startLocalServer({
    root: REPO_ROOT,
    port: 0,
    kvPersist: path.join(staging, "kv"),
    d1Persist: d1,
  });
  try {
    await publish(server, site);
  } finally {
    await server.dispose();
    await rm(d1, { recursive: true, force: true });
  }
  const kept: KeptBuild = {
    buildId: site.buildId,
    manifest: site.manifest,
    pages: titles(site.pages),
    versions: site.versions.map((v) => titles(v.pages)),
  };
  await writeFile(path.join(staging, "build.json"), JSON.stringify(kept));
  await rename(staging, template).catch(async (error: NodeJS.ErrnoException) => {
    // Another file put the same site's folder in place first.
    if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    await rm(staging, { recursive: true, force: true });
  });
  return { kv, build: servedFrom(kept) };
}

export async function serveSite(siteRoot: string, options: { strict?: boolean } = {}): Promise<RunningSite> {
  const kvDir = await mkdtemp(path.join(tmpdir(), "docs-kv-"));
  let served: ServedBuild;
  let site: SiteBuild | undefined;
  if (PUBLISHED_ONCE.has(path.resolve(siteRoot))) {
    const template = await publishedTemplate(path.resolve(siteRoot), options.strict ?? false);
    await cp(template.kv, kvDir, { recursive: true });
    served = template.build;
  } else served = site = await build(siteRoot, options.strict);
  const server = await startLocalServer({ root: REPO_ROOT, port: 0, kvPersist: kvDir });
  if (site) await publish(server, site);
  return {
    server,
    build: served,
    origin: server.url.origin,
    async stop() {
      await server.dispose();
      await rm(kvDir, { recursive: true, force: true });
    },
  };
}
