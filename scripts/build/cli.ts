/**
 * `npm run build:content [-- --strict] [--no-cache]`: builds content/ into dist/content/<build id>/
 * and prints a summary. Exits 1 with readable messages on invalid content. Unchanged pages come
 * from the persistent build cache (defaultCacheDir) unless --no-cache.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildSite, defaultCacheDir } from "./build";
import { writeBuild } from "./write";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const started = performance.now();
try {
  // An unknown option is an error that names it (parseArgs is strict by default).
  const { strict, "no-cache": noCache } = parseArgs({
    options: { strict: { type: "boolean", default: false }, "no-cache": { type: "boolean", default: false } },
  }).values;
  const build = await buildSite({
    root,
    strict,
    cacheDir: noCache ? undefined : defaultCacheDir(),
    warn: (m) => console.warn(`warning: ${m}`),
    progress: (line) => console.log(line),
  });
  const dir = await writeBuild(build, path.join(root, "dist/content"));
  const ms = Math.round(performance.now() - started);
  const { compiled, finished, cached } = build.work;
  const legacy = build.versions.map((v) => `, ${v.pages.size} in version ${v.version.name}`).join("");
  console.log(
    `built ${build.pages.size} pages${legacy} as build ${build.buildId} in ${ms} ms → ${path.relative(root, dir)} (${compiled} compiled, ${finished} finished, ${cached} from the cache)`,
  );
  if (build.warnings.length) console.log(`${build.warnings.length} warning(s)`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
