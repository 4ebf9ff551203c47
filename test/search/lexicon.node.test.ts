/**
 * Lexicon pieces hold their terms as one string that a query searches in place (worker/search/
 * lexicon.ts), and the typo scan measures terms with Myers' bit-parallel distance
 * (worker/search/edit-distance.ts): both answer as a sorted array and the dynamic program did, and
 * a piece written before (its terms an array) still reads, with the same answers.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import type { LexiconPiece } from "../../client/contracts/search-index";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { EditPattern, editDistance } from "../../worker/search/edit-distance";
import { SearchEngine } from "../../worker/search/engine";
import { LEXICON } from "../../worker/search/lexicon";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { expectSameAnswers } from "../helpers/same-answers";
import { records, SITE, word } from "../helpers/search-records";

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words over a small alphabet (so many are near each other), some with letters outside ASCII. */
function words(count: number, seed: number, maxLength = 12): string[] {
  const next = random(seed);
  const alphabet = ["a", "b", "c", "d", "e", "é", "ж", "1"];
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * maxLength);
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]!).join("");
  });
}

describe("the bounded edit distance", () => {
  it("gives what the dynamic program gives, for every bound, short and long words, ASCII or not", () => {
    const pool = [...words(300, 1), ...words(40, 2, 40), "", "a", "ab", "ba", "abc".repeat(11), "abd".repeat(11)];
    const next = random(3);
    let near = 0;
    for (let k = 0; k < 4000; k++) {
      const a = pool[Math.floor(next() * pool.length)]!;
      const b = pool[Math.floor(next() * pool.length)]!;
      const pattern = new EditPattern(a);
      const text = `xx ${b} yy`;
      for (const max of [0, 1, 2, 3]) {
        // Past the bound both say only "more than max" (the dynamic program may say how much more).
        const expected = Math.min(editDistance(a, b, max), max + 1);
        if (expected <= max) near++;
        expect(pattern.distance(text, 3, 3 + b.length, max), `${a} → ${b} within ${max}`).toBe(expected);
      }
    }
    expect(near).toBeGreaterThan(500);
  });
});

/** What the lexicon answered when a piece was a sorted array: the reference the view must match. */
function reference(terms: string[], heads: string) {
  const starting = (prefix: string) => terms.flatMap((t, i) => (t.startsWith(prefix) ? [i] : []));
  return {
    has: (t: string) => terms.includes(t),
    withPrefix: (prefix: string, headsOnly: boolean) =>
      starting(prefix)
        .filter((i) => !headsOnly || heads[i] === "1")
        .map((i) => terms[i]!),
    near: (word: string, max: number) =>
      starting(word[0] ?? "")
        .map((i) => [terms[i]!, editDistance(word, terms[i]!, max)] as [string, number])
        .filter(([, d]) => d <= max),
  };
}

