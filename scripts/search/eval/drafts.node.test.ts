/** Draft judged queries from the signals: misses and unopened queries not yet judged, a reformulation's page as the target. */
import { describe, expect, it } from "vitest";
import { draftQueries, kindOf } from "./drafts";

const report = {
  since: "2026-06-02",
  until: "2026-07-01",
  zeroResultQueries: [
    { query: "gas staton", version: "current", zeroHits: 3, searches: 3, sources: ["modal"] },
    { query: "faucet", version: "current", zeroHits: 1, searches: 9, sources: ["api"] },
    { query: "how do i stake move", version: "current", zeroHits: 2, searches: 2, sources: ["agent", "page"] },
  ],
  unopenedQueries: [{ query: "validator rewards", version: "current", searches: 4, hits: 12 }],
  pairs: [{ miss: "gas staton", found: "gas fee", version: "current", count: 2 }],
};

describe("draftQueries", () => {
  it("drafts what is not judged yet, with the reformulation's page as its target", async () => {
    const asked: string[] = [];
    const drafts = await draftQueries(report, [{ kind: "keyword", query: "Faucet", targets: ["/f"] }], async (q) => {
      asked.push(q);
      return q === "gas fee" ? "/devs/gas" : null;
    });
    expect(asked).toEqual(["gas fee"]);
    expect(drafts).toEqual([
      {
        kind: "keyword",
        query: "gas staton",
        targets: ["/devs/gas"],
        evidence:
          '3 searches with no result (modal), 2026-06-02 to 2026-07-01; readers then searched "gas fee" and opened a result, which leads to /devs/gas',
      },
      {
        kind: "question",
        query: "how do i stake move",
        targets: [],
        evidence: "2 searches with no result (agent, page), 2026-06-02 to 2026-07-01",
      },
      {
        kind: "keyword",
        query: "validator rewards",
        targets: [],
        evidence: "4 searches with 12 results, none opened, 2026-06-02 to 2026-07-01",
      },
    ]);
  });
});

it("guesses a draft's kind for the author to confirm", () => {
  expect(kindOf("what is the chain id?")).toBe("question");
  expect(kindOf("0x1::coin::transfer")).toBe("identifier");
  expect(kindOf("get_account")).toBe("identifier");
  expect(kindOf("bridge fees")).toBe("keyword");
});
