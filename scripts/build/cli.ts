/**
 * `npm run build:content [-- --strict]`: builds content/ into dist/content/<build id>/ and prints
 * a summary. Exits 1 with readable messages on invalid content.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildSite } from "./build";
import { writeBuild } from "./write";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const started = performance.now();
try {
  // An unknown option is an error that names it (parseArgs is strict by default).
  const { strict } = parseArgs({ options: { strict: { type: "boolean", default: false } } }).values;
  const build = await buildSite({ root, strict, warn: (m) => console.warn(`warning: ${m}`) });
  const dir = await writeBuild(build, path.join(root, "dist/content"));
  const ms = Math.round(performance.now() - started);
  console.log(`built ${build.pages.size} pages as build ${build.buildId} in ${ms} ms → ${path.relative(root, dir)}`);
  if (build.warnings.length) console.log(`${build.warnings.length} warning(s)`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
