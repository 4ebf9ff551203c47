/**
 * How many values the bench's searches read from KV, counted by running the worker's own search
 * code (ContentStore, SearchEngine, PieceLoader) in Node over the bench's local KV, as a served
 * search reads them: the channel pointer once a second per isolate (POINTER_RECHECK_MS; a cold
 * isolate's first page read it, and a run of searches takes less), the search root once per isolate, and
 * each value a query needs that the isolate's piece cache does not hold, by kind (READ_KINDS:
 * parts of the root's lists, segments, lexicon pieces, term shards, bundles of headings or of text,
 * …). The served CPU figures
 * include the local KV simulator's cost of each of these reads (simulator-cost.ts); on Cloudflare
 * a read is I/O the worker waits on, not CPU it is billed for.
 */
import { kvKeys, POINTER_RECHECK_MS } from "../../../common/page";
import { allRefs, type Ref, type RefPart } from "../../../common/ref-parts";
import { PIECE_KINDS, type SearchRoot } from "../../../common/search-index";
import { ContentStore, type KvReader, type PointerOptions } from "../../../worker/content-store";
import { SearchEngine } from "../../../worker/search/engine";
import { PIECE_CACHE_BYTES, PieceCache, PieceLoader } from "../../../worker/search/pieces";
import { openLocalNamespace } from "../../publish/local-kv";
import type { SearchReadList } from "./simulator-cost";
import { CONTENT_IDS } from "../../search/build-index";

/** What a search reads, by the kind of value. */
export const READ_KINDS = [
  "channel pointer",
  "search root",
  "parts",
  "segments",
  "lexicon",
  "term shards",
  "heading bundles",
  "text bundles",
  "facet bundles",
  "browse list",
] as const;
export type ReadKind = (typeof READ_KINDS)[number];
export type ReadsByKind = Partial<Record<ReadKind, number>>;

export interface SearchReads {
  /** A cold isolate's first search: the channel pointer, the search root and the pieces it read. */
  cold: number;
  /** Values read per warm search, on average, over the measured queries. */
  warmPerQuery: number;
  /** The cold search's reads by kind. */
  coldByKind?: ReadsByKind;
  /** A warm search's reads by kind, on average. */
  warmByKind?: ReadsByKind;
  /** Values read per warm search, on average, in an isolate that ran the settling queries first. */
  settledPerQuery?: number;
}

/** The kind of each key a search of this build may read (the root's lists read through `kv`). */
async function readKinds(
  root: SearchRoot,
  channel: string,
  buildId: string,
  kv: KvReader,
): Promise<Map<string, ReadKind>> {
  const kinds = new Map<string, ReadKind>([
    [kvKeys.channel(channel), "channel pointer"],
    [kvKeys.searchIndex(buildId), "search root"],
    [kvKeys.blob(root.browse), "browse list"],
    ...root.segments.map((s): [string, ReadKind] => [kvKeys.blob(s.digest), "segments"]),
  ]);
  const parts = (refs: Ref<unknown>[]) =>
    Promise.all(refs.map(async (r) => (await kv.get<RefPart<unknown>>(kvKeys.blob(r.digest), { type: "json" }))!));
  const kindOf = { lexicon: "lexicon", shards: "term shards", facets: "facet bundles" } as const;
  for (const kind of PIECE_KINDS) {
    const list = await allRefs(root[kind] as RefPart<unknown>, parts);
    for (const digest of list.parts) kinds.set(kvKeys.blob(digest), "parts");
    for (const ref of list.refs)
      kinds.set(
        kvKeys.blob(ref.digest),
        kind === "records" ? ((ref.from as number) < CONTENT_IDS ? "heading bundles" : "text bundles") : kindOf[kind],
      );
  }
  return kinds;
}

