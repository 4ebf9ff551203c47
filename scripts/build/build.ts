/**
 * The content build: content/ (and later openapi/) → one versioned build, held in memory as a
 * manifest plus a page record per route. Writing it anywhere is the caller's business.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { NETWORKS_FILE } from "../../client/contracts/networks";
import type { Manifest, PageRecord, RouteEntry } from "../../client/contracts/page";
import { isElement, type TreeNode } from "../../client/contracts/tree";
import { loadSiteConfig } from "../config/load";
import { blobDigest, pageRecordValue } from "./blobs";
import type { BuildCache } from "./cache";
import { fillDocCards } from "./cards";
import { buildPool, type BuildPool, type CompileJob, type CompileResult } from "./compile-pool";
import { derivedFiles, type MarkdownOf } from "./derived";
import { discover, type DocSource } from "./discover";
import { processImages, type ContentAsset } from "./images";
import { anchorsOf, checkLinks } from "./links";
import { fillNetworkFacts, loadNetworks, NetworkTableError } from "./networks";
import type { BuiltPage } from "./pages";
import { buildSearchIndex, type SearchIndexBuild } from "../search/build-index";
import { loadSynonyms } from "../search/synonyms";
import { searchRecords, type SearchablePage } from "../search/records";
import type { SearchRecord } from "../../client/contracts/search";
import { buildSidebar, indexPagesByDir, sidebarPlaces, type SidebarPlaces, type Sidebars } from "./sidebars";
import { tocOf } from "./toc";
import { API_BASE, generateApiReference, OpenApiInvalid, type GeneratedFile } from "../../openapi/generate";

export { BuildCache } from "./cache";

export interface BuildOptions {
  /** Repository root (holds content/). */
  root: string;
  /** Treat broken links, broken anchors and duplicate routes as errors. */
  strict?: boolean;
  warn?: (message: string) => void;
  cache?: BuildCache;
  /**
   * Watch mode: reuse this search index (the last build's) instead of indexing now, so that an
   * edited page is served sooner; the caller builds again with a fresh index right after. The
   * build id differs from that of the same content with a fresh index.
   */
  staleSearch?: SiteBuild["search"];
}

export interface SiteBuild {
  buildId: string;
  manifest: Manifest;
  pages: Map<string, PageRecord>;
  /** Content-addressed files pages refer to (images), by file name under /_assets/. */
  assets: Map<string, ContentAsset>;
  /** Search records (DocSearch shape, what Algolia gets) and the embedded index over them (what KV gets). */
  search: { records: SearchRecord[]; index: SearchIndexBuild };
  warnings: string[];
  /** Node API reference: the API description as downloadable files (served at their `path`). */
  files: GeneratedFile[];
  /** Printed like warnings but never fail the strict build: things resolved by design. */
  notices: string[];
}

class BuildFailed extends Error {}

export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const pool = buildPool();
  try {
    return await buildSiteWith(options, pool);
  } finally {
    await pool.close();
  }
}

