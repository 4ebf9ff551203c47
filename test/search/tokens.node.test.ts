/**
 * Tokens of ASCII text take a fast path (ASCII patterns, cheap to compile in a cold isolate); they
 * must be exactly what the Unicode rules give: words are runs of letters and digits, and a
 * camelCase word also yields its parts. The rules are written here once more, in Unicode, and every
 * line of the real pages plus identifiers a reader types is tokenised both ways.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { camelParts, indexTokens, queryTokens, wordsOf } from "../../client/contracts/search";

const DOCS = path.resolve(import.meta.dirname, "../../content/docs");

const reference = {
  words: (text: string) =>
    [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length })),
  camelParts(word: string): string[] {
    if (!/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(word)) return [];
    const parts = word.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu) ?? [];
    return parts.length > 1 && parts.join("") === word ? parts : [];
  },
};

const IDENTIFIERS =
  "getAccountResource signMessage HTTPServer IPv4 ERC20Token aptos_std::coin v2.0-rc1 XMLHttpRequest " +
  "__init__ MOVE APIKey a1b2C3 already_exists 0xABCdef getV2Api ipv4Address toJSON2Html";

function texts(): string[] {
  const files = readdirSync(DOCS, { recursive: true, encoding: "utf8" }).filter((f) => /\.mdx?$/.test(f));
  const lines = files.flatMap((f) => readFileSync(path.join(DOCS, f), "utf8").split("\n"));
  return [...lines.filter((l) => /^[\0-\x7f]+$/.test(l)), IDENTIFIERS];
}

describe("tokens of ASCII text", () => {
  const cases = texts();

  it("reads the real pages", () => {
    expect(cases.length).toBeGreaterThan(2000);
  });

  it("are the words and camelCase parts the Unicode rules give", () => {
    for (const text of cases) {
      const words = reference.words(text);
      expect(wordsOf(text), text).toEqual(words);
      expect(queryTokens(text), text).toEqual(words.map((w) => w.word));
      for (const { word } of words) expect(camelParts(word), word).toEqual(reference.camelParts(word));
      expect(indexTokens(text), text).toEqual(words.flatMap(({ word }) => [word, ...reference.camelParts(word)]));
    }
  });

  it("split camelCase in any script", () => {
    expect(indexTokens("getV2Api")).toEqual(["getV2Api", "get", "V", "2", "Api"]);
    expect(indexTokens("HTTPServer")).toEqual(["HTTPServer", "HTTP", "Server"]);
    expect(indexTokens("añoNuevo")).toEqual(["añoNuevo", "año", "Nuevo"]);
    expect(queryTokens("トークン faucet")).toEqual(["トークン", "faucet"]);
  });
});
