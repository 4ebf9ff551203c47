/**
 * The whole site as Markdown for language models, in bounded files: `/llms-full.txt` is a short
 * index naming one file per section (`/llms-full/<section folder>.txt`, `/` in the folder written
 * `-`), and a section whose file would pass the cap is split at page boundaries into numbered parts
 * (`/llms-full/<folder>-1.txt`, `-2`, …). No value grows with the whole site.
 */
import type { Manifest } from "../../client/contracts/page";
import { publicSiteUrl as siteUrlOf } from "../../client/contracts/base-url";

/** Largest body of one per-section file, in bytes (a single larger page gets a part of its own). */
export const LLMS_FULL_PART_BYTES = 4 * 1024 * 1024;

export interface TwinOfRoute {
  route: string;
  /** Source file of the page (content/docs/… or the OpenAPI document). */
  source: string | undefined;
  body: string;
}

interface TextFile {
  path: string;
  body: string;
}

/** The section folder a page belongs to: by its source file, else by its route; null for none. */
function sectionOf(manifest: Manifest, twin: TwinOfRoute): string | null {
  for (const s of manifest.config.sections)
    if (twin.source?.startsWith(`content/docs/${s.folder}/`) || twin.route.startsWith(`/${s.folder}/`)) return s.folder;
  return null;
}

/** Splits entries (already joined with blank lines) into bodies of at most `cap` bytes. */
function parts(entries: string[], cap: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const entry of entries) {
    const bytes = Buffer.byteLength(entry) + 2;
    if (current.length && size + bytes > cap) {
      out.push(current.join("\n\n"));
      current = [];
      size = 0;
    }
    current.push(entry);
    size += bytes;
  }
  if (current.length) out.push(current.join("\n\n"));
  return out;
}

export function llmsFullFiles(manifest: Manifest, twins: TwinOfRoute[], cap = LLMS_FULL_PART_BYTES): TextFile[] {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const groups = new Map<string, { label: string; entries: string[] }>();
  for (const s of config.sections) groups.set(s.folder, { label: s.label, entries: [] });
  const other = { label: "Other pages", entries: [] as string[] };
  for (const twin of twins) {
    const folder = sectionOf(manifest, twin);
    (folder ? groups.get(folder)! : other).entries.push(`<!-- ${siteUrl}${twin.route} -->\n${twin.body}`);
  }
  const files: TextFile[] = [];
  const index: string[] = [];
  for (const [name, group] of [...groups, ["other", other] as const]) {
    if (!group.entries.length) continue;
    const bodies = parts(group.entries, cap);
    const paths = bodies.map((_, i) =>
      bodies.length === 1
        ? `/llms-full/${name.replaceAll("/", "-")}.txt`
        : `/llms-full/${name.replaceAll("/", "-")}-${i + 1}.txt`,
    );
    bodies.forEach((body, i) => files.push({ path: paths[i]!, body }));
    index.push(
      `- ${group.label} (${group.entries.length} page${group.entries.length === 1 ? "" : "s"}): ${paths.map((p) => `${siteUrl}${p}`).join(", ")}`,
    );
  }
  const head = [
    `# ${config.navbar.title} documentation, in full`,
    "",
    `> ${config.tagline}`,
    "",
    "Every page of the site as Markdown, one file per section (a large section in numbered parts). Each page starts with an HTML comment giving its address.",
    "",
    ...index,
    "",
  ];
  return [{ path: "/llms-full.txt", body: head.join("\n") }, ...files];
}
