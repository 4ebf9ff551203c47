/**
 * Stage "files": the manifest, and every file served beside the pages: the API reference's
 * downloads, the network table, and the files derived from the pages (derived.ts: sitemap,
 * robots.txt, llms.txt, which lists the other two as well, llms-full.txt and each page's Markdown
 * twin), each with its digest.
 */
import { NETWORKS_FILE } from "../../../common/networks";
import type { Manifest } from "../../../common/page";
import { DOCUMENT, type GeneratedFile } from "../../../openapi/generate";
import { blobDigest } from "../blobs";
import { derivedFiles, type DerivedFile } from "../derived";
import type { PageInfo, SiteContext } from "../finish";
import type { LlmsFullMemo } from "../llms-full";
import type { KeptPage } from "../page-pass";
import { textOf } from "../page-texts";
import type { VersionSource } from "../versions";

/** What a caller that builds again and again (npm run dev) keeps between builds. */
export interface FilesMemo {
  llms?: LlmsFullMemo;
  /** Stored values' digests, by value. */
  digests?: { get(value: string): string | undefined; set(value: string, digest: string): void };
}

export interface SiteFiles {
  manifest: Manifest;
  files: DerivedFile[];
}

export async function deriveFiles(
  input: {
    root: string;
    buildId: string;
    /** The context's own objects go into the manifest (llms.ts knows them again by identity in npm run dev). */
    site: SiteContext;
    pages: KeptPage[];
    /** Each page's route and source file, as the pages stage ran them. */
    infos: PageInfo[];
    apiFiles: GeneratedFile[];
    /** The docs version built (its files' sources; a legacy one has no sitemap, and its llms files carry its prefix). */
    source?: VersionSource;
  },
  memo: FilesMemo = {},
): Promise<SiteFiles> {
  const { site, pages } = input;
  const manifest: Manifest = {
    buildId: input.buildId,
    builtAt: new Date().toISOString(),
    routes: site.routes,
    sidebars: site.sidebars,
    redirects: site.redirects,
    config: site.config,
    files: [],
    blobs: { pages: {}, files: {} },
  };
  const docsLabel = input.source?.docs.label ?? "content/docs";
  const apiLabel = input.source?.openapi.label ?? DOCUMENT;
  const sources = new Map(input.infos.map((i) => [i.route, i.source ? `${docsLabel}/${i.source}` : apiLabel]));
  const twins = pages.map((p) => ({
    route: p.route,
    source: sources.get(p.route),
    body: () => textOf(p, "markdown"),
    digest: p.markdownDigest,
    bytes: p.markdownBytes,
  }));
  const data = [...input.apiFiles, ...networkFiles(site)];
  const files: DerivedFile[] = [
    ...data,
    ...(await derivedFiles(
      input.root,
      manifest,
      twins,
      memo.llms,
      data.map((f) => f.path),
      input.source?.version,
    )),
  ];
  const digestOf = (value: string): string => {
    const known = memo.digests?.get(value);
    if (known !== undefined) return known;
    const digest = blobDigest(value);
    memo.digests?.set(value, digest);
    return digest;
  };
  manifest.files = files.map((f) => f.path).filter((p) => !p.endsWith(".md"));
  for (const p of pages) manifest.blobs.pages[p.route] = p.digest;
  for (const file of files) manifest.blobs.files[file.path] = file.digest ?? digestOf(file.body);
  return { manifest, files };
}

/** The network table for the worker's MCP tool get_network_info (served at /networks.json too). */
function networkFiles(site: SiteContext): GeneratedFile[] {
  const { networks } = site.networks;
  if (!networks.length) return [];
  const body = `${JSON.stringify({ networks }, null, 2)}\n`;
  return [{ path: NETWORKS_FILE, contentType: "application/json; charset=utf-8", body }];
}
