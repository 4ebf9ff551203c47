/**
 * Starts the real worker bundle on local workerd with a fresh KV folder and publishes a site into
 * it. The site is built with the persistent build cache, as `npm run build:content` builds it: the
 * real site is served by several test files, and `npm test` builds it beside them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, defaultCacheDir, type SiteBuild } from "../../scripts/build/build";
import { startLocalServer, type LocalServer } from "../../scripts/local/server";
import { publishBuild } from "../../scripts/publish/publish";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningSite {
  server: LocalServer;
  build: SiteBuild;
  origin: string;
  stop(): Promise<void>;
}

export async function serveSite(siteRoot: string, options: { strict?: boolean } = {}): Promise<RunningSite> {
  const kvDir = await mkdtemp(path.join(tmpdir(), "docs-kv-"));
  const server = await startLocalServer({ root: REPO_ROOT, port: 0, kvPersist: kvDir });
  const build = await buildSite({ root: siteRoot, strict: options.strict, cacheDir: defaultCacheDir() });
  await publishBuild(server.kv, build, "production");
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
