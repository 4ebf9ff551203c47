/**
 * The whole site as Markdown for language models, in bounded files: `/llms-full.txt` is a short
 * index naming one file per section (`/llms-full/<section folder>.txt`, `/` in the folder written
 * `-`), and a section larger than `singleBytes` is split at page boundaries into numbered parts
 * (`/llms-full/<folder>-1.txt`, `-2`, …) whose boundaries follow the pages' routes
 * (stable-chunks.ts): editing one page rewrites one part, whatever the size of the site.
 */
import type { Manifest } from "../../client/contracts/page";
import { publicSiteUrl as siteUrlOf } from "../../client/contracts/base-url";
import { stableChunks, type SplitLimits } from "./stable-chunks";

/** A section up to `singleBytes` stays one file; a larger one is cut into parts (a single larger page gets a part of its own). */
export const LLMS_FULL_LIMITS: SplitLimits = {
  singleBytes: 512 * 1024,
  part: { minBytes: 64 * 1024, maxBytes: 256 * 1024, everyNth: 8 },
};

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

interface Entry {
  route: string;
  text: string;
  bytes: number;
}

/** A section's bodies: one, or parts cut where the routes say (entries joined with blank lines). */
function parts(entries: Entry[], limits: SplitLimits): string[] {
  const total = entries.reduce((sum, e) => sum + e.bytes, 0);
  const runs =
    total <= limits.singleBytes
      ? [entries]
      : stableChunks(
          entries,
          (e) => e.route,
          (e) => e.bytes,
          limits.part,
        );
  return runs.map((run) => run.map((e) => e.text).join("\n\n"));
}

export function llmsFullFiles(manifest: Manifest, twins: TwinOfRoute[], limits = LLMS_FULL_LIMITS): TextFile[] {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const groups = new Map<string, { label: string; entries: Entry[] }>();
  for (const s of config.sections) groups.set(s.folder, { label: s.label, entries: [] });
  const other = { label: "Other pages", entries: [] as Entry[] };
  for (const twin of twins) {
    const folder = sectionOf(manifest, twin);
    const text = `<!-- ${siteUrl}${twin.route} -->\n${twin.body}`;
    (folder ? groups.get(folder)! : other).entries.push({
      route: twin.route,
      text,
      bytes: Buffer.byteLength(text) + 2,
    });
  }
  const files: TextFile[] = [];
  const index: string[] = [];
  for (const [name, group] of [...groups, ["other", other] as const]) {
    if (!group.entries.length) continue;
    const bodies = parts(group.entries, limits);
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
