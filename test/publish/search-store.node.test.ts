/**
 * Storing the search index over the live one (test/helpers/release-rounds.ts checks every round:
 * bounded writes, and the same answers as the index stored whole, facet filters too): a release
 * writes one small segment and nothing of the base; segments are merged as they pile up; a page
 * removed or put back and a large change are stored right; runs fold into the base when every
 * segment merged passes the bound, within it; a missing or corrupt segment fails a query as
 * unavailable.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { PieceUnavailable } from "../../worker/search/pieces";
import { Published, releaseRounds, type Round } from "../helpers/release-rounds";
import { records, SITE, word } from "../helpers/search-records";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { MAX_SEGMENTS } from "../../scripts/publish/search-store";

const bytesOf = (round: Round) => [...round.written.values()].reduce((n, v) => n + v.length, 0);

describe("storing the search index over the live one", () => {
  it("writes each release as one small segment, merges segments as they pile up, and answers as the index stored whole", async () => {
    const rounds = await releaseRounds(10, {
      extra: true,
      check: (round) => expect(round.segments, round.name).toBeLessThanOrEqual(MAX_SEGMENTS),
    });
    const releases = rounds.slice(1, 11);
    for (const r of releases) {
      // A segment (and the browse list, when the first records changed), nothing of the base: a
      // release writes its change, not the pieces it touches.
      expect(r.newBase, r.name).toBe(0);
      expect(r.written.size, r.name).toBeLessThanOrEqual(2);
      expect(bytesOf(r), r.name).toBeLessThan(48 * 1024);
    }
    // Merged as they piled up: some release left fewer segments than the one before.
    expect(releases.some((r, i) => i > 0 && r.segments < releases[i - 1]!.segments)).toBe(true);
    const [removed, putBack, large] = rounds.slice(11);
    for (const r of [removed!, putBack!]) expect(r.newBase, r.name).toBe(0);
    // Half the pages changed: their runs' pieces go to the base, segments merged away with them.
    expect(large!.newBase).toBeGreaterThan(10);
    expect(large!.segments).toBeLessThanOrEqual(1);
  }, 120_000);

  it("folds runs into the base once every segment merged passes the bound, so segments stay within twice the bound", async () => {
    const segmentBytes = 24 * 1024;
    // Enough releases for three folds into the base (the last at the final release, of nearly every
    // run), each of the first two followed by releases that pile segments up towards the bound again.
    const rounds = await releaseRounds(19, {
      limits: { segmentBytes },
      check: (round) => expect(round.segmentBytes, round.name).toBeLessThan(2 * segmentBytes + 16 * 1024),
    });
    expect(rounds.filter((r) => r.newBase > 0).length).toBeGreaterThan(1);
  }, 120_000);

  it("fails a query as unavailable when a segment the root names is missing or corrupt", async () => {
    const store = new Published();
    const site = records(60, 4);
    await store.publish(buildSearchIndex(site, SITE));
    const edited = site.map((r, i) => (i === 7 ? { ...r, content: `${r.content} fresh${word(1)}ing` } : r));
    await store.publish(buildSearchIndex(edited, SITE));
    const [segment] = store.live!.root.segments;
    expect(segment).toBeDefined();
    const key = kvKeys.blob(segment!.digest);
    expect((await store.engine().search({ query: `fresh${word(1)}ing` })).nbHits).toBe(1);
    const value = store.kv.data.get(key)!;
    for (const broken of [null, "{not json", '{"lexicon":{"terms":"a","heads":"1"}}']) {
      if (broken === null) store.kv.data.delete(key);
      else store.kv.data.set(key, broken);
      await expect(store.engine().search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
    }
    store.kv.data.set(key, value);
  });
});
