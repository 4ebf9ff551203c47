/**
 * Tokens of ASCII text (and of text whose other characters are punctuation, symbols and arrows no
 * word holds: NEVER_IN_WORDS) take a fast path (ASCII patterns, cheap to compile in a cold
 * isolate); they must be exactly what the Unicode rules give: words are runs of letters and digits,
 * and a camelCase word also yields its parts. The rules are written here once more, in Unicode, and
 * every such line of the real pages, identifiers a reader types, and every NEVER_IN_WORDS character
 * between words are tokenised both ways.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { camelParts, indexTokens, NEVER_IN_WORDS, queryTokens, wordsOf } from "../../common/search";

const DOCS = path.resolve(import.meta.dirname, "../../content/docs");

const reference = {
  words: (text: string) =>
    [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length })),
  camelParts(word: string): string[] {
    if (!/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(word)) return [];
    const parts = word.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu) ?? [];
    return parts.length > 1 && parts.join("") === word ? parts : [];
  },
  snakeCase: (text: string) => text.match(/[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu) ?? [],
};

const IDENTIFIERS =
  "getAccountResource signMessage HTTPServer IPv4 ERC20Token aptos_std::coin v2.0-rc1 XMLHttpRequest " +
  "__init__ MOVE APIKey a1b2C3 already_exists 0xABCdef getV2Api ipv4Address toJSON2Html";

/** Every character of NEVER_IN_WORDS. */
function neverInWords(): string[] {
  const out: string[] = [];
  for (const [, from, to] of NEVER_IN_WORDS.matchAll(/(.)(?:-(.))?/gsu))
    for (let c = from!.codePointAt(0)!; c <= (to ?? from!).codePointAt(0)!; c++) out.push(String.fromCodePoint(c));
  return out;
}

const FAST = new RegExp(`^[\\0-\\x7f${NEVER_IN_WORDS}]+$`);

function texts(): string[] {
  const files = readdirSync(DOCS, { recursive: true, encoding: "utf8" }).filter((f) => /\.mdx?$/.test(f));
  const lines = files.flatMap((f) => readFileSync(path.join(DOCS, f), "utf8").split("\n"));
  const between = neverInWords().map((c) => `getAccount${c}v2${c}${c}faucet${c}`);
  return [...lines.filter((l) => FAST.test(l)), IDENTIFIERS, ...between];
}

describe("tokens of ASCII text", () => {
  const cases = texts();

  it("reads the real pages", () => {
    expect(cases.length).toBeGreaterThan(2000);
    expect(
      cases.some((l) => l.includes("…")),
      "a line of the pages with an ellipsis",
    ).toBe(true);
  });

  it("NEVER_IN_WORDS holds no letter, digit or mark", () => {
    const chars = neverInWords();
    expect(chars.length).toBe(297);
    expect(chars.filter((c) => /[\p{L}\p{N}\p{M}]/u.test(c))).toEqual([]);
  });

  it("are the words and camelCase parts the Unicode rules give", () => {
    for (const text of cases) {
      const words = reference.words(text);
      expect(wordsOf(text), text).toEqual(words);
      const snake = reference.snakeCase(text);
      expect(queryTokens(text), text).toEqual([...words.map((w) => w.word), ...snake]);
      for (const { word } of words) expect(camelParts(word), word).toEqual(reference.camelParts(word));
      expect(indexTokens(text), text).toEqual([
        ...words.flatMap(({ word }) => [word, ...reference.camelParts(word)]),
        ...snake,
      ]);
    }
  });

  it("split camelCase in any script", () => {
    expect(indexTokens("getV2Api")).toEqual(["getV2Api", "get", "V", "2", "Api"]);
    expect(indexTokens("HTTPServer")).toEqual(["HTTPServer", "HTTP", "Server"]);
    expect(indexTokens("añoNuevo")).toEqual(["añoNuevo", "año", "Nuevo"]);
    expect(queryTokens("トークン faucet")).toEqual(["トークン", "faucet"]);
  });

  it("keep snake_case identifiers whole besides their words, on both sides", () => {
    expect(indexTokens("set max_gas_amount")).toEqual(["set", "max", "gas", "amount", "max_gas_amount"]);
    expect(queryTokens("get_account")).toEqual(["get", "account", "get_account"]);
    expect(queryTokens("__init__ _x y_")).toEqual(["init", "x", "y"]);
    expect(indexTokens("año_nuevo")).toEqual(["año", "nuevo", "año_nuevo"]);
  });
});
