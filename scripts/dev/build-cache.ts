/**
 * What `npm run dev` keeps in memory between builds (build.ts hands it to the build's stages) so
 * that saving one file redoes the work of one page: pages read, each page as the last build finished it (with its tree's key and finish key,
 * so an unchanged page is not even sent to a build thread), the tokens the search index made of
 * each text, llms-full.txt's parts, and the digests of stored values. Entries a build did not use
 * are dropped after it, so a long session does not grow the cache. (The persistent cache on disk,
 * scripts/build/disk-cache.ts, is what makes a build in a fresh process fast.)
 */
import type { DocSource, LastWalk } from "../build/discover";
import type { PageSummary, SiteContext } from "../build/finish";
import type { KeptPage } from "../build/page-pass";
import type { LlmsEntry } from "../build/llms-full";

/** A page as a build finished it, with the keys it was found by. */
export interface RememberedPage {
  treeKey: string;
  summary: PageSummary;
  finishKey: string;
  page: KeptPage;
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
  /** The last build's walk of the docs folder (see discover's `changed`). */
  walk: LastWalk | undefined;
  /** The SHA-256 digest (blobDigest) of a stored value, by the value. */
  readonly digests = new Memo<string>();
  /** The key of a page's compiled tree, by the page as read (`docs` gives the same object for the same text). */
  readonly treeKeys = new Memo<string, DocSource>();
  /**
   * Digest of the last build's SiteContext, and that context: while it is the same, kept pages need
   * no finish key worked out, and the next build uses the same object (and its prepared lookups).
   */
  context: { digest: string; site: SiteContext } | undefined;
  /** Pages as the last build finished them, by their tree's key (pages with images are not kept). */
  readonly pages = new Memo<RememberedPage>();
  /** The search index's tokens of a text (titles and headings repeat across records and builds). */
  readonly searchTokens = new Memo<string[]>();
  /**
   * Set by a build after which no page has been compiled in this thread yet (every page came from
   * the caches, or went to threads): compiles and finishes one page here, its output dropped, so that
   * the first save's page does not create Shiki's highlighter and run the compiler's code cold (about
   * half a second of the first save, at any size). npm run dev calls it once its first build is served.
   */
  warmUp: (() => Promise<void>) | undefined;
  /** A page has been compiled in this thread (by a build or by warmUp). */
  compiledHere = false;
  /** llms-full.txt's pages and parts (scripts/build/llms-full.ts). */
  readonly llms = {
    entries: new Memo<LlmsEntry>(),
    parts: new Memo<{ entries: LlmsEntry[]; digest: string }>(),
  };

  /** Forgets what the last build did not use; a build that did not index (staleSearch) keeps the search entries. */
  prune(options: { keepSearch?: boolean } = {}): void {
    this.docs.prune();
    this.digests.prune();
    this.treeKeys.prune();
    this.pages.prune();
    this.llms.entries.prune();
    this.llms.parts.prune();
    if (!options.keepSearch) this.searchTokens.prune();
  }
}
