/**
 * The search index in pieces: every piece stays small, a query reads only the pieces its words
 * need (and finds records whose words sit in different shards), the per-isolate cache stays within
 * its bound without changing answers, and a missing or corrupt piece fails the query as unavailable.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { refFor } from "../../common/ref-parts";
import { PIECE_KINDS, POSTINGS_CAP } from "../../common/search-index";
import type { RecordBundle } from "../../common/search-pieces";
import {
  buildSearchIndex,
  CONTENT_IDS,
  PIECE_BYTES,
  pieceSize,
  SMALL_SITE_PIECES,
  type SearchIndexBuild,
} from "../../scripts/search/build-index";
import { storeSearchIndex } from "../../scripts/publish/search-store";
import { lexiconView } from "../../worker/search/lexicon";
import { bestOf, SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { QueryTerms } from "../../worker/search/terms";
import { glossary, records, SITE, word } from "../helpers/search-records";
import { CountingKv, engineOver, storedWhole } from "../helpers/stored-index";

const FILTERS = [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]];

/** A fresh copy of `index` as a first publish stores it (each test may change its values). */
async function stored(index: SearchIndexBuild) {
  const { root, kv } = await storedWhole(index);
  return { root, kv: new CountingKv(new Map(kv.data)) };
}

const index = buildSearchIndex(records(400, 12), SITE);

