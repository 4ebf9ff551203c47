/**
 * Bad input is a 4xx, every time (the contract and the inputs: fuzz-requests.ts).
 *
 * This file: paths and query strings; search bodies and MCP bodies have files of their own
 * (fuzz-requests.ts says why).
 */
import fc from "fast-check";
import { beforeAll, describe, it, vi } from "vitest";
import { expectBounded, path, queryString, RUNS, send } from "./fuzz-requests";
import { seedFixture } from "./seed";

beforeAll(async () => {
  await seedFixture();
});

describe("no request answers 5xx, hangs or amplifies", () => {
  it("over paths, with GET and HEAD", { timeout: 120_000 }, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom("GET", "HEAD"), async (p, method) =>
        expectBounded(await send(p, { method }), `${method} ${p}`),
      ),
      { numRuns: RUNS },
    );
  });

  it("over query strings, on pages and on the search page", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/learn/Basics/alpha", "/search", "/", "/sitemap.xml"),
        queryString,
        async (p, q) => expectBounded(await send(`${p}?${q}`), `${p}?${q}`),
      ),
      { numRuns: RUNS },
    );
  });
});
