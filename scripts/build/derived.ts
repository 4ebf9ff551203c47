/**
 * Files derived from a build for machines: sitemap.xml (with lastmod; a sitemap index of bounded
 * parts on a large site, sitemap.ts), robots.txt, llms.txt (llms.ts), llms-full.txt (the full text,
 * or on a large site an index of per-section files: llms-full.ts), and a Markdown twin of every page
 * (served at <route>.md and on Accept: text/markdown). No file grows as one value with the whole site.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { NETWORKS_FILE } from "../../common/networks";
import type { Manifest } from "../../common/page";
import type { SiteConfig } from "../../common/site-config";
import { markdownPathOf } from "../../common/markdown-path";
import { llmsFiles, type DataFile } from "./llms";
import { LLMS_FULL_LIMITS, llmsFullFiles, type LlmsFullMemo, type TwinOfRoute } from "./llms-full";
import { sitemapFiles } from "./sitemap";
import { publicSiteUrl as siteUrlOf } from "../../common/base-url";
import { documentsOf, versionsOf, versionText, type VersionConfig } from "../../common/versions";

export interface DerivedFile {
  path: string;
  contentType: string;
  /** Markdown twins and llms-full parts are read when asked for (see TwinOfRoute); their digest is known. */
  body: string;
  digest?: string;
}

const run = promisify(execFile);

/** Last commit date of every file under `dirs` (one git call); empty when git has no history. */
async function lastModified(root: string, dirs: string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  try {
    const { stdout } = await run("git", ["log", "--format=@%cI", "--name-only", "--", ...dirs], {
      cwd: root,
      maxBuffer: 32 * 1024 * 1024,
    });
    let date = "";
    for (const line of stdout.split("\n")) {
      if (line.startsWith("@")) date = line.slice(1);
      else if (line && !dates.has(line)) dates.set(line, date);
    }
  } catch {
    // Not a git checkout: every page gets the build time.
  }
  return dates;
}

/** The build's data files as llms.txt lists them: the API document in each format, the network table. */
export function dataFilesOf(config: SiteConfig, paths: string[]): DataFile[] {
  const api = config.sections.find((s) => s.source === "openapi")?.label ?? "API";
  return paths.flatMap((path): DataFile[] => {
    if (path === NETWORKS_FILE)
      return [{ path, label: "Networks", description: "Each network's name, chain ID and endpoints, as JSON." }];
    const format = /\/openapi\.(yaml|json)$/.exec(path)?.[1];
    if (!format) return [];
    return [
      {
        path,
        label: `${api}: OpenAPI document (${format.toUpperCase()})`,
        description: "Every operation of the API reference, with its parameters and schemas, as OpenAPI 3.1.",
      },
    ];
  });
}

function robotsTxt(siteUrl: string, base: string): string {
  return `User-agent: *\nAllow: ${base}\nDisallow: ${base}_assets/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/**
 * llms.txt with the site's docs versions: the current one lists the others' llms.txt; a legacy
 * one says which network it documents (in place of the tagline) and where the current one is.
 */
function withVersions(body: string, manifest: Manifest, legacy: VersionConfig | null): string {
  const siteUrl = siteUrlOf(manifest.config);
  if (legacy) {
    const line = `> Docs version "${legacy.label}": pages about ${documentsOf(legacy)}. The MCP tools read it when given \`version: "${legacy.name}"\`. The current docs' index: ${siteUrl}/llms.txt`;
    const tagline = `\n> ${manifest.config.tagline}\n`;
    return body.includes(tagline) ? body.replace(tagline, `\n${line}\n`) : body.replace("\n", `\n\n${line}\n`);
  }
  const others = versionsOf(manifest.config).filter((v) => v.status === "legacy");
  if (!others.length) return body;
  const lines = others.map((v) => `- [${v.label}](${siteUrl}${v.prefix}llms.txt): ${documentsOf(v)}`);
  return `${body.replace(/\n*$/, "\n")}\n## Other docs versions\n\n${lines.join("\n")}\n`;
}

export async function derivedFiles(
  root: string,
  manifest: Manifest,
  /** Every page's Markdown twin (written when the page was finished). */
  pages: TwinOfRoute[],
  llmsMemo?: LlmsFullMemo,
  /** Paths of the build's other files for machines (the API document, the network table), listed in llms.txt. */
  dataPaths: string[] = [],
  /**
   * The docs version the files are of. A legacy version has no sitemap or robots.txt (its pages
   * stay out of search engines), and its llms files carry its prefix; its twins do not (they are
   * stored once, and the prefix is added when one is served).
   */
  version?: VersionConfig,
): Promise<DerivedFile[]> {
  const dates = await lastModified(root, ["content", "openapi"]);
  const builtDay = manifest.builtAt.slice(0, 10);
  const twins = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const routes = twins.map((t) => t.route);
  const sources = new Map(twins.map((t) => [t.route, t.source]));
  const lastmod = (route: string) => {
    const source = sources.get(route);
    return (source && dates.get(source)?.slice(0, 10)) || builtDay;
  };
  const md = "text/markdown; charset=utf-8";
  const text = "text/plain; charset=utf-8";
  const siteUrl = siteUrlOf(manifest.config);
  const legacy = version?.status === "legacy" ? version : null;
  const inVersion = (body: string) => (legacy ? versionText(body, siteUrl, legacy.prefix) : body);
  const full = llmsFullFiles(manifest, twins, LLMS_FULL_LIMITS, llmsMemo);
  const fullText = full.length === 1 ? "whole" : "index";
  return [
    ...(legacy
      ? []
      : [
          ...sitemapFiles(siteUrl, routes, lastmod).map((f) => ({
            ...f,
            contentType: "application/xml; charset=utf-8",
          })),
          { path: "/robots.txt", contentType: text, body: robotsTxt(siteUrl, manifest.config.baseUrl) },
        ]),
    ...llmsFiles(manifest, { fullText, data: dataFilesOf(manifest.config, dataPaths) }).map((f) => ({
      ...f,
      contentType: text,
      body: f.path === "/llms.txt" ? withVersions(inVersion(f.body), manifest, legacy) : inVersion(f.body),
    })),
    ...full.map((f): DerivedFile => ({
      path: f.path,
      contentType: text,
      // A legacy version's parts gain its prefix, so their digest is that of the text served.
      ...(legacy ? {} : { digest: f.digest }),
      // Not spread: a part's body is made when read.
      get body() {
        return inVersion(f.body);
      },
    })),
    ...twins.map((t): DerivedFile => ({
      path: markdownPathOf(t.route),
      contentType: md,
      digest: t.digest,
      get body() {
        return t.body();
      },
    })),
  ];
}
