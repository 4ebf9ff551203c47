/**
 * Bad input is a 4xx, every time (the contract and the inputs: fuzz-requests.ts).
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
