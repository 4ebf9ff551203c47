/**
 * A site's build is one build per docs version (site.yaml `versions`), made by the same code:
 * each legacy version from its own folder (content/versions/<name>), then the current one, whose
 * pages may link a legacy page under its prefix (/2025/devs/fullnode). They are published together
 * under one build id (the current build's, with the legacy builds' ids folded in).
 *
 * What a version stores does not depend on the version (no prefix in page records, twins or search
 * records), so a page identical in two versions is one value, and a legacy version whose inputs are
 * unchanged is finished from the build caches.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { loadSiteConfig } from "../config/load";
import type { BuildOptions } from "./build";
import type { SiteBuild } from "./site-build";
import {
  counterpartProblems,
  prefixProblems,
  versionSources,
  type VersionInputs,
  type VersionSource,
} from "./versions";

class VersionBuildFailed extends Error {}

/** The last legacy builds of an `npm run dev` session (its BuildCache), reused while nothing of theirs changed. */
const lastLegacy = new WeakMap<object, Map<string, SiteBuild>>();

/** Whether a save touched nothing a legacy version reads (its folder, the configuration). */
function untouched(source: VersionSource, changed: string[] | undefined): boolean {
  return changed !== undefined && !changed.some((f) => f.startsWith(`${source.dir}/`) || f === "content/site.yaml");
}

/**
 * Builds each version with `buildOne` (given the version's inputs and the options it is built
 * with). `session`: what a caller that builds again and again (npm run dev) keeps, and the files
 * changed since its last build: a legacy version none of them touches is its last build again.
 */
export async function buildVersions(
  options: BuildOptions,
  buildOne: (version: VersionInputs, options: BuildOptions) => Promise<SiteBuild>,
  session?: { cache: object; changed?: string[] },
): Promise<SiteBuild> {
  const config = await loadSiteConfig(path.join(options.root, "content/site.yaml"));
  const [current, ...legacy] = versionSources(options.root, config);
  const kept = session ? (lastLegacy.get(session.cache) ?? new Map<string, SiteBuild>()) : null;
  const builds: SiteBuild[] = [];
  for (const source of legacy) {
    const last = kept?.get(source.version.name);
    if (last && untouched(source, session?.changed)) {
      builds.push(last);
      continue;
    }
    const label = `version "${source.version.name}" (${source.dir})`;
    const inputs = { source, config: config.editUrl ? { ...config, editUrl: null } : config, others: null };
    const build = await buildOne(inputs, {
      root: options.root,
      strict: options.strict,
      cacheDir: options.cacheDir,
      progress: options.progress && ((m) => options.progress!(`${label}: ${m}`)),
      warn: options.warn && ((m) => options.warn!(`${label}: ${m}`)),
    }).catch((e: Error) => {
      throw new VersionBuildFailed(`${label}: ${e.message}`, { cause: e });
    });
    kept?.set(source.version.name, build);
    builds.push(build);
  }
  if (session && kept) lastLegacy.set(session.cache, kept);

  const others = builds.length
    ? {
        routes: builds.flatMap((b) => Object.keys(b.manifest.routes).map((r) => prefixed(b, r))),
        anchors: new Map(builds.flatMap((b) => [...b.anchors].map(([r, ids]) => [prefixed(b, r), ids] as const))),
      }
    : null;
  const site = await buildOne({ source: current!, config, others }, options);

  const problems = prefixProblems(config, { routes: site.manifest.routes, files: site.manifest.files });
  const counterparts = counterpartProblems(
    [site, ...builds].map((b) => ({
      version: b.version,
      routes: b.manifest.routes,
      sources: new Map(Object.keys(b.manifest.routes).map((r) => [r, `version ${b.version.name}, page ${r}`])),
    })),
  );
  problems.push(...counterparts.errors);
  if (options.strict) problems.push(...counterparts.warnings.map((w) => `strict build: ${w}`));
  else
    for (const w of counterparts.warnings) {
      site.warnings.push(w);
      options.warn?.(w);
    }
  if (problems.length) throw new VersionBuildFailed(problems.join("\n"));
  return builds.length ? combined(site, builds) : site;
}

const prefixed = (b: SiteBuild, route: string) => `${b.version.prefix}${route.slice(1)}`;

/** The current version's build, carrying the legacy ones, under one id that covers them all. */
function combined(site: SiteBuild, legacy: SiteBuild[]): SiteBuild {
  const hash = createHash("sha256").update(site.buildId);
  for (const b of legacy) hash.update(`\0${b.version.name}\0${b.version.prefix}\0${b.buildId}`);
  const buildId = hash.digest("hex").slice(0, 12);
  const phases = { ...site.phases };
  const phasesCpu = { ...site.phasesCpu };
  for (const b of legacy)
    for (const k of Object.keys(phases) as (keyof typeof phases)[]) {
      phases[k] += b.phases[k];
      phasesCpu[k] += b.phasesCpu[k];
    }
  const work = { ...site.work };
  for (const b of legacy) for (const k of Object.keys(work) as (keyof typeof work)[]) work[k] += b.work[k];
  return {
    ...site,
    buildId,
    manifest: { ...site.manifest, buildId },
    warnings: [...site.warnings, ...legacy.flatMap((b) => b.warnings.map((w) => `version "${b.version.name}": ${w}`))],
    notices: [...site.notices, ...legacy.flatMap((b) => b.notices)],
    work,
    phases,
    phasesCpu,
    versions: legacy,
  };
}
