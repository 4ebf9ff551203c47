/**
 * How a query's matching records are kept (worker/search/scoring.ts): one position per record
 * however many terms match it, scores added, terms gathered; OR and AND combine as MiniSearch's do;
 * and ids of any size an index holds (an index built before ids were kept under 2^30 has ids past 2^32).
 */
import { describe, expect, it } from "vitest";
import type { Postings } from "../../common/search-pieces";
import { evaluate, Matches, termsOf, type TermSource } from "../../worker/search/scoring";

/** A term source over fixed postings (impacts are scores × 1000). */
function source(postings: Record<string, [id: number, score: number][]>): TermSource {
  return {
    fields: ["title", "content"],
    postings: (term) => {
      const list = postings[term];
      if (!list) return undefined;
      const a = list.flatMap(([id, score]) => [id, score * 1000]);
      return { a, h: [], n: list.length } as Postings;
    },
    withPrefix: () => [],
    near: () => [],
  };
}

const scoreOf = (m: Matches, id: number) => m.scores[m.position(id)]!;
const termsAt = (m: Matches, id: number) => termsOf(m.terms[m.position(id)]!);

describe("the matches of a query", () => {
  it("keeps one position per record, in the order first matched, for tens of thousands of ids of any size", () => {
    const m = new Matches();
    const ids = Array.from({ length: 30_000 }, (_, i) => (i % 2 ? i * 40_961 : 2 ** 32 + i * 7));
    ids.forEach((id) => m.add(id, 1, "a", "a"));
    ids.forEach((id) => m.add(id, 2, "b", "b"));
    expect(m.size).toBe(ids.length);
    ids.forEach((id, k) => expect(m.position(id)).toBe(k));
    expect(Array.from(m.ids.subarray(0, m.size))).toEqual(ids);
    expect(scoreOf(m, ids[123]!)).toBe(3);
    expect(termsAt(m, ids[123]!)).toEqual(["a", "b"]);
    expect(m.position(5)).toBe(-1);
  });

  it("adds the scores of every term a record matches, under OR, keeping the first list's order", () => {
    const src = source({
      alpha: [
        [10, 1],
        [20, 2],
      ],
      beta: [
        [30, 4],
        [10, 8],
      ],
    });
    const m = evaluate(src, "alpha beta", { combineWith: "OR", maxFuzzy: 2 });
    expect(Array.from(m.ids.subarray(0, m.size))).toEqual([10, 20, 30]);
    expect(scoreOf(m, 10)).toBeCloseTo(9);
    expect(termsAt(m, 10)).toEqual(["alpha", "beta"]);
    expect(termsAt(m, 30)).toEqual(["beta"]);
  });

  it("keeps under AND only the records every term matches, in the last list's order", () => {
    const src = source({
      alpha: [
        [10, 1],
        [20, 2],
        [40, 1],
      ],
      beta: [
        [40, 4],
        [30, 4],
        [10, 8],
      ],
    });
    const m = evaluate(src, "alpha beta", { combineWith: "AND", maxFuzzy: 2 });
    expect(Array.from(m.ids.subarray(0, m.size))).toEqual([40, 10]);
    expect(scoreOf(m, 40)).toBeCloseTo(5);
    expect(termsAt(m, 40)).toEqual(["alpha", "beta"]);
    expect(evaluate(src, "alpha gamma", { combineWith: "AND", maxFuzzy: 2 }).size).toBe(0);
  });
});