describe("the search index's pieces", () => {
  it("cuts the index into many pieces, each near its target size and far under KV's limit", async () => {
    expect(index.refs.shards.length).toBeGreaterThan(3);
    expect(index.refs.records.length).toBeGreaterThan(3);
    expect(PIECE_KINDS.flatMap((kind) => index.refs[kind].map((r) => r.digest)).sort()).toEqual(
      [...index.pieces.keys()].sort(),
    );
    const largest = Math.max(...[...index.pieces.values()].map((v) => Buffer.byteLength(v)));
    expect(largest).toBeLessThan(2 * Math.max(...Object.values(PIECE_BYTES).map((p) => p.max)));
    expect(JSON.stringify((await storedWhole(index)).root).length).toBeLessThan(16 * 1024);
  });

  it("gives a small site smaller pieces (down to an eighth) and a large one PIECE_BYTES", () => {
    const shard = PIECE_BYTES.shard;
    const scaled = (k: number) => ({ min: shard.min / k, max: shard.max / k });
    expect(pieceSize(shard, 200 * 2 ** 20)).toEqual(shard);
    expect(pieceSize(shard, shard.min * SMALL_SITE_PIECES)).toEqual(shard);
    expect(pieceSize(shard, shard.min * SMALL_SITE_PIECES - 1)).toEqual(scaled(2));
    expect(pieceSize(shard, 1000)).toEqual(scaled(8));
  });

  it("keeps PIECE_BYTES for record bundles and the lexicon on a small site, whose shards get smaller", () => {
    const small = buildSearchIndex(records(60, 12), SITE);
    const bytes = (refs: { bytes: number }[]) => refs.reduce((sum, r) => sum + r.bytes, 0);
    const texts = small.refs.records.filter((r) => r.from >= CONTENT_IDS);
    expect(texts.length).toBeLessThanOrEqual(Math.ceil(bytes(texts) / PIECE_BYTES.records.min));
    expect(small.refs.records.length - texts.length).toBe(1);
    expect(small.refs.lexicon.length).toBeLessThanOrEqual(
      Math.ceil(bytes(small.refs.lexicon) / PIECE_BYTES.lexicon.min),
    );
    expect(small.refs.shards.length).toBeGreaterThan(bytes(small.refs.shards) / PIECE_BYTES.shard.min);
  });

  it("gives every record an id under 2^30 (a small integer to V8, as the worker's Maps want), and refuses more pages than it has ids for", () => {
    const ids = (build: SearchIndexBuild) =>
      build.refs.records.flatMap((ref) => {
        const head = /"ids":(\[[^\]]*\])/.exec(build.pieces.get(ref.digest)!);
        return JSON.parse(head![1]!) as number[];
      });
    const all = ids(index);
    expect(all.length).toBe(records(400, 12).length);
    expect(Math.max(...all)).toBeLessThan(2 ** 30);
    expect(2 * CONTENT_IDS).toBeLessThanOrEqual(2 ** 30);
    // One more page than there are ids: each page's title record is enough to count it.
    expect(() => buildSearchIndex(records(2 ** 17 + 1, 0), SITE)).toThrow(
      /131073 pages have records; the index holds at most 131072/,
    );
  });

  it("matches typos among the terms with the word's first letter, however the lexicon is cut", () => {
    const terms = new QueryTerms(["title"], []);
    terms.setLexicon(["prefix", "c"], [lexiconView({ terms: "bat cart cat cut hat kat", heads: "000000" })]);
    expect(terms.near("cat", 1).map(([t]) => t)).toEqual(["cart", "cat", "cut"]);
  });

  it("finds a record by words from different shards, reading only the pieces the query needs", async () => {
    const target = records(400, 12).find((r) => r.objectID === "123-0")!;
    const [, a, b] = target.hierarchy.lvl1.split(" ") as [string, string, string];
    expect(refFor(index.refs.shards, a)).not.toBe(refFor(index.refs.shards, b));
    const { root, kv } = await stored(index);
    const engine = engineOver(root, kv);
    const result = await engine.search({ query: `${a} ${b}`, facetFilters: FILTERS });
    expect(result.hits[0]!.record.hierarchy.lvl1).toBe(target.hierarchy.lvl1);
    expect(result.hits[0]!.record.url).toBe(`${SITE}/page-123`);
    expect(kv.reads).toContain(kvKeys.blob(index.refs.shards[refFor(index.refs.shards, a)]!.digest));
    expect(kv.reads).toContain(kvKeys.blob(index.refs.shards[refFor(index.refs.shards, b)]!.digest));
    expect(kv.reads.length).toBeLessThan(index.pieces.size / 4);
  });

  it("keeps the cache within its bound and answers as an unbounded cache does", async () => {
    const queries = [word(5), `${word(40)} ${word(41)}`, word(900).slice(0, 4), word(2000), `${word(7)} ${word(1200)}`];
    const { root, kv } = await stored(index);
    const big = engineOver(root, kv, 256 * 1024 * 1024);
    const small = new PieceCache(PIECE_BYTES.shard.max * 2);
    const bounded = new SearchEngine(root, new PieceLoader(kv, small));
    for (const round of [1, 2])
      for (const query of queries) {
        const [x, y] = [await big.search({ query }), await bounded.search({ query })];
        expect(
          y.hits.map((h) => h.record.objectID),
          `${query}, round ${round}`,
        ).toEqual(x.hits.map((h) => h.record.objectID));
        expect(y.nbHits).toBe(x.nbHits);
        expect(small.size.bytes).toBeLessThanOrEqual(small.maxBytes + PIECE_BYTES.shard.max * 2);
      }
    expect(small.size.pieces).toBeLessThan(index.pieces.size);
  });

  it("reads, for a known word, only the lexicon piece it falls in, and for a typo the pieces of its swapped-letter forms", async () => {
    // A vocabulary of two lexicon pieces.
    const index = buildSearchIndex([...records(400, 12), ...glossary(6000)], SITE);
    const lexiconKeys = index.refs.lexicon.map((r) => kvKeys.blob(r.digest));
    const lexiconReads = (kv: CountingKv) => kv.reads.filter((key) => lexiconKeys.includes(key));
    expect(lexiconKeys).toHaveLength(2);
    // word(40) falls in the last piece; one of its swapped-letter forms ("i…") in the first.
    const known = word(40);
    const [first, last] = [0, lexiconKeys.length - 1];
    expect(refFor(index.refs.lexicon, known)).toBe(last);
    expect(refFor(index.refs.lexicon, known[1]! + known[0]! + known.slice(2))).toBe(first);
    const { root, kv } = await stored(index);
    const engine = engineOver(root, kv);
    expect((await engine.search({ query: known })).nbHits).toBeGreaterThan(0);
    expect(lexiconReads(kv)).toEqual([lexiconKeys[last]]);

    // Its first two letters swapped, word(900) starts with a letter of the last piece: it is found
    // by reading the first piece, where the word itself is.
    const target = word(900);
    const typo = target[1]! + target[0]! + target.slice(2);
    expect([refFor(index.refs.lexicon, target), refFor(index.refs.lexicon, typo)]).toEqual([first, last]);
    const { kv: typoKv } = await stored(index);
    const typoEngine = engineOver(root, typoKv);
    const result = await typoEngine.search({ query: typo });
    expect(result.hits[0]!.record.content).toContain(target);
    expect(lexiconReads(typoKv).sort()).toEqual([...lexiconKeys].sort());
  });

  it("keeps headings and text in different bundles, so twenty title hits on twenty pages read one bundle", async () => {
    const recordBundles = new Set(index.refs.records.map((r) => kvKeys.blob(r.digest)));
    const types = [...index.pieces]
      .filter(([digest]) => recordBundles.has(kvKeys.blob(digest)))
      .map(([, text]) => new Set((JSON.parse(text) as RecordBundle).records.map((row) => row![1] === "content")));
    expect(types.filter((kinds) => kinds.size > 1).length).toBeLessThanOrEqual(1);
    // A site's headings that one bundle can hold are one bundle (with more than a bundle's least
    // size, so they would be cut otherwise); a larger site's are cut, each bundle within the bound.
    const headingBundles = (pages: number) =>
      buildSearchIndex(records(pages, 1), SITE).refs.records.filter((r) => r.from < CONTENT_IDS);
    // Pages whose headings fill one and a half least sizes, and one and a half largest ones.
    const perPage = headingBundles(200)[0]!.bytes / 200;
    const one = headingBundles(Math.ceil((1.5 * PIECE_BYTES.headings.min) / perPage));
    expect(one).toHaveLength(1);
    expect(one[0]!.bytes).toBeGreaterThan(PIECE_BYTES.headings.min);
    const larger = headingBundles(Math.ceil((1.5 * PIECE_BYTES.headings.max) / perPage));
    expect(larger.length).toBeGreaterThan(1);
    for (const bundle of larger) expect(bundle.bytes).toBeLessThanOrEqual(PIECE_BYTES.headings.max);

    // Every page's title holds "page": a query for it shows twenty titles of twenty pages.
    const { root, kv } = await stored(index);
    const engine = engineOver(root, kv);
    const result = await engine.search({ query: "page" });
    expect(result.hits).toHaveLength(20);
    expect(new Set(result.hits.map((h) => h.record.url)).size).toBe(20);
    expect(result.hits.every((h) => h.record.type === "lvl1")).toBe(true);
    expect(kv.reads.filter((key) => recordBundles.has(key))).toHaveLength(1);
  });

  it("fails a query as unavailable when a shard is missing or corrupt", async () => {
    const term = word(77);
    const shard = index.refs.shards[refFor(index.refs.shards, term)]!;
    for (const value of [undefined, "{not json", "42"]) {
      const { root, kv } = await stored(index);
      if (value === undefined) kv.data.delete(kvKeys.blob(shard.digest));
      else kv.data.set(kvKeys.blob(shard.digest), value);
      const engine = engineOver(root, kv, 1024 * 1024);
      await expect(engine.search({ query: term })).rejects.toBeInstanceOf(PieceUnavailable);
    }
  });
});

