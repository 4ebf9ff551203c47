/**
 * Bad input is a 4xx, every time (the contract and the inputs: fuzz-requests.ts).
 *
 * This file: search bodies and GET parameters (fuzz-requests.ts says why each group has its file).
 */
import fc from "fast-check";
import { beforeAll, describe, it, vi } from "vitest";
import { expectBounded, INDEX, queryString, RUNS, searchBody, send } from "./fuzz-requests";
import { seedFixture } from "./seed";

beforeAll(async () => {
  await seedFixture();
});

describe("no request answers 5xx, hangs or amplifies", () => {
  it("over search bodies and GET parameters, on every search endpoint", { timeout: 120_000 }, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(searchBody, queryString, async (body, q) => {
        const text = typeof body === "string" ? body : JSON.stringify(body);
        for (const answer of [
          await send("/1/indexes/*/queries", { method: "POST", body: text }),
          await send(`/1/indexes/${INDEX}/query`, { method: "POST", body: text }),
          await send(`/1/indexes/${INDEX}?${q}`),
        ])
          expectBounded(answer, text.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });
});
