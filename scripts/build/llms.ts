/**
 * llms.txt: what the site holds, for language models: a heading, how to read pages as Markdown and
 * how to connect an assistant, then every page as a link to its Markdown twin, by section. A site
 * whose list passes `singleBytes` keeps the heading in llms.txt and moves each section's list into
 * parts (`/llms/<section folder>-<n>.txt`) cut where the routes say (stable-chunks.ts), so renaming
 * one page rewrites one part, not a file that grows with the site.
 */
import { publicSiteUrl as siteUrlOf } from "../../client/contracts/base-url";
import { markdownPathOf } from "../../client/contracts/markdown-path";
import { MCP_PATH, MCP_SERVER_NAME } from "../../client/contracts/mcp";
import type { Manifest, SidebarItem } from "../../client/contracts/page";
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

function sectionLines(items: SidebarItem[], manifest: Manifest, siteUrl: string, depth = 0): Line[] {
  const lines: Line[] = [];
  for (const item of items) {
    if (item.href) {
      const desc = manifest.routes[item.href]?.description;
      const text = `${"  ".repeat(depth)}- [${item.label}](${siteUrl}${markdownPathOf(item.href)})${desc ? `: ${desc}` : ""}`;
      lines.push({ route: item.href, text });
    }
    if (item.type === "category")
      lines.push(...sectionLines(item.items, manifest, siteUrl, item.href ? depth + 1 : depth));
  }
  return lines;
}

/**
 * The last call's files, by the objects they were made from. A build hands the last build's routes,
 * sidebars and settings again while they are the same (build.ts; nothing changes them once built),
 * so a save in npm run dev that changes a page's text does not make llms.txt again (50 ms at 10,000 pages).
 */
let previous: { from: unknown[]; files: TextFile[] } | undefined;

export function llmsFiles(manifest: Manifest, limits = LLMS_LIMITS): TextFile[] {
  const from = [manifest.routes, manifest.sidebars, manifest.config, limits];
  if (previous?.from.every((o, i) => o === from[i])) return previous.files;
  const files = makeLlmsFiles(manifest, limits);
  previous = { from, files };
  return files;
}

function makeLlmsFiles(manifest: Manifest, limits: SplitLimits): TextFile[] {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const head = [
    `# ${config.navbar.title} documentation`,
    "",
    `> ${config.tagline}`,
    "",
    `Every page is also available as Markdown: add \`.md\` to its address (\`index.md\` for addresses ending in \`/\`). The whole site as Markdown, one file per section: ${siteUrl}/llms-full.txt lists them`,
    "",
    `AI assistants can connect to the MCP server at ${siteUrl}${MCP_PATH} (Streamable HTTP, read-only, no sign-in). Its tools: search_docs, get_page, list_api_operations, get_api_operation, get_network_info; every page is also a resource. Example client configuration: \`{"mcpServers": {"${MCP_SERVER_NAME}": {"url": "${siteUrl}${MCP_PATH}"}}}\``,
    "",
  ];
  const sections = config.sections
    .map((s) => ({ section: s, lines: sectionLines(manifest.sidebars[s.id] ?? [], manifest, siteUrl) }))
    .filter((s) => s.lines.length);
  const whole = [
    ...head,
    ...sections.flatMap(({ section, lines }) => [`## ${section.label}`, "", ...lines.map((l) => l.text), ""]),
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
  return [{ path: "/llms.txt", body: [...head, ...index].join("\n") }, ...parts];
}
