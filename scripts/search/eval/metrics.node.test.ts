/** The evaluation's scores: ranks over distinct pages, success@k and MRR per kind, latency figures. */
import { describe, expect, it } from "vitest";
import { distinctPages, firstRank, latencyFigures, scoreByKind } from "./metrics";

describe("search evaluation scores", () => {
  it("ranks distinct pages, anchors and origin dropped", () => {
    const pages = distinctPages(["https://d.x/a#one", "https://d.x/a#two", "https://d.x/b", "https://d.x/c#x"]);
    expect(pages).toEqual(["/a", "/b", "/c"]);
    expect(firstRank(pages, ["/c", "/b"])).toBe(2);
    expect(firstRank(pages, ["/z"])).toBe(0);
  });

  it("scores success@1, success@10 and MRR per kind and overall", () => {
    const scores = scoreByKind([
      { kind: "typo", rank: 1 },
      { kind: "typo", rank: 0 },
      { kind: "question", rank: 2 },
      { kind: "question", rank: 11 },
    ]);
    expect(scores).toEqual([
      { kind: "typo", queries: 2, successAt1: 0.5, successAt10: 0.5, mrr: 0.5 },
      { kind: "question", queries: 2, successAt1: 0, successAt10: 0.5, mrr: (1 / 2 + 1 / 11) / 2 },
      { kind: "all", queries: 4, successAt1: 0.25, successAt10: 0.5, mrr: (1 + 1 / 2 + 1 / 11) / 4 },
    ]);
  });

  it("takes each query's median over runs, then the median and p95 across queries", () => {
    const samples = Array.from({ length: 20 }, (_, i) => [i + 1, 100, i + 1]);
    expect(latencyFigures(samples)).toEqual({ medianMs: 11, p95Ms: 19 });
  });
});
