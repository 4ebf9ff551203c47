/**
 * `npm start`: serves the site locally at http://127.0.0.1:8787 (PORT overrides) from the built
 * worker and client, after building the content and publishing it to local KV.
 * `npm run dev` (`--watch`) also rebuilds and republishes on each save under content/ (and of
 * openapi/node.yaml), and puts scripts/dev's front server before the worker so that open tabs
 * update themselves and show build errors.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite, defaultCacheDir } from "./build/build";
import { startDev } from "./dev/start";
import { startLocalServer } from "./local/server";
import { localKvPersistDir } from "./publish/local-kv";
import { publishBuild } from "./publish/publish";
import { localD1PersistDir } from "./signals/local-d1";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 8787);
const watchMode = process.argv.includes("--watch");
/** Another site folder (holding content/) to serve instead of this repository's; tests use it. */
const siteArg = process.argv.indexOf("--site");
const siteRoot = siteArg > 0 && process.argv[siteArg + 1] ? path.resolve(process.argv[siteArg + 1]!) : root;

// PORT=0 listens on a port the system picks; the printed address names it.
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a number from 0 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

if (watchMode) {
  const dev = await startDev({ root, siteRoot, port });
  console.log(`Movement docs at ${dev.url.href.replace(/\/$/, "")} (watching content/ and openapi/node.yaml)`);
  const stop = async () => {
    await dev.dispose();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  const server = await startLocalServer({
    root,
    port,
    kvPersist: localKvPersistDir(siteRoot),
    d1Persist: localD1PersistDir(siteRoot),
  });
  const started = performance.now();
  /** The site's base URL (site.yaml baseUrl): the printed address leads there. */
  let base = "/";
  try {
    const build = await buildSite({
      root: siteRoot,
      cacheDir: defaultCacheDir(),
      warn: (m) => console.warn(`warning: ${m}`),
    });
    const result = await publishBuild(server.kv, build, "production");
    base = build.manifest.config.baseUrl;
    console.log(
      `startup: published build ${result.buildId} (${build.pages.size} pages, ${result.keysWritten} keys written) in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (e) {
    console.error(`startup: build failed; the site keeps serving the previous build.\n${(e as Error).message}`);
  }
  console.log(`Movement docs at ${server.url.origin}${base === "/" ? "" : base}`);
  const stop = async () => {
    await server.dispose();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
