/** Two search engines over the same index, told apart only by how it is stored or read. */
import { expect } from "vitest";
import type { SearchEngine } from "../../worker/search/engine";

/** Each query finds something in `a`, and `b` finds the same hits, in order, with the same scores and count. */
export async function expectSameAnswers(a: SearchEngine, b: SearchEngine, queries: string[]): Promise<void> {
  for (const query of queries) {
    const [x, y] = [await a.search({ query }), await b.search({ query })];
    expect(x.nbHits, query).toBeGreaterThan(0);
    expect(
      x.hits.map((h) => [h.record.objectID, h.score]),
      query,
    ).toEqual(y.hits.map((h) => [h.record.objectID, h.score]));
    expect(x.nbHits, query).toBe(y.nbHits);
  }
}
