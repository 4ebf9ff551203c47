/**
 * `npm start`: serves the site locally at http://127.0.0.1:8787 (PORT overrides) from the built
 * worker and client, after building the content and publishing it to local KV.
 * `npm run dev` (`--watch`) also rebuilds and republishes when a file under content/ changes.
 */
import { watch } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite, BuildCache, type SiteBuild } from "./build/build";
import { startLocalServer } from "./local/server";
import { localKvPersistDir } from "./publish/local-kv";
import { publishBuild } from "./publish/publish";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 8787);
const watchMode = process.argv.includes("--watch");
/** Another site folder (holding content/) to serve instead of this repository's; tests use it. */
const siteArg = process.argv.indexOf("--site");
const siteRoot = siteArg > 0 && process.argv[siteArg + 1] ? path.resolve(process.argv[siteArg + 1]!) : root;

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a number from 1 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

const cache = new BuildCache();
const server = await startLocalServer({ root, port, kvPersist: localKvPersistDir(siteRoot) });

/** The search index of the last complete build, which a quick rebuild reuses. */
let lastSearch: SiteBuild["search"] | undefined;

/**
 * Builds and publishes. "quick" reuses the last search index (see BuildOptions.staleSearch);
 * "search" is the rebuild that follows it, whose warnings were already printed.
 */
async function buildAndPublish(reason: string, step: "full" | "quick" | "search" = "full"): Promise<boolean> {
  const started = performance.now();
  try {
    const staleSearch = step === "quick" ? lastSearch : undefined;
    const warn = step === "search" ? undefined : (m: string) => console.warn(`warning: ${m}`);
    const build = await buildSite({ root: siteRoot, cache, staleSearch, warn });
    const built = performance.now();
    const result = await publishBuild(server.kv, build, "production");
    if (!staleSearch) lastSearch = build.search;
    const ms = (from: number, to = performance.now()) => Math.round(to - from);
    console.log(
      `${reason}: published build ${result.buildId} (${build.pages.size} pages, ${result.keysWritten} keys written) in ${ms(started)} ms (build ${ms(started, built)} ms, publish ${ms(built)} ms)`,
    );
    return true;
  } catch (e) {
    console.error(`${reason}: build failed; the site keeps serving the previous build.\n${(e as Error).message}`);
    return false;
  }
}

await buildAndPublish("startup");
console.log(`Movement docs at ${server.url.href.replace(/\/$/, "")} ${watchMode ? "(watching content/)" : ""}`);

if (watchMode) {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  /** Bumped per save; work for an older save is skipped once a newer one is queued. */
  let generation = 0;
  watch(path.join(siteRoot, "content"), { recursive: true }, (_event, file) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const mine = ++generation;
      const reason = `changed ${file ?? "content"}`;
      running = running.then(async () => {
        if (mine !== generation) return;
        // First the page (with the last search index), then the search index catches up.
        if ((await buildAndPublish(reason, "quick")) && mine === generation)
          await buildAndPublish(`${reason}, search index`, "search");
      });
    }, 25);
  });
}

const stop = async () => {
  await server.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
