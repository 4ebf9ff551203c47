/**
 * The search warm-up the worker runs as an isolate starts (worker/search/warm-up.ts), run in workerd:
 * every query finds hits (so each takes the path it is there to compile), and it leaves the
 * isolate's shared piece cache as it found it.
 */
import { describe, expect, it } from "vitest";
import { sharedPieceCache } from "../../worker/search/pieces";
import { warmUpSearch } from "../../worker/search/warm-up";

describe("search warm-up", () => {
  it("finds hits for every query without touching the shared piece cache", async () => {
    const before = sharedPieceCache.size;
    const counts = await warmUpSearch();
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (const n of counts) expect(n).toBeGreaterThan(0);
    expect(sharedPieceCache.size).toEqual(before);
  });
});
