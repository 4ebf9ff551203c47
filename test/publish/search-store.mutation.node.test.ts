/**
 * The checks a run of releases makes (test/helpers/release-rounds.ts) catch the faults they guard
 * against: with a merge that drops the older segment's entries, or a query that ignores a segment,
 * the same run of releases fails.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Segments from "../../scripts/publish/search-store/segments";
import type * as StoredIndexModule from "../../worker/search/stored-index";

const SEGMENTS = "../../scripts/publish/search-store/segments";
const STORED_INDEX = "../../worker/search/stored-index";

afterEach(() => {
  vi.doUnmock(SEGMENTS);
  vi.doUnmock(STORED_INDEX);
  vi.resetModules();
});

/** The run of releases, with the modules as mocked now. */
async function releases(): Promise<void> {
  vi.resetModules();
  const { releaseRounds } = await import("../helpers/release-rounds");
  await releaseRounds(6);
}

describe("the checks of a run of releases", () => {
  it("pass as the code is", async () => {
    await expect(releases()).resolves.toBeUndefined();
  }, 60_000);

  it("fail when a merge drops the older segment's entries", async () => {
    vi.doMock(SEGMENTS, async (original) => {
      const real = await original<typeof Segments>();
      return { ...real, merged: (_older: never, newer: Parameters<typeof real.merged>[1]) => newer };
    });
    await expect(releases()).rejects.toThrow(/^release \d+: .* to deeply equal/);
  }, 60_000);

  it("fail when a query ignores a segment", async () => {
    vi.doMock(STORED_INDEX, async (original) => {
      const real = await original<typeof StoredIndexModule>();
      class IgnoringTheOldest extends real.StoredIndex {
        override async segments() {
          return (await super.segments()).slice(1);
        }
      }
      return { ...real, StoredIndex: IgnoringTheOldest };
    });
    await expect(releases()).rejects.toThrow(/^release \d+: .* to deeply equal/);
  }, 60_000);
});