/** Reads counted by kind, each divided by `per`. */
function byKind(keys: string[], kinds: Map<string, ReadKind>, per = 1): ReadsByKind {
  const out: ReadsByKind = {};
  for (const key of keys) {
    const kind = kinds.get(key);
    if (!kind) throw new Error(`a search read ${key}, which is no value of its build`);
    out[kind] = (out[kind] ?? 0) + 1 / per;
  }
  return out;
}

/** An isolate's view of the index: its own piece cache, bounded as the worker's is. */
async function isolate(
  kv: KvReader,
  channel: string,
  pointer: PointerOptions,
): Promise<{ engine: SearchEngine; buildId: string; root: SearchRoot }> {
  const buildId = await new ContentStore(kv, channel, pointer).liveBuildId();
  const root = await kv.get<SearchRoot>(kvKeys.searchIndex(buildId), { type: "json" });
  if (!root) throw new Error(`build ${buildId} has no search index in this KV`);
  return { engine: new SearchEngine(root, new PieceLoader(kv, new PieceCache(PIECE_CACHE_BYTES))), buildId, root };
}

/**
 * Reads counted for `coldQuery` as a fresh isolate's first search (after its first page, which read
 * the pointer: the root and pieces for the first time), and for `warmQueries` in another isolate
 * after its first `warmup` of them, as scale/requests.ts's requestRun sends them; and for them again
 * in a third isolate that ran `settling` first (other queries), when given.
 */
export async function countSearchReads(
  kvDir: string,
  channel: string,
  coldQuery: string,
  warmQueries: string[],
  warmup: number,
  settling?: string[],
): Promise<SearchReads & { warmReads: SearchReadList[] }> {
  const local = await openLocalNamespace(kvDir);
  try {
    const namespace = local.namespace as unknown as KvReader;
    /** The reads since the last reset: each key, and how it was read (a JSON read is a text read). */
    let reads: SearchReadList = [];
    const keys = (list: SearchReadList) => list.map(([key]) => key);
    const kv: KvReader = {
      get: ((key: string, options?: { type?: string }) => {
        reads.push([key, options?.type === "arrayBuffer" ? "arrayBuffer" : "text"]);
        return namespace.get(key, options as never);
      }) as KvReader["get"],
    };
    // A request's own store, as the worker makes one per request: it reads the channel pointer when
    // the isolate's last read is POINTER_RECHECK_MS old, which a served run of 40 searches is not
    // (the clock stands still here, so the counts do not depend on this machine's speed).
    const started = Date.now();
    const pointer: PointerOptions = { recheckMs: POINTER_RECHECK_MS, now: () => started };
    const search = async (engine: SearchEngine, query: string) => {
      await new ContentStore(kv, channel, pointer).liveBuildId();
      await engine.search({ query });
    };

    const cold = await isolate(kv, channel, pointer);
    const kinds = await readKinds(cold.root, channel, cold.buildId, namespace);
    reads = [[kvKeys.searchIndex(cold.buildId), "text"]]; // the root, read by isolate()
    await search(cold.engine, coldQuery);
    const coldReads = keys(reads);

    /** Each warm query's reads in a fresh isolate, after `before` and the first `warmup` of them. */
    const warmRun = async (before: string[]): Promise<SearchReadList[]> => {
      reads = [];
      const warm = await isolate(kv, channel, pointer);
      for (const query of [...before, ...warmQueries.slice(0, warmup)]) await search(warm.engine, query);
      const perQuery: SearchReadList[] = [];
      for (const query of warmQueries) {
        reads = [];
        await search(warm.engine, query);
        perQuery.push(reads);
      }
      return perQuery;
    };
    const warmReads = await warmRun([]);
    const warmKeys = keys(warmReads.flat());
    const per = Math.max(1, warmQueries.length);
    return {
      cold: coldReads.length,
      warmPerQuery: warmKeys.length / per,
      coldByKind: byKind(coldReads, kinds),
      warmByKind: byKind(warmKeys, kinds, per),
      ...(settling ? { settledPerQuery: (await warmRun(settling)).flat().length / per } : {}),
      warmReads,
    };
  } finally {
    await local.dispose();
  }
}
