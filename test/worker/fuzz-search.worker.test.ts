/**
 * Bad input is a 4xx, every time: property-based requests (fast-check) over paths, query strings,
 * search bodies and MCP bodies, each answered without a 5xx and with a bounded body. A request that
 * runs away (a loop, a wait that never ends) fails the case at the test's timeout, not at a wall-time
 * bound that a busy machine would also cross. A failure prints the seed and the shrunk request, so a
 * case can be replayed.
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
