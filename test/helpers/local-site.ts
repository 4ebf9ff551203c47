/**
 * Starts the real worker bundle on local workerd with a fresh KV folder and publishes a site into
 * it. The site is built with the persistent build cache, as `npm run build:content` builds it: the
 * real site is served by several test files, and `npm test` builds it beside them.
 *
 * The sites many files serve (the real one, the fixture) are published once per build: the first
 * file publishes into a KV folder kept under dist/test-kv/<build id>, and each file then starts on
 * its own copy of it, as it would after publishing the same build itself.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, defaultCacheDir, type SiteBuild } from "../../scripts/build/build";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";
import { publishBuild } from "../../scripts/publish/publish";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE_ROOT = path.join(REPO_ROOT, "test/fixtures/site");
const PUBLISHED_ONCE = new Set([REPO_ROOT, FIXTURE_ROOT]);
const KV_TEMPLATES = path.join(REPO_ROOT, "dist/test-kv");

export interface RunningSite {
  server: LocalServer;
  build: SiteBuild;
  origin: string;
  stop(): Promise<void>;
}

/** Folders of earlier builds, left by earlier runs: any a run of the suite still copies is younger. */
async function removeOldTemplates(): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(KV_TEMPLATES)) {
    const dir = path.join(KV_TEMPLATES, name);
    if ((await stat(dir)).mtimeMs < hourAgo) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The KV folder of `build` published to production, made once: staged beside the templates and
 * renamed into place, so that two files making it at once both end with a whole one.
 */
async function publishedTemplate(build: SiteBuild): Promise<string> {
  const template = path.join(KV_TEMPLATES, build.buildId);
  if (existsSync(template)) return template;
  await mkdir(KV_TEMPLATES, { recursive: true });
  await removeOldTemplates();
  const staging = await mkdtemp(path.join(KV_TEMPLATES, ".staging-"));
  // The template holds KV only: each file's server makes its own signals database, as without one.
  const d1 = await mkdtemp(path.join(tmpdir(), "docs-d1-"));
  const server = await startLocalServer({ root: REPO_ROOT, port: 0, kvPersist: staging, d1Persist: d1 });
  try {
    await publishBuild(server.kv, build, "production");
  } finally {
    await server.dispose();
    await rm(d1, { recursive: true, force: true });
  }
  await rename(staging, template).catch(async (error: NodeJS.ErrnoException) => {
    // Another file put the same build's folder in place first.
    if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    await rm(staging, { recursive: true, force: true });
  });
  return template;
}

export async function serveSite(siteRoot: string, options: { strict?: boolean } = {}): Promise<RunningSite> {
  const kvDir = await mkdtemp(path.join(tmpdir(), "docs-kv-"));
  const build = await buildSite({ root: siteRoot, strict: options.strict, cacheDir: defaultCacheDir() });
  const published = PUBLISHED_ONCE.has(path.resolve(siteRoot));
  if (published) await cp(await publishedTemplate(build), kvDir, { recursive: true });
  const server = await startLocalServer({ root: REPO_ROOT, port: 0, kvPersist: kvDir });
  if (!published) await publishBuild(server.kv, build, "production");
  return {
    server,
    build,
    origin: server.url.origin,
    async stop() {
      await server.dispose();
      await rm(kvDir, { recursive: true, force: true });
    },
  };
}
