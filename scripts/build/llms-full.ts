/**
 * The whole site as Markdown for language models, in bounded files: `/llms-full.txt` is a short
 * index naming one file per section (`/llms-full/<section folder>.txt`, `/` in the folder written
 * `-`), and a section larger than `singleBytes` is split at page boundaries into numbered parts
 * (`/llms-full/<folder>-1.txt`, `-2`, …) whose boundaries follow the pages' routes
 * (stable-chunks.ts): editing one page rewrites one part, whatever the size of the site.
 */
import type { Manifest } from "../../client/contracts/page";
import { publicSiteUrl as siteUrlOf } from "../../client/contracts/base-url";
import { blobDigest } from "./blobs";
import type { StoredText } from "./page-texts";
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
  /** The twin's text, read when a part holding the page is made (a large build keeps it on disk). */
  body: () => string;
  /** Its digest (an entry is made again when it changes) and its UTF-8 bytes. */
  digest: string;
  bytes: number;
  /** Where the build cache keeps the text, if it does (writeBuild links that file). */
  stored?: () => StoredText | null;
}

/** A file of the set: its text is made again from the twins when read, its digest is known. */
export interface LlmsFullFile {
  path: string;
  body: string;
  digest?: string;
}

/** The section folder a page belongs to: by its source file, else by its route; null for none. */
function sectionOf(manifest: Manifest, twin: TwinOfRoute): string | null {
  for (const s of manifest.config.sections)
    if (twin.source?.startsWith(`content/docs/${s.folder}/`) || twin.route.startsWith(`/${s.folder}/`)) return s.folder;
  return null;
}

export interface LlmsEntry {
  route: string;
  /** The digest of the twin it was made from. */
  digest: string;
  /** Its first line (the page's address), then the twin. */
  head: string;
  body: () => string;
  bytes: number;
}

/**
 * What `npm run dev` keeps between builds: each page's entry by route (kept while its twin is the
 * same), and each part's digest by the routes it holds (kept while its entries are the same
 * objects), so a save makes the part of the page it changed, not every part of the site.
 */
export interface LlmsFullMemo {
  /** By page address (site URL and route). */
  entries: { get(url: string): LlmsEntry | undefined; set(url: string, entry: LlmsEntry): void };
  parts: {
    get(routes: string): { entries: LlmsEntry[]; digest: string } | undefined;
    set(routes: string, part: { entries: LlmsEntry[]; digest: string }): void;
  };
}

/** A part's text: its pages' entries joined with blank lines (twins read now). */
const partBody = (run: LlmsEntry[]) => run.map((e) => e.head + e.body()).join("\n\n");

/**
 * A section's parts: one, or several cut where the routes say. Each part's text is made to take
 * its digest and then let go: a large site's parts are made again, one at a time, when written or
 * published.
 */
function parts(
  entries: LlmsEntry[],
  limits: SplitLimits,
  memo?: LlmsFullMemo,
): { digest: string; body: () => string }[] {
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
  return runs.map((run) => {
    const key = run.map((e) => e.route).join("\0");
    const known = memo?.parts.get(key);
    const same = known && known.entries.length === run.length && known.entries.every((e, i) => e === run[i]);
    const digest = same ? known.digest : blobDigest(partBody(run));
    if (!same) memo?.parts.set(key, { entries: run, digest });
    return { digest, body: () => partBody(run) };
  });
}

export function llmsFullFiles(
  manifest: Manifest,
  twins: TwinOfRoute[],
  limits = LLMS_FULL_LIMITS,
  memo?: LlmsFullMemo,
): LlmsFullFile[] {
  const { config } = manifest;
  const siteUrl = siteUrlOf(config);
  const groups = new Map<string, { label: string; entries: LlmsEntry[] }>();
  for (const s of config.sections) groups.set(s.folder, { label: s.label, entries: [] });
  const other = { label: "Other pages", entries: [] as LlmsEntry[] };
  for (const twin of twins) {
    const folder = sectionOf(manifest, twin);
    const key = `${siteUrl}${twin.route}`;
    let entry = memo?.entries.get(key);
    if (entry?.digest !== twin.digest) {
      const head = `<!-- ${siteUrl}${twin.route} -->\n`;
      entry = {
        route: twin.route,
        digest: twin.digest,
        head,
        body: twin.body,
        bytes: Buffer.byteLength(head) + twin.bytes + 2,
      };
      memo?.entries.set(key, entry);
    }
    (folder ? groups.get(folder)! : other).entries.push(entry);
  }
  const files: LlmsFullFile[] = [];
  const index: string[] = [];
  for (const [name, group] of [...groups, ["other", other] as const]) {
    if (!group.entries.length) continue;
    const bodies = parts(group.entries, limits, memo);
    const paths = bodies.map((_, i) =>
      bodies.length === 1
        ? `/llms-full/${name.replaceAll("/", "-")}.txt`
        : `/llms-full/${name.replaceAll("/", "-")}-${i + 1}.txt`,
    );
    bodies.forEach((part, i) =>
      files.push({
        path: paths[i]!,
        digest: part.digest,
        get body() {
          return part.body();
        },
      }),
    );
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
