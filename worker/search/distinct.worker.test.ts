/**
 * Algolia's `distinct` over ranked hits (distinct.ts): at most `per` hits of one URL, the best
 * ranked standing for it; records read in rank order only as far as the page needs, and never
 * past MAX_EXAMINED.
 */
import { describe, expect, it } from "vitest";
import { distinctRanking, MAX_EXAMINED } from "./distinct";

/** Hits at positions 0… with these URLs, and a log of the positions each read asked for. */
function hits(urls: string[]) {
  const reads: number[][] = [];
  const order = (k: number) => urls.slice(0, k).map((_, i) => i);
  const read = async (positions: number[]) => {
    reads.push(positions);
    return positions.map((p) => ({ p, url: urls[p]! }));
  };
  return {
    reads,
    run: (needed: number, per = 1) => distinctRanking(order, urls.length, needed, per, read, (r) => r.url),
  };
}

describe("distinct hits", () => {
  it("keeps the best-ranked hit of each URL, in rank order, and counts the others out", async () => {
    const { run } = hits(["a#x", "a#x", "b", "a#y", "b", "a#x", "c"]);
    const d = await run(20);
    expect(d.kept).toEqual([0, 2, 3, 6]);
    expect(d.kept.map((p) => d.records.get(p))).toEqual([
      { p: 0, url: "a#x" },
      { p: 2, url: "b" },
      { p: 3, url: "a#y" },
      { p: 6, url: "c" },
    ]);
    expect(d).toMatchObject({ dropped: 3, complete: true, distinctCount: 4 });
  });

  it("keeps up to `per` hits of a URL", async () => {
    const { run } = hits(["a", "a", "a", "b", "a", "b", "b"]);
    expect((await run(20, 2)).kept).toEqual([0, 1, 3, 5]);
  });

  it("reads what the page needs, then more only while it is not full", async () => {
    const urls = Array.from({ length: 100 }, (_, i) => (i < 6 ? "same" : `u${i}`));
    const { reads, run } = hits(urls);
    const d = await run(5);
    expect(d.kept).toEqual([0, 6, 7, 8, 9]);
    // 5 read, 4 missing: 8 more (twice what is missing), of which the page takes 4.
    expect(reads).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9, 10, 11, 12],
    ]);
    expect(d).toMatchObject({ complete: false, dropped: 5, distinctCount: 8 });
  });

  it("reads no record for a page of no hits, and stops at MAX_EXAMINED when one URL floods the hits", async () => {
    const none = hits(["a", "b"]);
    expect(await none.run(0)).toMatchObject({ kept: [], complete: false });
    expect(none.reads).toEqual([]);
    const flood = hits([...Array.from({ length: MAX_EXAMINED + 50 }, () => "same"), "other"]);
    const d = await flood.run(20);
    expect(d.kept).toEqual([0]);
    expect(flood.reads.flat()).toHaveLength(MAX_EXAMINED);
    expect(d).toMatchObject({ complete: false, dropped: MAX_EXAMINED - 1 });
  });
});
