/**
 * How many rounds of KV reads a search waits for: each round is a KV round trip a reader waits
 * out, so a word no search in the isolate has read should cost as few as the query allows (its
 * lexicon piece and its shard together, then the records it shows).
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { refFor } from "../../common/ref-parts";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { records, SITE } from "../helpers/search-records";
import { edit, Published } from "../helpers/release-rounds";
import { storedWhole } from "../helpers/stored-index";

/** A KV that answers only when a round is let through: every read asked for before then is in that round. */
class RoundTripKv {
  readonly rounds: string[][] = [];
  private waiting: { key: string; answer: () => void }[] = [];
  constructor(private readonly data: Map<string, string>) {}

  get(key: string): Promise<string | null> {
    return new Promise((resolve) => this.waiting.push({ key, answer: () => resolve(this.data.get(key) ?? null) }));
  }

  /** Lets rounds through until `work` settles; its result with the rounds it took. */
  async settle<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    result.catch(() => undefined);
    while (!done) {
      // Let the query run until it waits on KV alone.
      await new Promise((next) => setImmediate(next));
      if (done || !this.waiting.length) continue;
      const round = this.waiting;
      this.waiting = [];
      this.rounds.push(round.map((r) => r.key));
      for (const r of round) r.answer();
    }
    return result;
  }
}

const FILTERS = [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]];
const index = buildSearchIndex(records(400, 12), SITE);

async function fresh() {
  const { root, kv } = await storedWhole(index);
  const roundTrips = new RoundTripKv(kv.data);
  return { roundTrips, engine: new SearchEngine(root, new PieceLoader(roundTrips, new PieceCache(1 << 26))) };
}

describe("a search's rounds of KV reads", () => {
  it("reads a new word's shard in the round that reads its lexicon piece, then the records it shows", async () => {
    const { roundTrips, engine } = await fresh();
    const target = records(400, 12).find((r) => r.objectID === "123-0")!;
    const word = target.hierarchy.lvl1.split(" ")[1]!;
    const result = await roundTrips.settle(engine.search({ query: word, facetFilters: FILTERS }));
    expect(result.hits.length).toBeGreaterThan(0);
    const shard = kvKeys.blob(index.refs.shards[refFor(index.refs.shards, word)]!.digest);
    const lexicon = kvKeys.blob(index.refs.lexicon[refFor(index.refs.lexicon, word)]!.digest);
    expect(roundTrips.rounds[0]).toEqual(expect.arrayContaining([lexicon, shard]));
    expect(roundTrips.rounds).toHaveLength(2);
  });

  it("reads the segments of a later release in that first round too", async () => {
    const published = new Published();
    const first = records(400, 12);
    await published.publish(buildSearchIndex(first, SITE));
    await published.publish(buildSearchIndex(edit(first, 1), SITE));
    const root = published.live!.root;
    expect(root.segments).toHaveLength(1);
    const roundTrips = new RoundTripKv(published.kv.data);
    const engine = new SearchEngine(root, new PieceLoader(roundTrips, new PieceCache(1 << 26)));
    const word = first.find((r) => r.objectID === "123-0")!.hierarchy.lvl1.split(" ")[1]!;
    const result = await roundTrips.settle(engine.search({ query: word, facetFilters: FILTERS }));
    expect(result.hits.length).toBeGreaterThan(0);
    expect(roundTrips.rounds[0]).toContain(kvKeys.blob(root.segments[0]!.digest));
    expect(roundTrips.rounds).toHaveLength(2);
  });

  it("still fails as unavailable when the shard a query needs is missing", async () => {
    const { root, kv } = await storedWhole(index);
    const word = records(400, 12)[0]!.hierarchy.lvl1.split(" ")[1]!;
    kv.data.delete(kvKeys.blob(index.refs.shards[refFor(index.refs.shards, word)]!.digest));
    const roundTrips = new RoundTripKv(kv.data);
    const engine = new SearchEngine(root, new PieceLoader(roundTrips, new PieceCache(1 << 26)));
    await expect(roundTrips.settle(engine.search({ query: word }))).rejects.toBeInstanceOf(PieceUnavailable);
  });

  it("costs a word nobody indexed no read beyond its lexicon pieces' round and the shard its spelling names", async () => {
    const { roundTrips, engine } = await fresh();
    const result = await roundTrips.settle(engine.search({ query: "zzqqxx" }));
    expect(result.nbHits).toBe(0);
    expect(
      roundTrips.rounds.flat().filter((k) => index.refs.shards.some((r) => kvKeys.blob(r.digest) === k)),
    ).toHaveLength(1);
  });
});
