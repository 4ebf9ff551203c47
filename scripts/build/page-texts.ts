/**
 * The two large texts of each finished page (its stored record value and its Markdown twin), read
 * where the build keeps them: in memory, or in the persistent cache (page-pass.ts KeptPage). A
 * large build with a cache holds no page's text for long: each is read when written or published.
 */
import { blobDigest } from "./blobs";
import { LazyMap } from "./lazy-map";
import { diskCacheAt, textKey, type KeptPage } from "./page-pass";

/**
 * A page's stored value or twin. A text read from the cache is checked against the digest taken
 * when it was made; one lost or damaged since (deleted by hand, a failing disk) throws, naming it.
 */
export function textOf(page: KeptPage, which: "value" | "markdown"): string {
  const texts = page.texts;
  if (!("dir" in texts)) return texts[which];
  const text = diskCacheAt(texts.dir).get(textKey(texts.key, which));
  if (text === undefined || blobDigest(text) !== (which === "value" ? page.digest : page.markdownDigest))
    throw new Error(
      `the build cache in ${texts.dir} lost or damaged the ${which === "value" ? "page record" : "Markdown twin"} of ${page.route}; delete that folder and build again`,
    );
  return text;
}

/** A text as the build cache stores it: its file, and the bytes the page says it has. */
export interface StoredText {
  file: string;
  bytes: number;
}

/** Where the build cache keeps a page's text, or null when the page keeps it in memory (writeBuild links the file instead of copying it). */
export function storedTextOf(page: KeptPage, which: "value" | "markdown"): StoredText | null {
  const texts = page.texts;
  if (!("dir" in texts)) return null;
  return {
    file: diskCacheAt(texts.dir).fileOf(textKey(texts.key, which)),
    bytes: which === "value" ? page.valueBytes : page.markdownBytes,
  };
}

/** Route → one of the pages' texts, read when asked for (iterating reads one page at a time). */
export class PageTextMap extends LazyMap<string, KeptPage, string> {
  constructor(
    private readonly pages: ReadonlyMap<string, KeptPage>,
    private readonly which: "value" | "markdown",
  ) {
    super(pages, (page) => textOf(page, which));
  }

  /** Where the build cache keeps a route's text, if it does. */
  stored(route: string): StoredText | null {
    const page = this.pages.get(route);
    return page ? storedTextOf(page, this.which) : null;
  }
}
