/**
 * An index updated from a kept state is the index a full build makes of the same records, piece
 * for piece, for every kind of change a release brings: text edited, a page added, removed or
 * retitled, releases in a row, a change that moves the rounded statistics, a word on more records
 * than a postings list keeps. A state that is damaged, of another format or of another site is not
 * used. A planted stale entry makes the comparison fail, so it can.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SearchRecord } from "../../common/search";
import { POSTINGS_CAP } from "../../common/search-index";
import { records as synthetic, SITE, word } from "../../test/helpers/search-records";
import { buildSearchIndexKept, type SearchIndexBuild } from "./build-index";
import type { Postings } from "../../common/search-pieces";
import { readState, slotOf, writeState, type IndexState } from "./index-state";
import { PostingsScorer } from "./postings";
import { updateSearchIndex } from "./update-index";

const dir = mkdtempSync(path.join(tmpdir(), "index-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * 400 pages of 12 records; every text record also holds "common", so its list is cut at the cap,
 * and the state keeps its part (more than PART_ENTRIES entries).
 */
function site(): SearchRecord[] {
  return synthetic(400, 11).map((r) => (r.content ? { ...r, content: `${r.content} common` } : r));
}
const pageOf = (n: number) => `${SITE}/page-${n}`;

function kept(records: SearchRecord[]): IndexState {
  return buildSearchIndexKept(records, SITE, [], { keep: true }).state!;
}

/** Every piece of `full` has the same text in `updated`, which has no other. */
function expectSame(updated: SearchIndexBuild, full: SearchIndexBuild): void {
  expect(updated.meta).toEqual(full.meta);
  expect(updated.browse).toEqual(full.browse);
  expect(updated.refs).toEqual(full.refs);
  expect(new Map(updated.pieces)).toEqual(full.pieces);
}

/** Updates `state` to `records`, checks it against a full build, and returns the next state. */
function step(state: IndexState, records: SearchRecord[]): IndexState {
  const updated = updateSearchIndex(records, SITE, [], state);
  expect(updated).not.toBeNull();
  const full = buildSearchIndexKept(records, SITE, []).index;
  expectSame(updated!.index, full);
  return updated!.state;
}

const editText = (records: SearchRecord[], page: number, text: string) => {
  let done = false;
  return records.map((r) => {
    if (done || r.url_without_anchor !== pageOf(page) || r.type !== "content") return r;
    done = true;
    return { ...r, content: `${r.content} ${text}` };
  });
};
const without = (records: SearchRecord[], page: number) => records.filter((r) => r.url_without_anchor !== pageOf(page));
const copyOf = (records: SearchRecord[], page: number, as: string) =>
  records
    .filter((r) => r.url_without_anchor === pageOf(page))
    .map((r) => ({ ...r, url_without_anchor: `${SITE}/${as}`, url: `${SITE}/${as}`, objectID: `${as}-${r.objectID}` }));

