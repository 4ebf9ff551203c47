/**
 * The build's term statistics are MiniSearch's own: over the real site's search records, every
 * term's counts per record and field, every field length and the average field lengths equal
 * what MiniSearch (the library, configured as the worker configures it) holds after adding them.
 */
import path from "node:path";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { indexedDocument, miniSearchOptions } from "../../common/search";
import { buildSite, defaultCacheDir } from "../../scripts/build/build";
import { termStatistics } from "../../scripts/search/term-statistics";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Serialised = {
  index: [string, Record<string, Record<string, number>>][];
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
};

describe("termStatistics", () => {
  it("equals MiniSearch's statistics over the real site's records", { timeout: 120_000 }, async () => {
    const { records } = (await buildSite({ root: ROOT, cacheDir: defaultCacheDir() })).search;
    expect(records.length).toBeGreaterThan(1000);
    const mini = new MiniSearch(miniSearchOptions);
    mini.addAll(records.map(indexedDocument));
    const theirs = mini.toJSON() as unknown as Serialised;
    const ours = termStatistics(records);

    expect(ours.fields).toEqual(Object.keys(theirs.fieldIds).sort((a, b) => theirs.fieldIds[a]! - theirs.fieldIds[b]!));
    expect(ours.averageFieldLength).toEqual(theirs.averageFieldLength);
    const width = ours.fields.length;
    records.forEach((_, id) =>
      ours.fields.forEach((_, f) => expect(ours.fieldLength[id * width + f]).toBe(theirs.fieldLength[id]![f] ?? 0)),
    );

    // The index as term → field → record → count, built from our flat lists.
    const index = new Map<string, Record<string, Record<string, number>>>();
    for (const [term, entries] of ours.terms) {
      const byField: Record<string, Record<string, number>> = {};
      for (let k = 0; k < entries.length; k += 2) {
        const f = entries[k]! % width;
        const id = (entries[k]! - f) / width;
        (byField[f] ??= {})[id] = entries[k + 1]!;
      }
      index.set(term, byField);
    }
    expect(index.size).toBe(theirs.index.length);
    for (const [term, byField] of theirs.index) expect(index.get(term), term).toEqual(byField);
  });
});
