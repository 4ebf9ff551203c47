/**
 * The content build: content/ and openapi/ → one versioned build, held in memory as a manifest plus
 * each page's stored record (JSON), its Markdown twin and search records. Writing it anywhere is the
 * caller's business.
 *
 * The site-wide inputs (configuration, every page's frontmatter, sidebars, the API reference, the
 * network table) are read first; then each page goes through page-pass.ts on its own (on threads
 * for a large build): compiled and finished, or taken from the caches, and kept as text. What needs
 * every page comes last: anchors, the build id, the search index, the derived files.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NETWORKS_FILE } from "../../client/contracts/networks";
import type { Manifest, RouteEntry } from "../../client/contracts/page";
import type { SearchRecord } from "../../client/contracts/search";
import { API_BASE, generateApiReference, OpenApiInvalid, type GeneratedFile } from "../../openapi/generate";
import { buildSearchIndex, type SearchIndexBuild } from "../search/build-index";
import { shareRecordStrings, withoutBoilerplate } from "../search/records";
import { loadSynonyms } from "../search/synonyms";
import { blobDigest } from "./blobs";
import type { BuildCache } from "./cache";
import { codeVersion } from "./code-version";
import { derivedFiles, type DerivedFile } from "./derived";
import { discover, type DocSource } from "./discover";
import { DiskCache } from "./disk-cache";
import { finishKey, prepare, type SiteContext } from "./finish";
import type { ContentAsset } from "./images";
import { checkAnchors } from "./links";
import { loadNetworks, NetworkTableError } from "./networks";
import { buildVersions, type VersionInputs } from "./site-versions";
import { cachedPass, treeKey, type KeptPage, type PageJob, type PassResult } from "./page-pass";
import { buildPool, poolSize, runHere, type BuildPool } from "./page-pool";
import { PageRecords } from "./page-records";
import { PageTextMap, storedTextOf, textOf } from "./page-texts";
import { buildSidebar, indexPagesByDir, type Sidebars } from "./sidebars";

export { BuildCache } from "./cache";

export interface BuildOptions {
  /** Repository root (holds content/). */
  root: string;
  /** Treat broken links, broken anchors and duplicate routes as errors. */
  strict?: boolean;
  warn?: (message: string) => void;
  /** What `npm run dev` keeps in memory between builds. */
  cache?: BuildCache;
  /**
   * The persistent cache's folder (disk-cache.ts): compiled and finished pages and the API
   * reference, kept between processes. Without it, nothing is read from or written to disk.
   */
  cacheDir?: string;
  /**
   * Watch mode: reuse this search index (the last build's) instead of indexing now, so that an
   * edited page is served sooner; the caller builds again with a fresh index right after. The
   * build id differs from that of the same content with a fresh index.
   */
  staleSearch?: SiteBuild["search"];
  /**
   * Files (relative to `root`, forward slashes) changed since the last build made with this `cache`,
   * as npm run dev's watcher saw them. When each is a page that build read, the other pages are
   * taken as it read them, without walking or stat-ing the docs folder; anything else reads it all.
   */
  changed?: string[];
  /** Called as each part of the build ends (see SiteBuild.phases), with its milliseconds. */
  onPhase?: (name: keyof SiteBuild["phases"], ms: number) => void;
  /** Set by buildSite for each docs version it builds (site-versions.ts): its inputs and configuration. */
  versionInputs?: VersionInputs;
}