describe("updating the search index from a kept state", () => {
  const base = site();

  it("gives the full build's index when a page's text changes, with a new word and common ones", () => {
    step(kept(base), editText(base, 17, `fresh${word(7)}ing common ${word(5)} ${word(40)}`));
  });

  it("gives the full build's index when a page is added, removed or retitled", () => {
    let records = [...base, ...copyOf(base, 40, "added-page")];
    let state = step(kept(base), records);
    records = without(records, 120);
    state = step(state, records);
    records = records.map((r) =>
      r.url_without_anchor === pageOf(200) ? { ...r, hierarchy: { ...r.hierarchy, lvl1: "Renamed Qwerty" } } : r,
    );
    step(state, records);
  });

  it("gives the full build's index over releases in a row, each from the state the last one kept", () => {
    let records = base;
    let state = kept(base);
    for (let n = 1; n <= 6; n++) {
      records = editText(records, (n * 37) % 400, `release${word(n)} common ${word(n * 3)}`);
      if (n % 3 === 0) records = without(records, (n * 53) % 400);
      state = step(state, records);
    }
  });

  it("keeps a capped list right when a page in it, or one below its cut, goes or changes", () => {
    const state = kept(base);
    const part = state.parts.get(state.terms.indexOf("common"));
    expect(part).toBeDefined();
    const listed = (JSON.parse(`{${part}}`) as Record<string, Postings>).common!;
    expect(listed.n).toBeGreaterThan(POSTINGS_CAP);
    expect(listed.a).toHaveLength(2 * POSTINGS_CAP);
    const inList = new Set(listed.a.filter((_, k) => k % 2 === 0).map(slotOf));
    const pages = [...state.pages].map(([url, p]) => ({
      n: Number(url.split("-").at(-1)),
      listed: inList.has(p.slot),
    }));
    const leader = pages.find((p) => p.listed)!.n;
    const below = pages.find((p) => !p.listed)!.n;
    for (const page of [leader, below]) {
      step(kept(base), without(base, page));
      step(kept(base), editText(base, page, "common common"));
    }
  });

  it("scores every term again when the change moves the rounded statistics", () => {
    // 400 pages of 12 records: 4,800 records; 15 more pages make 4,980, rounded to 5,000.
    const more = Array.from({ length: 15 }, (_, i) => copyOf(base, i, `more-${i}`)).flat();
    const records = [...base, ...more];
    expect(kept(records).statistics.documentCount).not.toBe(kept(base).statistics.documentCount);
    step(kept(base), records);
  });

  it("makes the index whole (returns null) for another site, synonyms, or most pages changed", () => {
    const state = kept(base);
    expect(updateSearchIndex(base, "https://other.example.test", [], state)).toBeNull();
    expect(updateSearchIndex(base, SITE, [{ objectID: "s", type: "synonym", synonyms: ["a", "b"] }], state)).toBeNull();
    expect(updateSearchIndex(base.slice(0, base.length / 2), SITE, [], state)).toBeNull();
  });

  it("writes a kept shard's text again only when asked, and then the text its digest names", () => {
    const records = editText(base, 3, "zebrafish");
    const updated = updateSearchIndex(records, SITE, [], kept(base))!;
    const full = buildSearchIndexKept(records, SITE, []).index;
    const made = [...full.pieces.keys()].filter((d) => Map.prototype.has.call(updated.index.pieces, d));
    expect(made.length).toBeLessThan(full.pieces.size);
    expect(updated.index.pieces.size).toBe(full.pieces.size);
    for (const [digest, text] of full.pieces) expect(updated.index.pieces.get(digest)).toBe(text);
  });

  it("is caught by the comparison when the state holds a stale page", () => {
    const records = editText(base, 9, "stalewordzz");
    const state = kept(base);
    // Planted: the state claims page 9 already is as the new records have it.
    const fresh = kept(records);
    state.pages.set(pageOf(9), fresh.pages.get(pageOf(9))!);
    const updated = updateSearchIndex(records, SITE, [], state)!;
    const full = buildSearchIndexKept(records, SITE, []).index;
    expect(() => expectSame(updated.index, full)).toThrow();
  });
});

describe("the kept state on disk", () => {
  const base = site();

  it("reads back what was written, and updates from it as from the one in memory", () => {
    const file = path.join(dir, "current.bin");
    writeState(file, kept(base));
    const read = readState(file);
    expect(read).not.toBeNull();
    step(read!, editText(base, 5, "ondisk"));
  });

  it("is not used when damaged, cut short or of another format", () => {
    const file = path.join(dir, "damaged.bin");
    writeState(file, kept(base));
    const bytes = readFileSync(file);
    const plain = brotliDecompressSync(bytes);
    const rewrite = (text: Buffer) => writeFileSync(file, brotliCompressSync(text));
    writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    expect(readState(file)).toBeNull();
    rewrite(plain.subarray(0, plain.length - 40));
    expect(readState(file)).toBeNull();
    rewrite(Buffer.concat([plain, Buffer.from([1])]));
    expect(readState(file)).toBeNull();
    rewrite(Buffer.from(plain.toString("latin1").replace('"format":3', '"format":2'), "latin1"));
    expect(readState(file)).toBeNull();
    rewrite(plain);
    expect(readState(file)).not.toBeNull();
    expect(readState(path.join(dir, "missing.bin"))).toBeNull();
  });
});

describe("merging two postings lists", () => {
  it("orders by impact, then by id, and cuts at the cap", () => {
    expect(PostingsScorer.merged([5, 90, 7, 40], [6, 90, 2, 40, 3, 10])).toEqual([5, 90, 6, 90, 2, 40, 7, 40, 3, 10]);
    const long = Array.from({ length: POSTINGS_CAP }, (_, i) => [i, 2000 - i]).flat();
    expect(PostingsScorer.merged(long, [99999, 5000])).toHaveLength(2 * POSTINGS_CAP);
    expect(PostingsScorer.merged(long, [99999, 5000]).slice(0, 2)).toEqual([99999, 5000]);
  });
});
