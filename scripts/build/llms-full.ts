/**
 * The whole site as Markdown for language models. Up to `wholeBytes` of it, `/llms-full.txt` is the
 * full text itself: a short head, then every page's twin (each starts with a quoted line giving its
 * address), section by section. A larger site would make that one value grow without bound, so
 * past it `/llms-full.txt` is a short index naming one file per section
 * (`/llms-full/<section folder>.txt`, `/` in the folder written `-`), and a section larger than
 * `singleBytes` is split at page boundaries into numbered parts (`/llms-full/<folder>-1.txt`, `-2`,
 * …) whose boundaries follow the pages' routes (stable-chunks.ts): editing one page rewrites one
 * part, whatever the size of the site.
 */
import type { Manifest } from "../../common/page";
import { publicSiteUrl as siteUrlOf } from "../../common/base-url";
import { blobDigest } from "./blobs";
import { stableChunks, type SplitLimits } from "./stable-chunks";

export interface LlmsFullLimits extends SplitLimits {
  /** Up to this many bytes of pages, llms-full.txt is the full text itself. */
  wholeBytes: number;
}

/**
 * The full text stays one file up to 2 MiB (about half a million tokens, more than an assistant
 * loads at once, and well under KV's value limit); past it, a section up to `singleBytes` is one
 * file and a larger one is cut into parts (a single larger page gets a part of its own).
 */
export const LLMS_FULL_LIMITS: LlmsFullLimits = {
  wholeBytes: 2 * 1024 * 1024,
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
  body: () => string;
  /** Its bytes in a file: the twin and the blank line after it. */
  bytes: number;
}

/**
 * What `npm run dev` keeps between builds: each page's entry by route (kept while its twin is the
 * same), and each part's digest by its head and the routes it holds (kept while its entries are the
 * same objects), so a save makes the part of the page it changed, not every part of the site.
 */
export interface LlmsFullMemo {
  entries: { get(route: string): LlmsEntry | undefined; set(route: string, entry: LlmsEntry): void };
  parts: {
    get(key: string): { entries: LlmsEntry[]; digest: string } | undefined;
    set(key: string, part: { entries: LlmsEntry[]; digest: string }): void;
  };
}

/** A file's text: its head, then its pages' twins joined with blank lines (twins read now). */
const fileBody = (head: string, run: LlmsEntry[]) => head + run.map((e) => e.body()).join("\n\n");

/**
 * A file made of `run` after `head`, its digest worked out once (and kept in the memo): the text is
 * made to take its digest and then let go, and made again, one file at a time, when written or
 * published.
 */
function textFile(path: string, head: string, run: LlmsEntry[], memo?: LlmsFullMemo): LlmsFullFile {
  const key = `${head}\0${run.map((e) => e.route).join("\0")}`;
  const known = memo?.parts.get(key);
  const same = known && known.entries.length === run.length && known.entries.every((e, i) => e === run[i]);
  const digest = same ? known.digest : blobDigest(fileBody(head, run));
  if (!same) memo?.parts.set(key, { entries: run, digest });
  return {
    path,
    digest,
    get body() {
      return fileBody(head, run);
    },
  };
}

/** A section's runs of pages: one, or several cut where the routes say. */
function runsOf(entries: LlmsEntry[], limits: SplitLimits): LlmsEntry[][] {
  const total = entries.reduce((sum, e) => sum + e.bytes, 0);
  if (total <= limits.singleBytes) return [entries];
  return stableChunks(
    entries,
    (e) => e.route,
    (e) => e.bytes,
    limits.part,
  );
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
    let entry = memo?.entries.get(twin.route);
    if (entry?.digest !== twin.digest) {
      entry = { route: twin.route, digest: twin.digest, body: twin.body, bytes: twin.bytes + 2 };
      memo?.entries.set(twin.route, entry);
    }
    (folder ? groups.get(folder)! : other).entries.push(entry);
  }
  const sections = [...groups, ["other", other] as const].filter(([, g]) => g.entries.length > 0);
  const title = [`# ${config.navbar.title} documentation, in full`, "", `> ${config.tagline}`, ""];
  const all = sections.flatMap(([, g]) => g.entries);
  if (all.reduce((sum, e) => sum + e.bytes, 0) <= limits.wholeBytes) {
    const head = [
      ...title,
      `Every page of the site as Markdown, section by section. Each page starts with a quoted line giving its address. The index of every page: ${siteUrl}/llms.txt`,
      "",
      "",
    ].join("\n");
    return [textFile("/llms-full.txt", head, all, memo)];
  }
  const files: LlmsFullFile[] = [];
  const index: string[] = [];
  for (const [name, group] of sections) {
    const runs = runsOf(group.entries, limits);
    const stem = `/llms-full/${name.replaceAll("/", "-")}`;
    const paths = runs.map((_, i) => (runs.length === 1 ? `${stem}.txt` : `${stem}-${i + 1}.txt`));
    runs.forEach((run, i) => files.push(textFile(paths[i]!, "", run, memo)));
    index.push(
      `- ${group.label} (${group.entries.length} page${group.entries.length === 1 ? "" : "s"}): ${paths.map((p) => `${siteUrl}${p}`).join(", ")}`,
    );
  }
  const head = [
    ...title,
    "Every page of the site as Markdown, one file per section (a large section in numbered parts). Each page starts with a quoted line giving its address.",
    "",
    ...index,
    "",
  ];
  return [{ path: "/llms-full.txt", body: head.join("\n") }, ...files];
}
