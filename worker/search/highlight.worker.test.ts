/** Server-side highlighting and snippets: escaped text, matches wrapped, Algolia's match levels. */
import { describe, expect, it } from "vitest";
import { foldTerm } from "../../common/search";
import { highlight, snippet, toTagged, type HighlightQuery } from "./highlight";

function q(query: string, extraTerms: string[] = []): HighlightQuery {
  const originals = query.split(/\s+/).filter(Boolean);
  const words = originals.map(foldTerm);
  return { words, originals, terms: new Set([...words, ...extraTerms]) };
}

describe("highlight", () => {
  it("escapes the text, then wraps the matched words in the caller's tags", () => {
    const h = highlight(`Use <script>alert("x")</script> & the faucet's API`, q("faucet script"));
    expect(toTagged(h.segments, "<mark>", "</mark>")).toBe(
      "Use &lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; the <mark>faucet</mark>&#39;s API",
    );
    expect(h.matchLevel).toBe("full");
    expect(h.matchedWords).toEqual(["faucet", "script"]);
  });

  it("matches plurals, prefixes of the last word and camelCase parts", () => {
    const h = highlight("Faucets and signMessage", {
      ...q("sign messag faucet"),
      terms: new Set(["sign", "message", "faucet"]),
    });
    expect(toTagged(h.segments, "[", "]")).toBe("[Faucets] and [sign][Message]");
    expect(h.matchLevel).toBe("full");
  });

  it("finds the same matches in text whose words are ASCII and in text with accented words", () => {
    // Only the words holding a term's stem are folded in ASCII text: "quer" of "query" finds "Queries".
    const terms = new Set(["query", "message", "faucet"]);
    const ascii = highlight("Queries \u2014 one per signMessage, faucet\u00a0limits", { ...q("query"), terms });
    expect(toTagged(ascii.segments, "[", "]")).toBe("[Queries] \u2014 one per sign[Message], [faucet]\u00a0limits");
    const accented = highlight("Queries d\u00e9j\u00e0 signMessage fa\u00fcc\u00e9t", { ...q("query"), terms });
    expect(toTagged(accented.segments, "[", "]")).toBe("[Queries] d\u00e9j\u00e0 sign[Message] [fa\u00fcc\u00e9t]");
    expect(highlight("Faucets faucet", q("faucet")).fullyHighlighted).toBe(true);
    expect(highlight("Faucets or faucet", q("faucet")).fullyHighlighted).toBe(false);
  });

  it("reports partial and no matches", () => {
    expect(highlight("Chain ID", q("chain gas")).matchLevel).toBe("partial");
    const none = highlight("Nothing here", q("faucet"));
    expect(none).toMatchObject({ matchLevel: "none", matchedWords: [], fullyHighlighted: false });
    expect(toTagged(none.segments, "<em>", "</em>")).toBe("Nothing here");
    expect(highlight("Faucet", q("faucet")).fullyHighlighted).toBe(true);
  });

  it("counts a typo match (from the index's terms) as the query word", () => {
    const h = highlight("The faucet", {
      words: ["fauset"],
      originals: ["fauset"],
      terms: new Set(["fauset", "faucet"]),
    });
    expect(h.matchedWords).toEqual(["fauset"]);
    expect(toTagged(h.segments, "<em>", "</em>")).toBe("The <em>faucet</em>");
  });
});

describe("snippet", () => {
  const text =
    "one two three four five six seven eight nine ten eleven faucet thirteen fourteen fifteen sixteen seventeen eighteen";

  it("cuts about N words around the match, with the ellipsis where text was cut", () => {
    const s = snippet(text, q("faucet"), 5, "…");
    expect(toTagged(s.segments, "<em>", "</em>")).toBe("…eleven <em>faucet</em> thirteen fourteen fifteen…");
  });

  it("starts at the beginning when nothing matches, and keeps short text whole", () => {
    expect(toTagged(snippet(text, q("nothing"), 3, "…").segments, "<em>", "</em>")).toBe("one two three…");
    expect(toTagged(snippet("Chain ID | 126", q("chain"), 10, "…").segments, "<em>", "</em>")).toBe(
      "<em>Chain</em> ID | 126",
    );
  });

  it("prefers the window with the most matches", () => {
    const s = snippet("faucet a b c d e f g h i j k faucet API endpoint faucet", q("faucet"), 4, "");
    expect(toTagged(s.segments, "<em>", "</em>")).toBe("<em>faucet</em> API endpoint <em>faucet</em>");
  });
});