async function buildSiteWith(options: BuildOptions, pool: BuildPool): Promise<SiteBuild> {
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    options.warn?.(m);
  };
  const contentDir = path.join(options.root, "content");
  const config = await loadSiteConfig(path.join(contentDir, "site.yaml"));
  const synonyms = await loadSynonyms(options.root);
  const { docs, folders } = await discover(path.join(contentDir, "docs"), config, options.cache?.docs);

  const byRoute = new Map<string, DocSource>();
  for (const doc of docs) {
    const other = byRoute.get(doc.route);
    if (other)
      warn(
        `duplicate route ${doc.route}: content/docs/${other.file} and content/docs/${doc.file} (the later one wins)`,
      );
    byRoute.set(doc.route, doc);
  }

  const sidebars: Sidebars = {};
  for (const section of config.sections)
    sidebars[section.id] = section.source === "content" ? buildSidebar(section.folder, docs, folders) : [];

  const errors: string[] = [];
  const docList = [...byRoute.values()];
  const hits = docList.map((doc) => options.cache?.trees.get(doc));
  const jobs: CompileJob[] = docList
    .filter((_, i) => hits[i] === undefined)
    .map((doc) => ({ source: doc.body, file: `content/docs/${doc.file}`, format: doc.format }));
  // Each result is let go once parsed: a large site's compiled trees are not held twice.
  const compiled: (CompileResult | undefined)[] = await pool.run(jobs.map((compile) => ({ compile })));
  let job = 0;
  const trees: (string | undefined)[] = docList.map((doc, i) => {
    if (hits[i] !== undefined) return hits[i];
    const result = compiled[job]!;
    compiled[job++] = undefined;
    result.warnings.forEach(warn);
    if ("error" in result) return void errors.push(result.error);
    options.cache?.trees.set(doc, result.tree);
    return result.tree;
  });
  if (errors.length) throw new BuildFailed(errors.join("\n"));

  // --- Node API reference (openapi/generate): pages, apiSidebar, downloadable description ---
  const api = await generateApiReference(options.root).catch((e) => {
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
  // --- end Node API reference ---

  const routes: Record<string, RouteEntry> = {};
  for (const doc of docList)
    routes[doc.route] = { title: doc.title, description: doc.frontmatter.description, sidebar: doc.sidebar };
  for (const p of api.pages) routes[p.route] = { title: p.title, description: p.description, sidebar: p.sidebar };

  const categoryDescriptions = new Map<string, string>();
  const indexOf = indexPagesByDir(docs);
  for (const f of folders) {
    const index = indexOf.get(f.dir);
    if (index && f.meta?.description) categoryDescriptions.set(index.route, f.meta.description);
  }
  const networks = await loadNetworks(path.join(contentDir, "networks.yaml")).catch((e) => {
    throw e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  const places = new Map(Object.entries(sidebars).map(([id, items]) => [id, sidebarPlaces(items)]));

  // A page whose source, and every site-wide input the passes below read, are those of the last
  // build (`npm run dev`) is taken as that build left it: its tree is not parsed again, its cards,
  // network facts and links not filled again, its record not serialised again. Pages with images
  // are always redone (an image file may have changed).
  const context = createHash("sha256")
    .update(JSON.stringify([sidebars, routes, [...categoryDescriptions], networks, config]))
    .digest("hex");
  const reused = docList.map((doc, i) => {
    const done = options.cache?.pages.get(doc);
    return done?.context === context && done.tree === trees[i] ? done : undefined;
  });
  const built: BuiltPage[] = docList.map(
    (doc, i) =>
      reused[i]?.page ?? {
        route: doc.route,
        title: doc.title,
        description: doc.frontmatter.description,
        sidebar: doc.sidebar,
        source: doc.file,
        tree: JSON.parse(trees[i]!) as TreeNode[],
      },
  );
  const fresh = [...built.filter((_, i) => !reused[i]), ...api.pages];
  built.push(...api.pages);

  fillDocCards(fresh, sidebars, routes, categoryDescriptions, (m) => errors.push(m));
  fillNetworkFacts(fresh, networks, (m) => errors.push(m));
  if (errors.length) throw new BuildFailed(errors.join("\n"));

  const assets = await processImages(
    fresh,
    { docs: path.join(contentDir, "docs"), publicDir: path.join(options.root, "client/public") },
    warn,
  );

  const redirects = new Map(config.redirects.map((r) => [r.from, r.to]));
  checkLinks(
    built,
    {
      routes: new Set([...Object.keys(routes), ...api.files.map((f) => f.path)]),
      files: new Map(docs.map((d) => [d.file, d.route])),
      redirects,
      anchors: new Map(built.map((p) => [p.route, new Set([...anchorsOf(p), ...(api.anchors.get(p.route) ?? [])])])),
    },
    warn,
  );
  for (const r of config.redirects) {
    if (!/^https?:\/\//.test(r.to) && !routes[r.to])
      warn(`content/site.yaml: redirect ${r.from} → ${r.to} leads to no page`);
    if (routes[r.from]) warn(`content/site.yaml: redirect from ${r.from} hides an existing page`);
  }
  if (options.strict && warnings.length) {
    throw new BuildFailed(`strict build: ${warnings.length} warning(s)\n${warnings.join("\n")}`);
  }

  const reusedBy = new Map(reused.flatMap((r, i) => (r ? [[docList[i]!.route, r] as const] : [])));
  const pages = new Map<string, PageRecord>();
  for (const p of built)
    pages.set(
      p.route,
      reusedBy.get(p.route)?.record ?? toRecord(p, p.sidebar ? places.get(p.sidebar) : undefined, config.editUrl),
    );

  const body = {
    routes,
    sidebars,
    redirects: Object.fromEntries(redirects),
    config,
  };
  const recordValues = new Map(
    [...pages].map(([route, record]) => [route, reusedBy.get(route)?.value ?? pageRecordValue(record)]),
  );
  const cache = options.cache;
  const digestOf = (value: string): string => {
    const known = cache?.digests.get(value);
    if (known !== undefined) return known;
    const digest = blobDigest(value);
    cache?.digests.set(value, digest);
    return digest;
  };
  // The build id covers each page record through its digest (computed once, and remembered between
  // rebuilds of `npm run dev`), not by hashing every record again.
  const pageDigests = new Map([...recordValues].map(([route, value]) => [route, digestOf(value)]));
  const hash = createHash("sha256");
  hash.update(JSON.stringify(body));
  for (const route of [...pages.keys()].sort((a, b) => a.localeCompare(b)))
    hash.update(route).update(pageDigests.get(route)!);
  if (options.staleSearch) hash.update("\0stale search index");
  hash.update(JSON.stringify(synonyms));
  const buildId = hash.digest("hex").slice(0, 12);
  const searchOf = () => {
    const keyOf = (p: SearchablePage) => `${recordValues.get(p.route)}\0${p.searchKeywords?.join("\0") ?? ""}`;
    const records = searchRecords(built, config, options.cache && keyOf, options.cache?.searchRecords);
    return { records, index: buildSearchIndex(records, config.url, options.cache?.searchTokens, synonyms) };
  };
  const search = options.staleSearch ?? searchOf();
  const manifest: Manifest = {
    buildId,
    builtAt: new Date().toISOString(),
    ...body,
    files: [],
    blobs: { pages: {}, files: {} },
  };
  // Files for machines (sitemap, robots.txt, llms.txt, Markdown twins) next to the API document.
  const sources = new Map(built.map((p) => [p.route, p.source ? `content/docs/${p.source}` : "openapi/node.yaml"]));
  // Markdown twins are written up front, all at once (on threads for a large build), except those
  // the watch-mode cache has from the same page record.
  const twinOf = new Map<string, string>();
  const missing: string[] = [];
  for (const [route, value] of recordValues) {
    const hit = cache?.markdown.get(value);
    if (hit === undefined) missing.push(route);
    else twinOf.set(route, hit);
  }
  const written = await pool.run(missing.map((route) => ({ markdown: recordValues.get(route)! })));
  missing.forEach((route, i) => {
    twinOf.set(route, written[i]!);
    cache?.markdown.set(recordValues.get(route)!, written[i]!);
  });
  const markdownOf: MarkdownOf = (route) => twinOf.get(route)!;
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
  const files = [
    ...api.files,
    ...networkFile,
    ...(await derivedFiles(options.root, manifest, pages, sources, markdownOf, cache?.llms)),
  ];
  manifest.files = files.map((f) => f.path).filter((p) => !p.endsWith(".md"));
  for (const [route, digest] of pageDigests) manifest.blobs.pages[route] = digest;
  for (const file of files) manifest.blobs.files[file.path] = digestOf(file.body);
  docList.forEach((doc, i) => {
    const value = recordValues.get(doc.route)!;
    if (!cache || reused[i] || value.includes('["img"')) return;
    cache.pages.set(doc, { context, tree: trees[i]!, page: built[i]!, record: pages.get(doc.route)!, value });
  });
  options.cache?.prune({ keepSearch: Boolean(options.staleSearch) });
  return { buildId, manifest, pages, assets, search, warnings, files, notices: api.notices };
}

function toRecord(page: BuiltPage, places: SidebarPlaces | undefined, editUrl: string | null): PageRecord {
  const order = places?.order ?? [];
  const at = places?.index.get(page.route) ?? -1;
  const first = page.tree.find((n) => isElement(n) || (typeof n === "string" && n.trim() !== ""));
  return {
    route: page.route,
    title: page.title,
    description: page.description,
    sidebar: page.sidebar,
    breadcrumbs: places ? (places.trails.get(page.route) ?? [{ label: page.title, href: page.route }]) : [],
    prev: at > 0 ? order[at - 1]! : null,
    next: at >= 0 && at < order.length - 1 ? order[at + 1]! : null,
    toc: tocOf(page.tree),
    hasTitleHeading: isElement(first) && first[0] === "h1",
    editUrl: editUrl && page.source ? `${editUrl}/${page.source}` : null,
    tree: page.tree,
  };
}