describe("a lexicon piece read in place", () => {
  const terms = [...new Set(words(2000, 4))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const next = random(5);
  const heads = terms.map(() => (next() < 0.3 ? "1" : "0")).join("");
  const piece: LexiconPiece = { terms: terms.join(" "), heads };
  const view = LEXICON.fromText(JSON.stringify(piece));
  const older = LEXICON.fromText(JSON.stringify({ terms, heads }));
  const ref = reference(terms, heads);
  const probes = [...terms.slice(0, 200), ...words(300, 6), "", "a", "é", "ж1"];

  it("knows the terms it holds and no other word, however typed", () => {
    for (const t of probes.filter(Boolean)) {
      expect(view.has(t), t).toBe(ref.has(t));
      expect(older.has(t), t).toBe(ref.has(t));
    }
    expect(view.has("")).toBe(false);
    expect(view.has(`${terms[0]} ${terms[1]}`)).toBe(false);
  });

  it("gives a prefix's terms in order, all of them or only those in titles", () => {
    for (const prefix of probes.map((t) => t.slice(0, 3)))
      for (const headsOnly of [false, true]) {
        const out: string[] = [];
        const old: string[] = [];
        view.withPrefix(prefix, headsOnly, out);
        older.withPrefix(prefix, headsOnly, old);
        expect(out, `${prefix} ${headsOnly}`).toEqual(ref.withPrefix(prefix, headsOnly));
        expect(old).toEqual(out);
      }
  });

  it("gives the terms within a typo or two that share the word's first letter, with their distance", () => {
    let found = 0;
    for (const word of probes.filter(Boolean))
      for (const max of [1, 2]) {
        const out: [string, number][] = [];
        view.near(new EditPattern(word), word[0]!, max, out);
        expect(out, `${word} within ${max}`).toEqual(ref.near(word, max));
        found += out.length;
      }
    expect(found).toBeGreaterThan(1000);
  });

  it("answers nothing from a piece without terms", () => {
    for (const empty of [LEXICON.fromValue({ terms: "", heads: "" }), LEXICON.fromValue({ terms: [], heads: "" })]) {
      const [prefixed, near]: [string[], [string, number][]] = [[], []];
      empty.withPrefix("", false, prefixed);
      empty.near(new EditPattern("a"), "a", 1, near);
      expect([empty.has("a"), prefixed, near]).toEqual([false, [], []]);
    }
  });

  it("refuses a value that is not a lexicon piece", () => {
    expect(() => LEXICON.fromValue({ terms: [1, 2], heads: "00" })).toThrow(/not a lexicon piece/);
    expect(() => LEXICON.fromValue({ terms: "a b" })).toThrow(/not a lexicon piece/);
    expect(() => LEXICON.fromText("[")).toThrow();
  });
});

describe("a search index's lexicon", () => {
  const index = buildSearchIndex(records(300, 6), SITE);
  const stored = new Map([...index.pieces].map(([digest, value]) => [kvKeys.blob(digest), value]));
  const lexiconKeys = new Set(index.root.lexicon.map((r) => kvKeys.blob(r.digest)));
  /** The same pieces with each lexicon piece as written before: its terms an array. */
  const olderPieces = new Map(
    [...stored].map(([key, value]) => {
      if (!lexiconKeys.has(key)) return [key, value];
      const piece = JSON.parse(value) as LexiconPiece;
      return [key, JSON.stringify({ terms: piece.terms.split(" "), heads: piece.heads })];
    }),
  );
  const engineOver = (pieces: Map<string, string>) =>
    new SearchEngine(
      index.root,
      new PieceLoader({ get: async (key: string) => pieces.get(key) ?? null }, new PieceCache(1 << 26)),
    );

  it("stores a term outside ASCII escaped (the piece is ASCII) and finds it", async () => {
    const [page, text] = records(1, 1);
    const accented = buildSearchIndex([page!, { ...text!, content: "жук λόγος 名前" }], SITE);
    const lexicon = accented.root.lexicon.map((r) => accented.pieces.get(r.digest)!);
    for (const piece of lexicon) expect(piece).not.toMatch(/[^ -~]/);
    expect(lexicon.join(" ")).toContain("\\u0436");
    const kv = new Map([...accented.pieces].map(([digest, value]) => [kvKeys.blob(digest), value]));
    const engine = new SearchEngine(
      accented.root,
      new PieceLoader({ get: async (key: string) => kv.get(key) ?? null }, new PieceCache(1 << 26)),
    );
    for (const query of ["жук", "λογος", "名前"]) expect((await engine.search({ query })).nbHits, query).toBe(1);
  });

  it("stores each piece's terms as one string of sorted terms", () => {
    for (const key of lexiconKeys) {
      const piece = JSON.parse(stored.get(key)!) as LexiconPiece;
      expect(typeof piece.terms).toBe("string");
      const terms = piece.terms.split(" ");
      expect(terms).toEqual([...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(piece.heads).toHaveLength(terms.length);
    }
  });

  it("answers known words, prefixes, typos and swapped letters as pieces written before do", async () => {
    const w = word(123);
    const queries = [
      w,
      w.slice(0, 4),
      `${w.slice(0, 2)}x${w.slice(3)}`,
      w[1]! + w[0]! + w.slice(2),
      word(1040),
      "page",
    ];
    await expectSameAnswers(engineOver(stored), engineOver(olderPieces), queries);
  });

  it("fails a query whose lexicon piece is corrupt as unavailable", async () => {
    const broken = new Map(stored);
    for (const key of lexiconKeys) broken.set(key, JSON.stringify({ terms: 42 }));
    await expect(engineOver(broken).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
  });
});
