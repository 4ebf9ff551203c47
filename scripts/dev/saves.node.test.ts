/**
 * Watcher events into saves, on a clock the test moves: a burst of events is one save once quiet;
 * a file caught between its truncation and its write waits for the write; scratch files are no saves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MID_WRITE_MS, QUIET_MS, SaveBatcher } from "./saves";

let empty: Set<string>;
let saves: { files: string[]; changed: string[] }[];
let batcher: SaveBatcher;

beforeEach(() => {
  vi.useFakeTimers();
  empty = new Set();
  saves = [];
  batcher = new SaveBatcher({
    isEmpty: (f) => empty.has(f),
    isSaved: (f) => /\.\w+$/.test(f),
    save: (files, changed) => saves.push({ files, changed }),
  });
});
afterEach(() => {
  batcher.stop();
  vi.useRealTimers();
});

describe("SaveBatcher", () => {
  it("hands on a burst of events as one save once they have been quiet", () => {
    batcher.saw("content/docs/b.mdx");
    vi.advanceTimersByTime(QUIET_MS - 1);
    batcher.saw("content/docs/a.mdx");
    batcher.saw("content/docs");
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saves).toEqual([
      {
        files: ["content/docs/a.mdx", "content/docs/b.mdx"],
        changed: ["content/docs", "content/docs/a.mdx", "content/docs/b.mdx"],
      },
    ]);
  });

  it("holds a file truncated well before its write until the write, then saves it once", () => {
    empty.add("content/docs/a.mdx");
    batcher.saw("content/docs/a.mdx");
    vi.advanceTimersByTime(200);
    expect(saves).toEqual([]);
    empty.delete("content/docs/a.mdx");
    batcher.saw("content/docs/a.mdx");
    vi.runAllTimers();
    expect(saves).toEqual([{ files: ["content/docs/a.mdx"], changed: ["content/docs/a.mdx"] }]);
  });

  it("saves a file left empty on purpose once it has waited for a write", () => {
    empty.add("content/docs/a.mdx");
    batcher.saw("content/docs/a.mdx");
    vi.advanceTimersByTime(MID_WRITE_MS);
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(QUIET_MS);
    expect(saves).toEqual([{ files: ["content/docs/a.mdx"], changed: ["content/docs/a.mdx"] }]);
  });

  it("ignores editors' scratch files, and names every path when no saved file is among them", () => {
    for (const f of [".a.mdx.swp", "4913", "a.mdx~", ".#a.mdx", "a.tmp"]) batcher.saw(`content/docs/${f}`);
    vi.runAllTimers();
    expect(saves).toEqual([]);
    batcher.saw("content/docs/gone");
    vi.runAllTimers();
    expect(saves).toEqual([{ files: ["content/docs/gone"], changed: ["content/docs/gone"] }]);
  });
});
