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

/** Route → one of the pages' texts, read when asked for (iterating reads one page at a time). */
export class PageTextMap extends LazyMap<string, KeptPage, string> {
  constructor(
    private readonly pages: ReadonlyMap<string, KeptPage>,
    private readonly which: "value" | "markdown",
  ) {
    super(pages, (page) => textOf(page, which));
  }
}
