/**
 * npm run bench:d1's database (scripts/bench/d1-fts5): records loaded into D1 with FTS5 on local
 * workerd are found by a word, best match first, with the number of matches; a page's records
 * replaced (a one-page publish) leave no trace of the old text; D1 reports the rows written.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post, rowsOf, search, startD1Worker, type D1Worker } from "../../scripts/bench/d1-fts5/database";
import { records, SITE, word } from "../helpers/search-records";

const site = records(40, 6);
let dir: string;
let worker: D1Worker;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "d1-fts5-test-"));
  worker = await startD1Worker(dir);
});
afterAll(async () => {
  await worker?.mf.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("the D1 + FTS5 database of bench:d1", () => {
  it("finds records by a word, a page's title first, counts the matches, and replaces one page's records", async () => {
    const loaded = await post(worker, "/load", rowsOf(site, 1));
    // Each record is a row of the records table and a row of the FTS5 table, at least.
    expect(loaded.rowsWritten).toBeGreaterThanOrEqual(2 * site.length);

    const titleWord = site[0]!.hierarchy.lvl1.split(" ")[1]!;
    const found = await search(worker, titleWord);
    expect(found.hits[0]!.objectID).toBe(site[0]!.objectID);
    // The word is read as typed and as a prefix, as the embedded index reads a last word; a page's
    // title is every record's parent heading.
    const words = (r: (typeof site)[number]) => `${r.hierarchy.lvl1} ${r.content ?? ""}`.split(" ");
    const holding = site.filter((r) => words(r).some((w) => w.toLowerCase().startsWith(titleWord.toLowerCase())));
    expect(found.nbHits).toBe(holding.length);
    expect(holding.length).toBeGreaterThan(1);

    const page = `${SITE}/page-7`;
    const first = site.findIndex((r) => r.url_without_anchor === page);
    const pageRecords = site.filter((r) => r.url_without_anchor === page);
    const edited = pageRecords.map((r, i) => (i === 2 ? { ...r, content: `zuzuka ${word(9999)}` } : r));
    const replaced = await post(worker, "/replace", { page, rows: rowsOf(edited, first + 1) });
    expect(replaced.rowsWritten).toBeGreaterThan(0);
    expect((await search(worker, "zuzuka")).hits.map((h) => h.objectID)).toEqual([pageRecords[2]!.objectID]);
    const oldWord = pageRecords[2]!.content!.split(" ")[0]!;
    const before = site.filter((r) => words(r).some((w) => w.startsWith(oldWord))).length;
    const after = await search(worker, oldWord);
    expect(after.hits.map((h) => h.objectID)).not.toContain(pageRecords[2]!.objectID);
    expect(after.nbHits).toBe(before - 1);
  }, 60_000);
});