describe("postings at scale and one-page edits", () => {
  it("keeps a common word's best POSTINGS_CAP records, still ranks the best first, and says the count is an estimate", async () => {
    const many = records(POSTINGS_CAP / 4, 5).map((r, i) =>
      r.type === "content" ? { ...r, content: `${r.content} common${i === 1001 ? " common common common" : ""}` } : r,
    );
    const big = buildSearchIndex(many, SITE);
    const bigStored = await stored(big);
    const engine = engineOver(bigStored.root, bigStored.kv);
    const result = await engine.search({ query: "common" });
    expect(result.hits[0]!.record.objectID).toBe(many[1001]!.objectID);
    expect(result.nbHits).toBe(POSTINGS_CAP);
    expect(result.exhaustive).toBe(false);
    const whole = await stored(index);
    const small = await engineOver(whole.root, whole.kv).search({ query: word(5) });
    expect(small.exhaustive).toBe(true);
  });

  it("writes a segment of a few kilobytes when a word of one record changes or a record is added at the end of a page", async () => {
    const base = records(400, 12);
    const before = new Set(index.pieces.keys());
    const live = await storedWhole(index);
    const bytes = (values: Iterable<string>) => [...values].reduce((n, v) => n + v.length, 0);
    const at = base.findIndex((r) => r.objectID === "200-5");
    const edited = base.map((r, i) => (i === at ? { ...r, content: r.content!.replace(/^\S+/, "revised") } : r));
    const added = [
      ...base.slice(0, at + 8),
      { ...base[at + 7]!, objectID: "new", content: "zuzuka fresh words" },
      ...base.slice(at + 8),
    ];
    for (const changed of [edited, added]) {
      const next = buildSearchIndex(changed, SITE);
      const fresh = [...next.pieces].filter(([d]) => !before.has(d));
      const what = changed === edited ? "word changed" : "record added";
      expect(fresh.length, what).toBeLessThan(next.pieces.size / 10);
      // What a publish writes over the live index: a segment (and the root, apart).
      const read = async (digest: string) => index.pieces.get(digest)!;
      const { blobs, stored } = await storeSearchIndex(next, live.stored, read, live.stored.blobs);
      expect([...blobs.keys()], what).toEqual(stored.root.segments.map((s) => s.digest));
      expect(bytes(blobs.values()), what).toBeLessThan(4 * 1024);
    }
  });
});

describe("ordering a bucket of hits", () => {
  const score = (p: number) => (p * 7919) % 100_003;
  const better = (a: number, b: number) => score(b) - score(a) || (b % 7) - (a % 7);

  it("gives the best hits of a 300,000-hit bucket in order, leaving out the other buckets' hits", () => {
    const bucketOf = new Uint8Array(300_000).map((_, p) => (p % 3 === 0 ? 1 : 0));
    const inBucket = Array.from({ length: 300_000 }, (_, p) => p).filter((p) => bucketOf[p] === 0);
    const best = bestOf(bucketOf, 0, 20, better);
    expect(best).toEqual([...inBucket].sort(better).slice(0, 20));
  });

  it("orders a small bucket for a page of hits and for a deep page alike, ties in the matches' order", () => {
    const bucketOf = new Uint8Array(50);
    const all = Array.from({ length: 50 }, (_, p) => p);
    const tied = () => 0;
    // A page of 20 (a bounded list) and a page of 100 (a whole sort): the same order.
    expect(bestOf(bucketOf, 0, 20, tied)).toEqual(all.slice(0, 20));
    expect(bestOf(bucketOf, 0, 100, tied)).toEqual(all);
    expect(bestOf(bucketOf, 0, 20, better)).toEqual([...all].sort(better).slice(0, 20));
    expect(bestOf(bucketOf, 0, 100, better)).toEqual([...all].sort(better));
  });
});
