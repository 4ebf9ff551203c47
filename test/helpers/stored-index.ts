/** A search index as publishes store it, in a map standing for KV that counts reads, and engines over it. */
import { kvKeys } from "../../common/page";
import type { SearchRoot } from "../../common/search-index";
import { storeSearchIndex, type StoredSearch } from "../../scripts/publish/search-store";
import type { SearchIndexBuild } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader } from "../../worker/search/pieces";

/** Stored values by KV key, and the keys read (a bytes read answered with the text, which the loader decodes). */
export class CountingKv {
  reads: string[] = [];
  constructor(readonly data = new Map<string, string>()) {}
  async get(key: string): Promise<string | null> {
    this.reads.push(key);
    return this.data.get(key) ?? null;
  }
}

/** An index stored by a first publish (every piece under its own key), with its root. */
export async function storedWhole(
  index: SearchIndexBuild,
): Promise<{ root: SearchRoot; kv: CountingKv; stored: StoredSearch }> {
  const { stored, blobs } = await storeSearchIndex(
    index,
    null,
    () => Promise.reject(new Error("nothing to read")),
    new Set(),
  );
  return { root: stored.root, kv: new CountingKv(new Map([...blobs].map(([d, v]) => [kvKeys.blob(d), v]))), stored };
}

/** An engine over a stored index, with a piece cache of its own. */
export function engineOver(root: SearchRoot, kv: CountingKv, cacheBytes = 64 * 1024 * 1024): SearchEngine {
  return new SearchEngine(root, new PieceLoader(kv, new PieceCache(cacheBytes)));
}

/** An engine over `index` as a first publish stores it. */
export async function wholeEngine(index: SearchIndexBuild, cacheBytes?: number): Promise<SearchEngine> {
  const { root, kv } = await storedWhole(index);
  return engineOver(root, kv, cacheBytes);
}
