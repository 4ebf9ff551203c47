/**
 * The search stage with a state file in the build cache: the first build makes the index whole and
 * keeps its state, the next updates it (and says so), and a damaged file only costs a whole build.
 * Each gives the index a build without a cache gives.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { SearchRecord } from "../../../common/search";
import { records, SITE } from "../../../test/helpers/search-records";
import { blobDigest } from "../blobs";
import type { KeptPage } from "../page-pass";
import { searchIndex } from "./search-index";

const dir = mkdtempSync(path.join(tmpdir(), "search-stage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pages as the pages stage keeps them; the search stage reads their routes and records. */
function pagesOf(all: SearchRecord[]): KeptPage[] {
  const byRoute = new Map<string, SearchRecord[]>();
  for (const r of all) {
    const route = r.url_without_anchor.slice(SITE.length);
    byRoute.set(route, [...(byRoute.get(route) ?? []), r]);
  }
  return [...byRoute].map(
    ([route, list]) =>
      ({ route, records: list, recordsDigest: blobDigest(JSON.stringify(list)) }) as unknown as KeptPage,
  );
}

it("keeps the index's state, updates from it, and makes the index whole when the file is damaged", () => {
  const file = path.join(dir, "search-state", "current.bin");
  const site = records(120, 6);
  const first = searchIndex(pagesOf(site), SITE, [], undefined, file);
  expect(first.updated).toBe(false);

  const edited = site.map((r) => (r.objectID === "7-2" ? { ...r, content: `${r.content} quokka` } : r));
  const second = searchIndex(pagesOf(edited), SITE, [], undefined, file);
  const whole = searchIndex(pagesOf(edited), SITE, []);
  expect(second.updated).toBe(true);
  expect(second.index.refs).toEqual(whole.index.refs);
  expect(new Map(second.index.pieces)).toEqual(whole.index.pieces);

  writeFileSync(file, "not a state");
  const third = searchIndex(pagesOf(edited), SITE, [], undefined, file);
  expect(third.updated).toBe(false);
  expect(third.index.refs).toEqual(whole.index.refs);
  expect(searchIndex(pagesOf(edited), SITE, [], undefined, file).updated).toBe(true);
});

it("takes a page's records as unchanged by their digest, so a stale digest would keep stale entries", () => {
  const file = path.join(dir, "search-state", "digests.bin");
  const site = records(120, 6);
  const before = pagesOf(site);
  searchIndex(before, SITE, [], undefined, file);
  const edited = pagesOf(site.map((r) => (r.objectID === "9-1" ? { ...r, content: `${r.content} wombat` } : r)));
  const whole = searchIndex(edited, SITE, []).index;
  // Planted: page 9 keeps the digest its records had before the edit.
  const stale = edited.map((p, i) => (p.route === "/page-9" ? { ...p, recordsDigest: before[i]!.recordsDigest } : p));
  const planted = searchIndex(stale, SITE, [], undefined, file);
  expect(planted.updated).toBe(true);
  expect(planted.index.refs).not.toEqual(whole.refs);
  const honest = searchIndex(edited, SITE, [], undefined, file);
  expect(honest.index.refs).toEqual(whole.refs);
});