export interface SiteBuild {
  buildId: string;
  manifest: Manifest;
  /** Each page's record as stored (JSON), by route, read when asked for. */
  values: PageTextMap;
  /** The same records, parsed when asked for. */
  pages: PageRecords;
  /** Content-addressed files pages refer to (images), by file name under /_assets/. */
  assets: Map<string, ContentAsset>;
  /** Search records (DocSearch shape, what Algolia gets) and the embedded index over them (what KV gets). */
  search: { records: SearchRecord[]; index: SearchIndexBuild };
  warnings: string[];
  /** Files served at their `path`: the API description, the files for machines, the Markdown twins. */
  files: DerivedFile[];
  /** Printed like warnings but never fail the strict build: things resolved by design. */
  notices: string[];
  /** Pages compiled, pages finished (compiled or not), and pages taken whole from a cache. */
  work: { pages: number; compiled: number; finished: number; cached: number };
  /** Milliseconds each part of the build took: reading pages, the API reference, the pages, links, search, files. */
  phases: Record<"read" | "api" | "pages" | "links" | "search" | "files", number>;
  /** The docs version this is: the current one for a site's build, whose legacy versions are `versions`. */
  version: VersionInputs["source"]["version"];
  /** The site's legacy docs versions, each built as a site of its own (served under its prefix). */
  versions: SiteBuild[];
  /** The ids each page defines (links from another version's pages are checked against them). */
  anchors: Map<string, Set<string>>;
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

class BuildFailed extends Error {}

/** `changed` relative to content/docs; undefined (walk it all) when a file is elsewhere. */
function underDocs(changed: string[]): string[] | undefined {
  const prefix = "content/docs/";
  return changed.every((f) => f.startsWith(prefix)) ? changed.map((f) => f.slice(prefix.length)) : undefined;
}

export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const pool = buildPool();
  try {
    return await buildVersions(options, (o) => buildSiteWith(o, pool));
  } finally {
    await pool.close();
  }
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

async function buildSiteWith(options: BuildOptions, pool: BuildPool): Promise<SiteBuild> {
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    options.warn?.(m);
  };
  let mark = performance.now();
  const phases = {} as SiteBuild["phases"];
  const phase = (name: keyof SiteBuild["phases"]) => {
    phases[name] = Math.round(performance.now() - mark);
    options.onPhase?.(name, phases[name]);
    mark = performance.now();
  };
  const version = codeVersion();
  const disk = options.cacheDir ? new DiskCache(options.cacheDir) : null;
  const { source, config, others } = options.versionInputs!;
  const legacy = source.version.status === "legacy";
  const synonyms = await loadSynonyms(options.root, source.synonyms);
  const { docs, folders } = await discover(
    source.docs.file,
    config,
    options.cache,
    options.cache && options.changed && underDocs(options.changed),
    source.docs.label,
  );
  phase("read");

  const byRoute = new Map<string, DocSource>();
  for (const doc of docs) {
    const other = byRoute.get(doc.route);
    if (other)
      warn(
        `duplicate route ${doc.route}: ${source.docs.label}/${other.file} and ${source.docs.label}/${doc.file} (the later one wins)`,
      );
    byRoute.set(doc.route, doc);
  }

  const sidebars: Sidebars = {};
  for (const section of config.sections)
    sidebars[section.id] = section.source === "content" ? buildSidebar(section.folder, docs, folders) : [];

