/**
 * Term shards as a query reads them (worker/search/shards.ts): a term's postings found in the
 * shard's stored text give what parsing the whole shard gives, for every term of real shards and
 * for terms that look like the postings' own keys; corrupt text fails as unavailable.
 */
import { describe, expect, it } from "vitest";
import { termShardText, type Postings, type TermShard } from "../../common/search-pieces";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { PieceUnavailable } from "../../worker/search/pieces";
import { TERM_SHARDS } from "../../worker/search/shards";
import { records, SITE } from "../helpers/search-records";

const index = buildSearchIndex(records(200, 8), SITE);
const shardTexts = index.refs.shards.map((r) => index.pieces.get(r.digest)!);

/** A shard with terms named like the postings' keys, a prefix of another term, and accents. */
const AWKWARD: TermShard = {
  ["__proto__"]: { a: [9, 9], n: 1 },
  a: { a: [1, 500, 2, 400], h: [1, 900], n: 2 },
  build: { a: [3, 100], n: 1 },
  building: { a: [4, 100], n: 1 },
  fäucet: { a: [5, 100], n: 1 },
  h: { a: [6, 100], n: 1 },
  n: { a: [7, 100], n: 1 },
};
const awkwardText = `{${Object.entries(AWKWARD)
  .map(([t, p]) => `${JSON.stringify(t)}:${JSON.stringify(p)}`)
  .join(",")}}`;

describe("a term shard read from its text", () => {
  it("gives each term's postings as parsing the whole shard does", () => {
    expect(shardTexts.length).toBeGreaterThan(3);
    for (const text of shardTexts) {
      const whole = JSON.parse(text) as TermShard;
      const view = TERM_SHARDS.fromText(text);
      for (const term of Object.keys(whole)) expect(view.postings(term), term).toEqual(whole[term]);
      expect(view.postings("zzzznotaterm")).toBeUndefined();
    }
  });

  it("finds terms named like the postings' keys, terms that start another, and accented ones", () => {
    const whole = JSON.parse(awkwardText) as TermShard;
    expect(Object.keys(whole)).toContain("__proto__");
    const view = TERM_SHARDS.fromText(awkwardText);
    for (const term of Object.keys(whole)) expect(view.postings(term), term).toEqual(whole[term]);
    expect(view.postings("buil")).toBeUndefined();
    expect(view.postings("d")).toBeUndefined();
  });

  it("is stored as JSON.stringify writes the object of its terms, array-index terms first", () => {
    for (const text of shardTexts) expect(JSON.stringify(JSON.parse(text))).toBe(text);
    const terms = ["007", "10", "4294967294", "4294967295", "9", "__proto__", "a", 'say"hi\\', "fäucet", "n"];
    const run = terms.map((t, i): [string, Postings] => [
      t,
      { a: [i, 100 + i], ...(i % 2 ? { h: [i, 7] } : {}), n: i + 1 },
    ]);
    expect(termShardText(run)).toBe(JSON.stringify(Object.fromEntries(run)));
    expect(Object.keys(JSON.parse(termShardText(run)) as TermShard).slice(0, 3)).toEqual(["9", "10", "4294967294"]);
  });

  it("fails as unavailable on text that is not a shard, or a term's corrupt postings", () => {
    expect(() => TERM_SHARDS.fromText("{not json")).toThrow();
    expect(() => TERM_SHARDS.fromText("42")).toThrow();
    const corrupt = TERM_SHARDS.fromText(awkwardText.replace('"build":{"a":[3,100]', '"build":{"a":[3,,100]'));
    expect(() => corrupt.postings("build")).toThrow(PieceUnavailable);
    expect(corrupt.postings("building")).toEqual(AWKWARD.building);
  });
});
