/**
 * Bad input is a 4xx, every time: property-based requests (fast-check) over paths, query strings,
 * search bodies and MCP bodies, each answered without a 5xx and with a bounded body. A request that
 * runs away (a loop, a wait that never ends) fails the case at the test's timeout, not at a wall-time
 * bound that a busy machine would also cross. A failure prints the seed and the shrunk request, so a
 * case can be replayed.
 *
 * This file: MCP bodies (fuzz-requests.ts says why each group has its file).
 */
import fc from "fast-check";
import { beforeAll, describe, it, vi } from "vitest";
import { expectBounded, mcpBody, RUNS, send } from "./fuzz-requests";
import { seedFixture } from "./seed";

beforeAll(async () => {
  await seedFixture();
});

describe("no request answers 5xx, hangs or amplifies", () => {
  it("over MCP bodies", { timeout: 120_000 }, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(mcpBody, async (body) => {
        const answer = await send("/mcp", {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        });
        expectBounded(answer, body.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });
});
