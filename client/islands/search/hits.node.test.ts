/** How the modal groups hits and where they lead. */
import type { DocSearchHit } from "@docsearch/react";
import { describe, expect, it } from "vitest";
import { searchResultUrlProcessor } from "../../../common/search-url";
import { groupTitle, regroupByPage, searchPageHref, withProcessedUrls } from "./hits";

const hierarchy = {
  lvl0: "Learn",
  lvl1: "Faucets",
  lvl2: "Use the web faucet",
  lvl3: null,
  lvl4: null,
  lvl5: null,
  lvl6: null,
};
const hl = (value: string) => ({ value, matchLevel: "none" as const, matchedWords: [] });

describe("modal hits", () => {
  it("are grouped under their section and page", () => {
    expect(groupTitle({ hierarchy })).toBe("Learn › Faucets");
    expect(groupTitle({ hierarchy: { ...hierarchy, lvl1: "" } })).toBe("Learn");
    const hit = {
      hierarchy,
      _highlightResult: { hierarchy: { lvl0: hl("Learn"), lvl1: hl("<mark>Faucet</mark>s") } },
    } as unknown as Partial<DocSearchHit>;
    const regrouped = regroupByPage(hit);
    expect(regrouped._highlightResult!.hierarchy.lvl0.value).toBe("Learn › Faucets");
    // The page title keeps its highlight; the record's own lvl0 is untouched.
    expect(regrouped._highlightResult!.hierarchy.lvl1.value).toBe("<mark>Faucet</mark>s");
    expect(regrouped.hierarchy!.lvl0).toBe("Learn");
  });

  it("leave stored (recent/favorite) hits, which have no highlight, alone", () => {
    const stored = { hierarchy } as Partial<DocSearchHit>;
    expect(regroupByPage(stored)).toBe(stored);
  });

  it("lead to path + hash, and 'See all' to the search page with the query", () => {
    const toHref = searchResultUrlProcessor({ replaceSearchResultPathname: { from: "^/docs", to: "" } });
    expect(withProcessedUrls([{ url: "https://docs.movementnetwork.xyz/docs/devs/faq#fees" }], toHref)).toEqual([
      { url: "/devs/faq#fees" },
    ]);
    expect(searchPageHref("/search", "chain id & more", toHref)).toBe("/search?q=chain+id+%26+more");
  });
});
