/**
 * What `npm run dev` keeps between builds so that saving one file redoes the work of one page:
 * pages read, compiled trees by source text, finished pages and their records, search records and
 * Markdown twins by final page record, and the digests of stored values. Entries a build did not use are dropped after it, so a
 * long session does not grow the cache.
 */
import type { PageRecord } from "../../client/contracts/page";
import type { SearchRecord } from "../../client/contracts/search";
import type { DocSource } from "./discover";
import type { LlmsEntry } from "./llms-full";
import type { BuiltPage } from "./pages";

/** A page as a build finished it: its processed tree, record and serialised record. */
export interface FinishedPage {
  /** Digest of the site-wide inputs the passes read (sidebars, routes, networks, config). */
  context: string;
  /** The compiled tree (JSON) it was made from. */
  tree: string;
  page: BuiltPage;
  record: PageRecord;
  value: string;
}

/** Values by key (text, or an object whose identity stands for its content); forgets what a build did not use. */
export class Memo<V, K = string> {
  private entries = new Map<K, V>();
  private used = new Set<K>();

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.used.add(key);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.set(key, value);
    this.used.add(key);
  }

  /** Forgets what the last build did not touch. */
  prune(): void {
    for (const key of this.entries.keys()) if (!this.used.has(key)) this.entries.delete(key);
    this.used.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export class BuildCache {
  /** A page read and checked (frontmatter, route, title), by file and section, with the file's stat and text when read. */
  readonly docs = new Memo<{ stat: string; source: string; doc: DocSource }>();
  /** The SHA-256 digest (blobDigest) of a stored value, by the value. */
  readonly digests = new Memo<string>();
  /**
   * Compiled page tree (JSON) by the page as read: `docs` gives the same object for the same file
   * and source text, so an unchanged page is found without comparing its text again.
   */
  readonly trees = new Memo<string, DocSource>();
  /**
   * A page as the last build finished it, by the page as read: reused while the site-wide inputs
   * are the same (a page with images is never kept: its files may change).
   */
  readonly pages = new Memo<FinishedPage, DocSource>();
  /** A page's search records by the exact page record they were taken from. */
  readonly searchRecords = new Memo<SearchRecord[]>();
  /** The search index's tokens of a text (titles and headings repeat across records and builds). */
  readonly searchTokens = new Memo<string[]>();
  /** A page's Markdown twin by the exact page record it was written from. */
  readonly markdown = new Memo<string>();
  /** llms-full.txt's pages and parts (scripts/build/llms-full.ts). */
  readonly llms = {
    entries: new Memo<LlmsEntry>(),
    parts: new Memo<{ entries: LlmsEntry[]; body: string }>(),
  };

  /** Forgets what the last build did not use; a build that did not index (staleSearch) keeps the search entries. */
  prune(options: { keepSearch?: boolean } = {}): void {
    this.docs.prune();
    this.digests.prune();
    this.trees.prune();
    this.pages.prune();
    this.markdown.prune();
    this.llms.entries.prune();
    this.llms.parts.prune();
    if (options.keepSearch) return;
    this.searchRecords.prune();
    this.searchTokens.prune();
  }
}
