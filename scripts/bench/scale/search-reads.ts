/**
 * How many values the bench's searches read from KV, counted by running the worker's own search
 * code (ContentStore, SearchEngine, PieceLoader) in Node over the bench's local KV, as a served
 * search reads them: the channel pointer on every request, the search root once per isolate, and
 * each piece a query needs that the isolate's piece cache does not hold. The served CPU figures
 * include the local KV simulator's cost of each of these reads (simulator-cost.ts); on Cloudflare
 * a read is I/O the worker waits on, not CPU it is billed for.
 */
import { kvKeys } from "../../../client/contracts/page";
import type { SearchRoot } from "../../../client/contracts/search-index";
import { ContentStore, type KvReader } from "../../../worker/content-store";
import { SearchEngine } from "../../../worker/search/engine";
import { PIECE_CACHE_BYTES, PieceCache, PieceLoader } from "../../../worker/search/pieces";
import { openLocalNamespace } from "../../publish/local-kv";

export interface SearchReads {
  /** A cold isolate's first search: the channel pointer, the search root and the pieces it read. */
  cold: number;
  /** Values read per warm search, on average, over the measured queries. */
  warmPerQuery: number;
}

/** An isolate's view of the index: its own piece cache, bounded as the worker's is. */
async function isolate(kv: KvReader, channel: string): Promise<SearchEngine> {
  const buildId = await new ContentStore(kv, channel).liveBuildId();
  const root = await kv.get<SearchRoot>(kvKeys.searchIndex(buildId), { type: "json" });
  if (!root) throw new Error(`build ${buildId} has no search index in this KV`);
  return new SearchEngine(root, new PieceLoader(kv, new PieceCache(PIECE_CACHE_BYTES)));
}

/**
 * Reads counted for `coldQuery` as a fresh isolate's first search (after its first page: the pointer
 * is read again, the root and pieces for the first time), and for `warmQueries` in another isolate
 * after its first `warmup` of them, as scale/requests.ts's requestRun sends them.
 */
export async function countSearchReads(
  kvDir: string,
  channel: string,
  coldQuery: string,
  warmQueries: string[],
  warmup: number,
): Promise<SearchReads> {
  const local = await openLocalNamespace(kvDir);
  try {
    const namespace = local.namespace as unknown as KvReader;
    let reads = 0;
    const kv: KvReader = {
      get: ((key: string, options: never) => {
        reads++;
        return namespace.get(key, options);
      }) as KvReader["get"],
    };
    // A request's own store (it reads the channel pointer once), as the worker makes one per request.
    const search = async (engine: SearchEngine, query: string) => {
      await new ContentStore(kv, channel).liveBuildId();
      await engine.search({ query });
    };

    const cold = await isolate(kv, channel);
    reads = 0;
    await search(cold, coldQuery);
    const coldReads = reads + 1; // and the root, read by isolate()

    const warm = await isolate(kv, channel);
    for (const query of warmQueries.slice(0, warmup)) await search(warm, query);
    reads = 0;
    for (const query of warmQueries) await search(warm, query);
    return { cold: coldReads, warmPerQuery: warmQueries.length ? reads / warmQueries.length : 0 };
  } finally {
    await local.dispose();
  }
}
