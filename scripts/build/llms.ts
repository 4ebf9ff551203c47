/**
 * llms.txt: what the site holds, for language models: a heading, how to read pages as Markdown and
 * how to connect an assistant, then every page once as a link to its Markdown twin, by section, and
 * the site's data files (the API document, the network table). A site whose list passes
 * `singleBytes` keeps the heading in llms.txt and moves each section's list into parts
 * (`/llms/<section folder>-<n>.txt`) cut where the routes say (stable-chunks.ts), so renaming one
 * page rewrites one part, not a file that grows with the site.
 */
import { publicSiteUrl as siteUrlOf } from "../../common/base-url";
import { markdownPathOf } from "../../common/markdown-path";
import { MCP_PATH, MCP_SERVER_NAME } from "../../common/mcp";
import type { Manifest, SidebarItem } from "../../common/page";
import { stableChunks, type SplitLimits } from "./stable-chunks";

/** llms.txt lists every page itself up to `singleBytes`. */
export const LLMS_LIMITS: SplitLimits = {
  singleBytes: 256 * 1024,
  part: { minBytes: 32 * 1024, maxBytes: 128 * 1024, everyNth: 32 },
};

interface TextFile {
  path: string;
  body: string;
}

interface Line {
  /** The page's route, the key parts are cut by. */
  route: string;
  text: string;
}

/** A file of the build that is not a page, listed under "Data files". */
export interface DataFile {
  path: string;
  label: string;
  description: string;
}

/** What llms.txt says beside the pages: how llms-full.txt holds the full text, and the data files. */
export interface LlmsExtras {
  /** "whole": llms-full.txt is the full text; "index": it names the files that hold it. */
  fullText: "whole" | "index";
  data: DataFile[];
}

/**
 * A section's pages as list lines, each page once: a category whose link is also one of its items
 * (the API's View tag and its one operation share a route) is listed as the category.
 */
function sectionLines(items: SidebarItem[], manifest: Manifest, siteUrl: string, seen: Set<string>, depth = 0): Line[] {
  const lines: Line[] = [];
  for (const item of items) {
    const listed = item.href !== undefined && !seen.has(item.href);
    if (item.href && listed) {
      seen.add(item.href);
      const desc = manifest.routes[item.href]?.description;
      const text = `${"  ".repeat(depth)}- [${item.label}](${siteUrl}${markdownPathOf(item.href)})${desc ? `: ${desc}` : ""}`;
      lines.push({ route: item.href, text });
    }
    if (item.type === "category")
      lines.push(...sectionLines(item.items, manifest, siteUrl, seen, listed ? depth + 1 : depth));
  }
  return lines;
}

/**
 * The last call's files, by the objects they were made from. A build hands the last build's routes,
 * sidebars and settings again while they are the same (build.ts; nothing changes them once built),
 * so a save in npm run dev that changes a page's text does not make llms.txt again (on a large site,
 * a noticeable part of a save's time).
 */
let previous: { from: unknown[]; files: TextFile[] } | undefined;

export function llmsFiles(
  manifest: Manifest,
  extras: LlmsExtras = { fullText: "index", data: [] },
  limits = LLMS_LIMITS,
): TextFile[] {
  const from = [manifest.routes, manifest.sidebars, manifest.config, limits, JSON.stringify(extras)];
  if (previous?.from.every((o, i) => o === from[i])) return previous.files;
  const files = makeLlmsFiles(manifest, extras, limits);
  previous = { from, files };
  return files;
}

function makeLlmsFiles(manifest: Manifest, extras: LlmsExtras, limits: SplitLimits): TextFile[] {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const fullText =
    extras.fullText === "whole"
      ? `The whole site as Markdown in one file: ${siteUrl}/llms-full.txt`
      : `The whole site as Markdown, one file per section: ${siteUrl}/llms-full.txt lists them`;
  const head = [
    `# ${config.navbar.title} documentation`,
    "",
    `> ${config.tagline}`,
    "",
    `Every page is also available as Markdown: add \`.md\` to its address (\`index.md\` for addresses ending in \`/\`). ${fullText}`,
    "",
    `AI assistants can connect to the MCP server at ${siteUrl}${MCP_PATH} (Streamable HTTP, read-only, no sign-in). Its tools: search_docs, get_page, list_api_operations, get_api_operation, get_network_info; every page is also a resource. Example client configuration: \`{"mcpServers": {"${MCP_SERVER_NAME}": {"url": "${siteUrl}${MCP_PATH}"}}}\``,
    "",
  ];
  const seen = new Set<string>();
  const sections = config.sections
    .map((s) => ({ section: s, lines: sectionLines(manifest.sidebars[s.id] ?? [], manifest, siteUrl, seen) }))
    .filter((s) => s.lines.length);
  // A data file is linked by its address (an autolink), not as `[name](url)`: that form is how
  // llms.txt lists pages, and a checker that takes every such link for a page would judge a JSON
  // document as one.
  const data = extras.data.length
    ? ["## Data files", "", ...extras.data.map((f) => `- ${f.label}: <${siteUrl}${f.path}>. ${f.description}`), ""]
    : [];
  const whole = [
    ...head,
    ...sections.flatMap(({ section, lines }) => [`## ${section.label}`, "", ...lines.map((l) => l.text), ""]),
    ...data,
  ].join("\n");
  if (Buffer.byteLength(whole) <= limits.singleBytes) return [{ path: "/llms.txt", body: whole }];

  const parts: TextFile[] = [];
  const index: string[] = [];
  for (const { section, lines } of sections) {
    const runs = stableChunks(
      lines,
      (l) => l.route,
      (l) => Buffer.byteLength(l.text) + 1,
      limits.part,
    );
    const name = section.folder.replaceAll("/", "-");
    index.push(`## ${section.label}`, "");
    runs.forEach((run, i) => {
      const path = `/llms/${name}-${i + 1}.txt`;
      parts.push({ path, body: `${run.map((l) => l.text).join("\n")}\n` });
      index.push(`- [${section.label} pages, part ${i + 1}](${siteUrl}${path}): ${run.length} pages`);
    });
    index.push("");
  }
  return [{ path: "/llms.txt", body: [...head, ...index, ...data].join("\n") }, ...parts];
}
