/**
 * Files derived from a build for machines: sitemap.xml (with lastmod), robots.txt, llms.txt,
 * llms-full.txt, and a Markdown twin of every page (served at <route>.md and on Accept: text/markdown).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Manifest, PageRecord, SidebarItem } from "../../client/contracts/page";
import { markdownPathOf } from "../../client/contracts/markdown-path";
import { pageToMarkdown } from "./markdown";
import { x } from "xastscript";
import { toXml } from "xast-util-to-xml";

export interface DerivedFile {
  path: string;
  contentType: string;
  body: string;
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

function sitemapXml(siteUrl: string, routes: string[], lastmod: (route: string) => string): string {
  const urls = routes.flatMap((r) => [
    { type: "text" as const, value: "\n  " },
    x("url", [x("loc", siteUrl + r), x("lastmod", lastmod(r))]),
  ]);
  const urlset = x("urlset", { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" }, [
    ...urls,
    { type: "text", value: "\n" },
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(urlset)}\n`;
}

function robotsTxt(siteUrl: string, base: string): string {
  return `User-agent: *\nAllow: ${base}\nDisallow: ${base}_assets/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** The site's address with its base URL, without the final "/": what routes are appended to. */
function siteUrlOf(config: Manifest["config"]): string {
  return config.url + config.baseUrl.replace(/\/$/, "");
}

function llmsSection(items: SidebarItem[], manifest: Manifest, siteUrl: string, depth = 0): string[] {
  const lines: string[] = [];
  for (const item of items) {
    if (item.href) {
      const desc = manifest.routes[item.href]?.description;
      lines.push(
        `${"  ".repeat(depth)}- [${item.label}](${siteUrl}${markdownPathOf(item.href)})${desc ? `: ${desc}` : ""}`,
      );
    }
    if (item.type === "category")
      lines.push(...llmsSection(item.items, manifest, siteUrl, item.href ? depth + 1 : depth));
  }
  return lines;
}

function llmsTxt(manifest: Manifest): string {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const sections: [string, SidebarItem[]][] = config.sections.map((s) => [s.label, manifest.sidebars[s.id] ?? []]);
  return [
    `# ${config.navbar.title} documentation`,
    "",
    `> ${config.tagline}`,
    "",
    `Every page is also available as Markdown: add \`.md\` to its address (\`index.md\` for addresses ending in \`/\`). The whole site in one file: ${siteUrl}/llms-full.txt`,
    "",
    ...sections
      .filter(([, items]) => items.length)
      .flatMap(([title, items]) => [`## ${title}`, "", ...llmsSection(items, manifest, siteUrl), ""]),
  ].join("\n");
}

/** A page's Markdown twin; the build passes a memoised one in watch mode. */
export type MarkdownOf = (route: string, page: PageRecord) => string;
const toMarkdown: MarkdownOf = (_route, page) => pageToMarkdown(page.title, page.description, page.tree);

export async function derivedFiles(
  root: string,
  manifest: Manifest,
  pages: Map<string, PageRecord>,
  sources: Map<string, string>,
  markdownOf: MarkdownOf = toMarkdown,
): Promise<DerivedFile[]> {
  const dates = await lastModified(root, ["content", "openapi"]);
  const builtDay = manifest.builtAt.slice(0, 10);
  const routes = [...pages.keys()].sort();
  const lastmod = (route: string) => {
    const source = sources.get(route);
    return (source && dates.get(source)?.slice(0, 10)) || builtDay;
  };
  const twins = routes.map((route) => {
    const page = pages.get(route)!;
    return { route, body: markdownOf(route, page) };
  });
  const md = "text/markdown; charset=utf-8";
  const siteUrl = siteUrlOf(manifest.config);
  return [
    {
      path: "/sitemap.xml",
      contentType: "application/xml; charset=utf-8",
      body: sitemapXml(siteUrl, routes, lastmod),
    },
    {
      path: "/robots.txt",
      contentType: "text/plain; charset=utf-8",
      body: robotsTxt(siteUrl, manifest.config.baseUrl),
    },
    { path: "/llms.txt", contentType: "text/plain; charset=utf-8", body: llmsTxt(manifest) },
    {
      path: "/llms-full.txt",
      contentType: "text/plain; charset=utf-8",
      body: twins.map((t) => `<!-- ${siteUrl}${t.route} -->\n${t.body}`).join("\n\n"),
    },
    ...twins.map((t) => ({ path: markdownPathOf(t.route), contentType: md, body: t.body })),
  ];
}
