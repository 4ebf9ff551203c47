/**
 * Runs the search code while an isolate starts, over a small index held in the bundle
 * (warm-up-index.ts, made by scripts/search/warm-up-index.ts), so that V8 compiles it then and not in
 * a reader's first search. V8 compiles a function when it first runs: in a cold isolate's first
 * search that was nearly half of the ticks of workerd's own profile (its parser and bytecode
 * compiler), and Cloudflare limits an isolate's startup apart from its requests' CPU. The queries
 * take the paths readers' queries take (COMMON, RARE), over pieces stored alone, in a pack and as a
 * shard patch, parsed from a URL or a body and answered as Algolia's JSON. Nothing here reads KV or
 * touches the isolate's shared caches; worker/index.ts runs it at the top level of the module.
 */
import { kvKeys } from "../../common/page";
import type { SearchRoot } from "../../common/search-index";
import { SearchEngine } from "./engine";
import { PieceCache, PieceLoader, type PieceReader } from "./pieces";
import { formatResult, paramsFromUrl, parseQueriesBody, parseSingleQuery } from "./protocol";
import { WARM_UP_INDEX } from "./warm-up-index";

const INDEX = "warm-up";

/** DocSearch's parameters, as the modal's requests send them. */
const DOCSEARCH_PARAMS = new URLSearchParams({
  distinct: "true",
  attributesToRetrieve: JSON.stringify(["hierarchy.lvl0", "hierarchy.lvl1", "content", "type", "url"]),
  attributesToSnippet: JSON.stringify(["hierarchy.lvl1:10", "content:10"]),
  snippetEllipsisText: "…",
  highlightPreTag: "<mark>",
  highlightPostTag: "</mark>",
  hitsPerPage: "20",
  facetFilters: JSON.stringify(["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]]),
}).toString();

/** A GET's URL for `query` with these extra parameters. */
const get = (query: string, params = "") => ({
  url: `https://warm-up.invalid/1/indexes/${INDEX}?query=${encodeURIComponent(query)}${params}`,
});

/** A multi-query body, as DocSearch and the algoliasearch client send it. */
const post = (...requests: [query: string, params: string][]) => ({
  body: { requests: requests.map(([query, params]) => ({ indexName: INDEX, query, params })) },
});

type WarmUpQuery = { url: string } | { body: unknown };

/** What most readers' queries do: known words, a typo, a prefix, a synonym, DocSearch's parameters, filters, paging. */
const COMMON: WarmUpQuery[] = [
  get("configure profle publ"),
  post(["cli instal", DOCSEARCH_PARAMS]),
  post(["gas", 'facetFilters=[["hierarchy.lvl0:Learn"]]'], ["", "hitsPerPage=5&page=1"]),
];
/** Rarer paths: stop words and plurals, two typos and a swapped pair, other tags and attributes, a facet filter on a record's type. */
const RARE: WarmUpQuery[] = [
  get("how to publish modules", "&hitsPerPage=5&attributesToSnippet=content:5"),
  get("trasnaction fess"),
  get("gas pr", "&page=0&highlightPreTag=%3Cem%3E&highlightPostTag=%3C%2Fem%3E"),
  post(["command line", DOCSEARCH_PARAMS]),
  post(["compiled", 'facetFilters=["type:content"]']),
  post(["upgrad addres", "attributesToRetrieve=url,hierarchy.lvl1"]),
];

/**
 * Rounds of the common queries, each over a fresh engine (so its pieces are read and decoded again,
 * as a cold isolate's are). More rounds lower a cold isolate's first search up to a point; past it V8
 * optimizes more of the code for the small warm-up index, and a real index undoes that work. The
 * count is the one bench:scale's cold-search figure liked best (the commit that set it has the runs).
 */
const WARM_UP_ROUNDS = 4;

/** The warm-up index's stored values, as the piece loader reads them from KV: as text, or as bytes. */
function warmUpKv(): PieceReader {
  const blobs = new Map(Object.entries(WARM_UP_INDEX.blobs).map(([digest, value]) => [kvKeys.blob(digest), value]));
  const utf8 = new TextEncoder();
  return {
    get: (key: string, options: { type?: "arrayBuffer" }) => {
      const value = blobs.get(key);
      if (value === undefined) return Promise.resolve(null);
      return Promise.resolve(options.type === "arrayBuffer" ? utf8.encode(value).buffer : value);
    },
  } as PieceReader;
}

/**
 * The warm-up index's root as KV's JSON read hands a root to the worker: parsed from its text. An
 * object literal's objects have other hidden classes than parsed ones, so code V8 optimized for
 * the literal's would be thrown away (and optimized again) at the first real search.
 */
const parsedRoot = (): SearchRoot => JSON.parse(JSON.stringify(WARM_UP_INDEX.root)) as SearchRoot;

/** One round of `queries` over a fresh engine: each one's hit count. */
async function round(kv: PieceReader, root: SearchRoot, queries: WarmUpQuery[]): Promise<number[]> {
  const engine = new SearchEngine(root, new PieceLoader(kv, new PieceCache(1 << 20)));
  const counts: number[] = [];
  for (const query of queries) {
    const parsed =
      "url" in query
        ? [parseSingleQuery(paramsFromUrl(new URL(query.url)), INDEX)]
        : parseQueriesBody(query.body).queries;
    for (const q of parsed) {
      // As the endpoint answers: the result in Algolia's shape, highlights and snippets made.
      counts.push(formatResult(q, await engine.search(q), 0).nbHits);
    }
  }
  return counts;
}

/** Runs the warm-up; resolves with each query's hit count (common, then rare), which the tests check are all found. */
export async function warmUpSearch(): Promise<number[]> {
  const kv = warmUpKv();
  const root = parsedRoot();
  let common: number[] = [];
  for (let i = 0; i < WARM_UP_ROUNDS; i++) common = await round(kv, root, COMMON);
  return [...common, ...(await round(kv, root, RARE))];
}
