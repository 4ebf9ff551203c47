/** The modal's live region: a count and the query it answers, nothing for an empty box. */
import { describe, expect, it } from "vitest";
import { answerStatus } from "./answer-status";

describe("answerStatus", () => {
  it("names the count and the query, in the singular for one result", () => {
    expect(answerStatus({ query: "faucet", hits: 12 })).toBe("12 results for “faucet”");
    expect(answerStatus({ query: "zeta", hits: 1 })).toBe("1 result for “zeta”");
  });

  it("says there are none for a miss", () => {
    expect(answerStatus({ query: "gas staton", hits: 0 })).toBe("No results for “gas staton”");
  });

  it("says nothing for an empty box or no answer yet", () => {
    expect(answerStatus({ query: "  ", hits: 0 })).toBe("");
    expect(answerStatus(null)).toBe("");
  });
});
