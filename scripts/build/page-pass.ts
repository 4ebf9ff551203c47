/**
 * One page through the build, as a build thread (or the build's own thread) runs it: its compiled
 * tree from the persistent cache or compiled now, then the finished page from the cache or finished
 * now (finish.ts). Keys: a tree by the code version, file, format and source; a finished page by
 * finishKey. What a page gives back is plain data (strings, numbers, arrays), cheap to send between
 * threads.
 */
import { createHash } from "node:crypto";
import type { SearchRecord } from "../../client/contracts/search";
import type { TreeNode } from "../../client/contracts/tree";
import { DiskCache } from "./disk-cache";
import {
  finishKey,
  finishPage,
  summaryOf,
  type FinishedPage,
  type PageInfo,
  type PageSummary,
  type Prepared,
} from "./finish";
import { getHighlighter } from "./highlight";
import { compilePage } from "./mdx";

/** A page to build: its source to compile, or (generated pages) its tree. */
export interface PageJob {
  info: PageInfo;
  /** Digest of what the tree is made from (treeKey). */
  treeKey: string;
  compile?: { source: string; file: string; format: "mdx" | "md" };
  /** A generated page's tree, as JSON. */
  tree?: string;
}

/** A compiled page as the cache keeps it. */
export interface CompiledPage {
  tree: string;
  summary: PageSummary;
  warnings: string[];
}

export type PassResult =
  | { page: FinishedPage; summary: PageSummary; finishKey: string | null; compiled: boolean; finished: boolean }
  | { errors: string[]; warnings: string[] };

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The key of a page's compiled tree. */
export function treeKey(codeVersion: string, parts: string[]): string {
  return sha(JSON.stringify([codeVersion, ...parts]));
}

/**
 * Cache entries are text: a first line of JSON (small fields, and the lengths of the large ones),
 * then the large strings one after another, so reading one parses only the small part.
 */
function frame(small: object, large: string[]): string {
  return `${JSON.stringify({ ...small, lengths: large.map((s) => s.length) })}\n${large.join("")}`;
}

/** An entry's parts, or null when it is not one (cut short, or garbled): the entry counts as missing. */
function unframe<T>(text: string): { small: T; large: string[] } | null {
  const cut = text.indexOf("\n");
  if (cut < 0) return null;
  let small: T & { lengths: number[] };
  try {
    small = JSON.parse(text.slice(0, cut)) as T & { lengths: number[] };
  } catch {
    return null;
  }
  if (!Array.isArray(small?.lengths)) return null;
  let at = cut + 1;
  const large = small.lengths.map((n) => text.slice(at, (at += n)));
  return at === text.length ? { small, large } : null;
}

function readCompiled(cache: DiskCache | null, key: string): CompiledPage | null {
  const text = cache?.get(key);
  const entry = text ? unframe<Omit<CompiledPage, "tree">>(text) : null;
  return entry ? { ...entry.small, tree: entry.large[0]! } : null;
}

function readFinished(cache: DiskCache | null, key: string): FinishedPage | null {
  const text = cache?.get(key);
  const entry = text ? unframe<Omit<FinishedPage, "value" | "markdown" | "records">>(text) : null;
  if (!entry) return null;
  const [value, markdown, records] = entry.large as [string, string, string];
  try {
    return { ...entry.small, value, markdown, records: JSON.parse(records) as SearchRecord[] };
  } catch {
    return null;
  }
}

function writeFinished(cache: DiskCache, key: string, page: FinishedPage): void {
  const { value, markdown, records, ...small } = page;
  cache.set(key, frame(small, [value, markdown, JSON.stringify(records)]));
}

/** The key of a compiled page's summary, stored apart so that a build can find a finished page without reading its tree. */
const summaryKey = (treeKey: string) => sha(`${treeKey}\0summary`);

/**
 * The finished page of a job from the cache, found without compiling or finishing anything (so
 * without a build thread): its summary gives its finish key, and that key its entry. Null when
 * either is missing, or the page shows images.
 */
export function cachedPass(
  job: PageJob,
  prepared: Prepared,
  cacheDir: string,
): Extract<PassResult, { page: unknown }> | null {
  const cache = cacheAt(cacheDir)!;
  let summary: PageSummary;
  try {
    summary = JSON.parse(cache.get(summaryKey(job.treeKey)) ?? "null") as PageSummary;
  } catch {
    return null;
  }
  if (!summary || !Array.isArray(summary.links)) return null;
  const key = finishKey(job.treeKey, job.info, summary, prepared);
  const page = key === null ? null : readFinished(cache, key);
  return page && { page, summary, finishKey: key, compiled: false, finished: false };
}

/** Caches by folder, one per thread. */
const caches = new Map<string, DiskCache>();
const cacheAt = (dir: string | null) =>
  dir === null ? null : (caches.get(dir) ?? caches.set(dir, new DiskCache(dir)).get(dir)!);

export async function runPagePass(job: PageJob, prepared: Prepared, cacheDir: string | null): Promise<PassResult> {
  const cache = cacheAt(cacheDir);
  let compiled = job.tree !== undefined ? null : readCompiled(cache, job.treeKey);
  const fresh = job.tree === undefined && compiled === null;
  if (job.tree !== undefined) {
    compiled = { tree: job.tree, summary: summaryOf(JSON.parse(job.tree) as TreeNode[]), warnings: [] };
  } else if (!compiled) {
    const warnings: string[] = [];
    let tree: TreeNode[];
    try {
      tree = await compilePage(job.compile!.source, {
        file: job.compile!.file,
        format: job.compile!.format,
        highlighter: await getHighlighter(),
        warn: (m) => warnings.push(m),
      });
    } catch (e) {
      return { errors: [(e as Error).message], warnings };
    }
    compiled = { tree: JSON.stringify(tree), summary: summaryOf(tree), warnings };
    const { tree: text, ...small } = compiled;
    cache?.set(job.treeKey, frame(small, [text]));
    cache?.set(summaryKey(job.treeKey), JSON.stringify(compiled.summary));
  }
  const key = finishKey(job.treeKey, job.info, compiled.summary, prepared);
  const known = key === null ? null : readFinished(cache, key);
  if (known) return { page: known, summary: compiled.summary, finishKey: key, compiled: fresh, finished: false };
  const done = await finishPage({ ...job.info, tree: JSON.parse(compiled.tree) as TreeNode[] }, prepared);
  if ("errors" in done) return { errors: done.errors, warnings: [...compiled.warnings, ...done.warnings] };
  done.page.warnings.unshift(...compiled.warnings);
  if (cache && key !== null) writeFinished(cache, key, done.page);
  return { page: done.page, summary: compiled.summary, finishKey: key, compiled: fresh, finished: true };
}