  // --- Node API reference (openapi/generate): pages, apiSidebar, downloadable description ---
  const apiStore = disk && {
    get: (key: string) => disk.get(sha(`${version}\0api\0${key}`)),
    set: (key: string, value: string) => disk.set(sha(`${version}\0api\0${key}`), value),
  };
  const api = await generateApiReference(options.root, apiStore ?? undefined, {
    document: source.openapi,
    networks: source.networks,
  }).catch((e) => {
    throw e instanceof OpenApiInvalid || e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  const apiSection = config.sections.find((s) => s.source === "openapi");
  if (api.pages.length && `/${apiSection?.folder}` !== API_BASE)
    throw new BuildFailed(
      `content/site.yaml: sections: the API reference is generated under ${API_BASE}; declare it as a section with folder ${API_BASE.slice(1)} and source openapi`,
    );
  for (const page of api.pages) page.sidebar = apiSection!.id;
  if (apiSection) sidebars[apiSection.id] = api.sidebar;
  api.warnings.forEach(warn);
  api.notices.forEach((m) => options.warn?.(m));
  phase("api");
  // --- end Node API reference ---

  const docList = [...byRoute.values()];
  const routes: Record<string, RouteEntry> = {};
  for (const doc of docList) {
    const { description, counterparts } = doc.frontmatter;
    routes[doc.route] = { title: doc.title, description, sidebar: doc.sidebar, ...(counterparts && { counterparts }) };
  }
  for (const p of api.pages) routes[p.route] = { title: p.title, description: p.description, sidebar: p.sidebar };

  const categoryDescriptions: Record<string, string> = {};
  const indexOf = indexPagesByDir(docs);
  for (const f of folders) {
    const index = indexOf.get(f.dir);
    if (index && f.meta?.description) categoryDescriptions[index.route] = f.meta.description;
  }
  const networks = await loadNetworks(source.networks.file, source.networks.label).catch((e) => {
    throw e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  const fresh: SiteContext = {
    config,
    sidebars,
    routes,
    categoryDescriptions,
    networks,
    // Pages of other versions are link targets too, under their prefix (/2025/devs/fullnode).
    files: [...api.files.map((f) => f.path), ...(others?.routes ?? [])],
    sources: Object.fromEntries(docs.map((d) => [d.file, d.route])),
    // Redirects are the current version's: a legacy version's old addresses are its own routes.
    redirects: legacy ? {} : Object.fromEntries(config.redirects.map((r) => [r.from, r.to])),
    dirs: { docs: source.docs.file, publicDir: path.join(options.root, "client/public") },
  };
  // What the build id covers of the site besides its pages, as JSON: routes and sidebars grow with
  // the site (3.8 MB at 10,000 pages), so it is made once for both digests, the context's and the id.
  const bodyJson = JSON.stringify({ routes, sidebars, redirects: fresh.redirects, config });
  const rest = [fresh.categoryDescriptions, fresh.networks, fresh.files, fresh.sources, fresh.dirs];
  const context = options.cache && sha(`${bodyJson}\0${JSON.stringify(rest)}`);
  const sameContext = context !== undefined && options.cache?.context?.digest === context;
  // The same context as the last build's: its object, prepared then (prepare keeps it by object).
  const site = sameContext ? options.cache!.context!.site : fresh;
  if (options.cache) options.cache.context = context === undefined ? undefined : { digest: context, site };

  const jobs: PageJob[] = [
    ...docList.map((doc): PageJob => {
      const key =
        options.cache?.treeKeys.get(doc) ??
        treeKey(version, [doc.file, doc.format, String(doc.bodyLines), doc.source.slice(doc.bodyAt)]);
      options.cache?.treeKeys.set(doc, key);
      return {
        info: {
          route: doc.route,
          title: doc.title,
          description: doc.frontmatter.description,
          sidebar: doc.sidebar,
          source: doc.file,
        },
        treeKey: key,
        compile: {
          source: doc.source,
          bodyAt: doc.bodyAt,
          bodyLines: doc.bodyLines,
          file: `${source.docs.label}/${doc.file}`,
          format: doc.format,
        },
      };
    }),
    ...api.pages.map(({ tree, ...info }): PageJob => {
      const json = JSON.stringify(tree);
      return { info, treeKey: treeKey(version, ["generated", json]), tree: json };
    }),
  ];
  // Pages the memory cache (npm run dev) or the persistent one has as finished are taken here;
  // only the others go to the build threads.
  // While the whole context is that of the last build, a page with the same tree is the same page
  // (its fields come from the context), and no finish key needs working out.
  const prepared = prepare(site);
  // Pages kept in memory by npm run dev's last build: their records already share their strings.
  const inMemory = new Set<number>();
  const kept = jobs.map((job, i): PassResult | undefined => {
    const known = options.cache?.pages.get(job.treeKey);
    if (known && (sameContext || finishKey(job.treeKey, job.info, known.summary, prepared) === known.finishKey)) {
      inMemory.add(i);
      return { ...known, compiled: false, finished: false };
    }
    return options.cacheDir ? (cachedPass(job, prepared, options.cacheDir) ?? undefined) : undefined;
  });
  const todo = jobs.filter((_, i) => !kept[i]);
  const results = await pool.run(todo, { site, cacheDir: options.cacheDir ?? null });
  if (options.cache) {
    const compiledHere = poolSize(todo.length) === 0 && results.some((r) => "compiled" in r && r.compiled);
    noteWarmth(options.cache, compiledHere, jobs, site);
  }
  // The threads' memory goes now, not after indexing.
  await pool.close();
  const errors: string[] = [];
  const work = { pages: jobs.length, compiled: 0, finished: 0, cached: 0 };
  const finished: KeptPage[] = [];
  const shared = new Map<string, string>();
  let next = 0;
  jobs.forEach((job, i) => {
    const result = kept[i] ?? results[next++]!;
    if ("errors" in result) {
      result.warnings.forEach(warn);
      errors.push(...result.errors);
      return;
    }
    result.page.warnings.forEach(warn);
    if (!inMemory.has(i)) shareRecordStrings(result.page.records, shared);
    finished.push(result.page);
    if (result.compiled) work.compiled++;
    if (result.finished) work.finished++;
    else work.cached++;
    if (result.finishKey !== null)
      options.cache?.pages.set(job.treeKey, {
        treeKey: job.treeKey,
        summary: result.summary,
        finishKey: result.finishKey,
        page: result.page,
      });
  });
  shared.clear();
  if (errors.length) throw new BuildFailed(errors.join("\n"));
  // Nothing below reads the pages' sources: a large site's text is not held through indexing.
  docs.length = 0;
  docList.length = 0;
  byRoute.clear();
  for (const job of jobs) {
    delete job.compile;
    delete job.tree;
  }
  phase("pages");

  const anchors = new Map(finished.map((p) => [p.route, new Set([...p.anchors, ...(api.anchors.get(p.route) ?? [])])]));
  checkAnchors(
    finished.flatMap((p) => p.anchorChecks),
    others ? new Map([...anchors, ...others.anchors]) : anchors,
    warn,
  );
  for (const r of legacy ? [] : config.redirects) {
    if (!/^https?:\/\//.test(r.to) && !routes[r.to])
      warn(`content/site.yaml: redirect ${r.from} → ${r.to} leads to no page`);
    if (routes[r.from]) warn(`content/site.yaml: redirect from ${r.from} hides an existing page`);
  }
  if (options.strict && warnings.length) {
    throw new BuildFailed(`strict build: ${warnings.length} warning(s)\n${warnings.join("\n")}`);
  }

  const assets = new Map<string, ContentAsset>();
  for (const p of finished)
    for (const a of p.assets)
      assets.set(a.name, {
        contentType: a.contentType,
        body: Buffer.from(a.body.buffer, a.body.byteOffset, a.body.length),
      });
  const byPage = new Map(finished.map((p) => [p.route, p]));
  const values = new PageTextMap(byPage, "value");
  // The build id covers each page record through its digest, made with the page: one string of
  // them in code-unit order (10,000 pages cost 50 ms as a locale-aware sort and 20,000 updates).
  const hash = createHash("sha256");
  hash.update(bodyJson);
  hash.update(
    finished
      .map((p) => `${p.route}\0${p.digest}`)
      .sort()
      .join("\n"),
  );
  if (options.staleSearch) hash.update("\0stale search index");
  hash.update(JSON.stringify(synonyms));
  const buildId = hash.digest("hex").slice(0, 12);
  phase("links");
  const search = options.staleSearch ?? searchOf(finished, config.url, synonyms, options.cache);
  phase("search");
  const manifest: Manifest = {
    buildId,
    builtAt: new Date().toISOString(),
    // The context's own objects: the last build's while they are the same (llms.ts knows them then).
    routes: site.routes,
    sidebars: site.sidebars,
    redirects: site.redirects,
    config: site.config,
    files: [],
    blobs: { pages: {}, files: {} },
  };
  // Files for machines (sitemap, robots.txt, llms.txt, Markdown twins) next to the API document.
  const sources = new Map(
    jobs.map((j) => [j.info.route, j.info.source ? `${source.docs.label}/${j.info.source}` : source.openapi.label]),
  );
  const twins = finished.map((p) => ({
    route: p.route,
    source: sources.get(p.route),
    body: () => textOf(p, "markdown"),
    stored: () => storedTextOf(p, "markdown"),
    digest: p.markdownDigest,
    bytes: p.markdownBytes,
  }));
  // The network table for the worker's MCP tool get_network_info (served at /networks.json too).
  const networkFile: GeneratedFile[] = networks.networks.length
    ? [
        {
          path: NETWORKS_FILE,
          contentType: "application/json; charset=utf-8",
          body: `${JSON.stringify({ networks: networks.networks }, null, 2)}\n`,
        },
      ]
    : [];
  const data = [...api.files, ...networkFile];
  const files: DerivedFile[] = [
    ...data,
    ...(await derivedFiles(
      options.root,
      manifest,
      twins,
      options.cache?.llms,
      data.map((f) => f.path),
      source.version,
    )),
  ];
  const cache = options.cache;
  const digestOf = (value: string): string => {
    const known = cache?.digests.get(value);
    if (known !== undefined) return known;
    const digest = blobDigest(value);
    cache?.digests.set(value, digest);
    return digest;
  };
  manifest.files = files.map((f) => f.path).filter((p) => !p.endsWith(".md"));
  for (const p of finished) manifest.blobs.pages[p.route] = p.digest;
  for (const file of files) manifest.blobs.files[file.path] = file.digest ?? digestOf(file.body);
  options.cache?.prune({ keepSearch: Boolean(options.staleSearch) });
  disk?.sweep();
  phase("files");
  return {
    buildId,
    manifest,
    values,
    pages: new PageRecords(byPage),
    assets,
    search,
    warnings,
    files,
    notices: api.notices,
    work,
    phases,
    version: source.version,
    versions: [],
    anchors,
  };
}

/** Sets or clears BuildCache.warmUp after a build's pages (`compiledHere`: one of them was compiled in this thread). */
function noteWarmth(cache: BuildCache, compiledHere: boolean, jobs: PageJob[], site: SiteContext): void {
  cache.compiledHere ||= compiledHere;
  cache.warmUp = undefined;
  const sample = jobs.find((j) => j.compile);
  if (cache.compiledHere || !sample) return;
  // A copy: the build drops its jobs' sources once the pages are done.
  const job: PageJob = { ...sample, compile: { ...sample.compile! } };
  cache.warmUp = async () => {
    cache.warmUp = undefined;
    await runHere(job, { site, cacheDir: null });
    cache.compiledHere = true;
  };
}

/** The search records, pages in route order, and the embedded index over them. */
function searchOf(
  pages: KeptPage[],
  siteUrl: string,
  synonyms: Awaited<ReturnType<typeof loadSynonyms>>,
  cache: BuildCache | undefined,
): SiteBuild["search"] {
  const records = withoutBoilerplate(
    [...pages].sort((a, b) => a.route.localeCompare(b.route)).flatMap((p) => p.records),
  );
  return { records, index: buildSearchIndex(records, siteUrl, cache?.searchTokens, synonyms) };
}
