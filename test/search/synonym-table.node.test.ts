/**
 * The site's synonyms travel in the search root as the table a query looks them up in (folded at
 * build), so an isolate does not fold them on its first search; a root written before, which holds
 * the synonyms as the site gave them, still answers the same.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import { synonymTable, type Synonym } from "../../client/contracts/search";
import type { SearchRoot } from "../../client/contracts/search-index";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader } from "../../worker/search/pieces";
import { expectSameAnswers } from "../helpers/same-answers";
import { records, SITE, word } from "../helpers/search-records";

// Page 3's title holds word(3) and word(1003); page 7's, word(7) and word(1007).
const SYNONYMS: Synonym[] = [
  { objectID: "greek", type: "synonym", synonyms: ["Ålpha Letters", word(3)] },
  { objectID: "one-way", type: "oneWaySynonym", input: "Seventh Pages", synonyms: [word(7)] },
];

const index = buildSearchIndex(records(40, 4), SITE, undefined, SYNONYMS);
const pieces = new Map([...index.pieces].map(([digest, value]) => [kvKeys.blob(digest), value]));
const kv = { get: async (key: string) => pieces.get(key) ?? null };
const engineFor = (root: SearchRoot) => new SearchEngine(root, new PieceLoader(kv, new PieceCache(1 << 26)));

/** The same index as a root written before the table: the synonyms as given. */
function olderRoot(): SearchRoot {
  const { synonymTable: _table, ...rest } = index.root;
  return { ...rest, synonyms: SYNONYMS };
}

const QUERIES = ["alpha letters", "alpha letter", word(3), "seventh pages", "seventh page", word(7), "pages"];

describe("the synonym table in the search root", () => {
  it("holds every folded phrase's synonyms, as the worker would make them, and not the synonyms as given", () => {
    expect(index.root.synonyms).toBeUndefined();
    expect(index.root.synonymTable).toEqual(Object.fromEntries(synonymTable(SYNONYMS)));
    expect(index.root.synonymTable).toEqual({
      "alpha letter": [[word(3)]],
      [word(3)]: [["alpha", "letter"]],
      "seventh page": [[word(7)]],
    });
  });

  it("finds a page by its synonyms: multi-way both ways, one-way only from its input", async () => {
    const engine = engineFor(index.root);
    const first = async (query: string) => (await engine.search({ query })).hits[0]?.record.url;
    expect(await first("alpha letters")).toBe(`${SITE}/page-3`);
    expect(await first("seventh pages")).toBe(`${SITE}/page-7`);
    const fromWord = await engine.search({ query: word(7) });
    expect(fromWord.hits.some((h) => JSON.stringify(h.highlight).includes("seventh"))).toBe(false);
  });

  it("answers every query as a root written before the table (synonyms only) does", async () => {
    await expectSameAnswers(engineFor(index.root), engineFor(olderRoot()), QUERIES);
  });

  it("leaves the root without a table when the site has no synonyms", () => {
    const plain = buildSearchIndex(records(5, 2), SITE);
    expect(plain.root).not.toHaveProperty("synonymTable");
    expect(plain.root).not.toHaveProperty("synonyms");
  });
});
