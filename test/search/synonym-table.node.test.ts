/**
 * The site's synonyms travel in the search root as the table a query looks them up in (folded at
 * build), so an isolate does not fold them on its first search.
 */
import { describe, expect, it } from "vitest";
import type { Synonym } from "../../common/search";
import { synonymTable } from "../../scripts/search/synonyms";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { records, SITE, word } from "../helpers/search-records";
import { wholeEngine } from "../helpers/stored-index";

// Page 3's title holds word(3) and word(1003); page 7's, word(7) and word(1007).
const SYNONYMS: Synonym[] = [
  { objectID: "greek", type: "synonym", synonyms: ["Ålpha Letters", word(3)] },
  { objectID: "one-way", type: "oneWaySynonym", input: "Seventh Pages", synonyms: [word(7)] },
];

const index = buildSearchIndex(records(40, 4), SITE, undefined, SYNONYMS);

describe("the synonym table in the search root", () => {
  it("holds every folded phrase's synonyms, as the worker would make them, and not the synonyms as given", () => {
    expect(index.meta).not.toHaveProperty("synonyms");
    expect(index.meta.synonymTable).toEqual(Object.fromEntries(synonymTable(SYNONYMS)));
    expect(index.meta.synonymTable).toEqual({
      "alpha letter": [[word(3)]],
      [word(3)]: [["alpha", "letter"]],
      "seventh page": [[word(7)]],
    });
  });

  it("finds a page by its synonyms: multi-way both ways, one-way only from its input", async () => {
    const engine = await wholeEngine(index);
    const first = async (query: string) => (await engine.search({ query })).hits[0]?.record.url;
    expect(await first("alpha letters")).toBe(`${SITE}/page-3`);
    expect(await first("seventh pages")).toBe(`${SITE}/page-7`);
    const fromWord = await engine.search({ query: word(7) });
    expect(fromWord.hits.some((h) => JSON.stringify(h.highlight).includes("seventh"))).toBe(false);
  });

  it("leaves the root without a table when the site has no synonyms", () => {
    const plain = buildSearchIndex(records(5, 2), SITE);
    expect(plain.meta).not.toHaveProperty("synonymTable");
  });
});
