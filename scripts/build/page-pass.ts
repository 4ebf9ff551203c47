/**
 * One page through the build, as a build thread (or the build's own thread) runs it: its compiled
 * tree from the persistent cache or compiled now, then the finished page from the cache or finished
 * now (finish.ts). Keys: a tree by the code version, file, format and source; a finished page by
 * finishKey. What a page gives back is plain data (strings, numbers, arrays), cheap to send between
 * threads; with a persistent cache its two large texts (stored value, Markdown twin) stay in the
 * cache and only their keys come back.
 */
import { createHash } from "node:crypto";
import type { SearchRecord } from "../../common/search";
import type { TreeNode } from "../../common/tree";
import { bodyOf } from "./discover";
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
import { getHighlighter, highlightMemo } from "../../common/build/highlight";
import { compilePage } from "./mdx";

/** A page to build: its source to compile, or (generated pages) its tree. */
export interface PageJob {
  info: PageInfo;
  /** Digest of what the tree is made from (treeKey). */
  treeKey: string;
  /** A page's source (the file as read; bodyOf gives what MDX compiles), as messages name it (content/docs/…). */
  compile?: { source: string; bodyAt: number; bodyLines: number; file: string; format: "mdx" | "md" };
  /** A generated page's tree, as JSON. */
  tree?: string;
}

/** A compiled page as the cache keeps it. */
export interface CompiledPage {
  tree: string;
  summary: PageSummary;
  warnings: string[];
}

/**
 * A finished page as the build keeps it: its stored value and Markdown twin in memory, or (with
 * a persistent cache) in the cache, read when needed (page-texts.ts), so that a large build does
 * not hold every page's text.
 */
export type KeptPage = Omit<FinishedPage, "value" | "markdown"> & { texts: PageTexts };
export type PageTexts = { value: string; markdown: string } | { dir: string; key: string };

export type PassResult =
  | {
      page: KeptPage;
      summary: PageSummary;
      finishKey: string | null;
      compiled: boolean;
      finished: boolean;
      /** When compiled: the code blocks it highlighted, and how many of them the thread's memo had. */
      snippets?: { lookups: number; hits: number };
    }
  | { errors: string[]; warnings: string[] };

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The key of a page's compiled tree: a digest of the code version and the parts it is made from. */
export function treeKey(codeVersion: string, parts: string[]): string {
  const hash = createHash("sha256").update(codeVersion);
  for (const part of parts) hash.update(`\0${part.length}\0`).update(part);
  return hash.digest("hex").slice(0, 32);
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

/** The keys of a finished page's texts, stored apart from its entry (which the build reads whole). */
export const textKey = (key: string, which: "value" | "markdown") => sha(`${key}\0${which}`);

function readFinished(cache: DiskCache, key: string): KeptPage | null {
  const text = cache.get(key);
  const entry = text ? unframe<Omit<KeptPage, "records" | "texts">>(text) : null;
  if (!entry) return null;
  // Both texts must be there: the entry is written last.
  if (!cache.has(textKey(key, "value")) || !cache.has(textKey(key, "markdown"))) return null;
  try {
    const records = JSON.parse(entry.large[0]!) as SearchRecord[];
    return { ...entry.small, records, texts: { dir: cache.dir, key } };
  } catch {
    return null;
  }
}

/** Stores a finished page; it keeps its texts in memory when the cache could not take them. */
function writeFinished(cache: DiskCache, key: string, page: FinishedPage): KeptPage {
  const { value, markdown, records, ...small } = page;
  const stored = cache.set(textKey(key, "value"), value) && cache.set(textKey(key, "markdown"), markdown);
  if (!stored) return inMemory(page);
  cache.set(key, frame(small, [JSON.stringify(records)]));
  return { ...small, records, texts: { dir: cache.dir, key } };
}

/** A page kept with its texts in memory. */
function inMemory(page: FinishedPage): KeptPage {
  const { value, markdown, ...rest } = page;
  return { ...rest, texts: { value, markdown } };
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
export const diskCacheAt = (dir: string): DiskCache => caches.get(dir) ?? caches.set(dir, new DiskCache(dir)).get(dir)!;
const cacheAt = (dir: string | null) => (dir === null ? null : diskCacheAt(dir));

export async function runPagePass(job: PageJob, prepared: Prepared, cacheDir: string | null): Promise<PassResult> {
  const cache = cacheAt(cacheDir);
  let compiled = job.tree !== undefined ? null : readCompiled(cache, job.treeKey);
  const fresh = job.tree === undefined && compiled === null;
  let snippets: { lookups: number; hits: number } | undefined;
  if (job.tree !== undefined) {
    compiled = { tree: job.tree, summary: summaryOf(JSON.parse(job.tree) as TreeNode[]), warnings: [] };
  } else if (!compiled) {
    const warnings: string[] = [];
    let tree: TreeNode[];
    const memoBefore = { ...highlightMemo };
    try {
      tree = await compilePage(bodyOf(job.compile!), {
        file: job.compile!.file,
        format: job.compile!.format,
        highlighter: await getHighlighter(),
        warn: (m) => warnings.push(m),
      });
    } catch (e) {
      return { errors: [(e as Error).message], warnings };
    }
    compiled = { tree: JSON.stringify(tree), summary: summaryOf(tree), warnings };
    snippets = {
      lookups: highlightMemo.lookups - memoBefore.lookups,
      hits: highlightMemo.hits - memoBefore.hits,
    };
    const { tree: text, ...small } = compiled;
    cache?.set(job.treeKey, frame(small, [text]));
    cache?.set(summaryKey(job.treeKey), JSON.stringify(compiled.summary));
  }
  const key = finishKey(job.treeKey, job.info, compiled.summary, prepared);
  const known = key === null || !cache ? null : readFinished(cache, key);
  if (known)
    return { page: known, summary: compiled.summary, finishKey: key, compiled: fresh, finished: false, snippets };
  const done = await finishPage({ ...job.info, tree: JSON.parse(compiled.tree) as TreeNode[] }, prepared);
  if ("errors" in done) return { errors: done.errors, warnings: [...compiled.warnings, ...done.warnings] };
  done.page.warnings.unshift(...compiled.warnings);
  const page = cache && key !== null ? writeFinished(cache, key, done.page) : inMemory(done.page);
  return { page, summary: compiled.summary, finishKey: key, compiled: fresh, finished: true, snippets };
}
