/**
 * Lexicon pieces hold their terms as one string that a query searches in place (worker/search/
 * lexicon.ts), and the typo scan measures terms with Myers' bit-parallel distance
 * (worker/search/edit-distance.ts): both answer as a sorted array and the dynamic program did; a
 * segment's lexicon over the base's answers as the lexicon of the whole index would.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { REMOVED, type LexiconPiece } from "../../common/search-pieces";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { EditPattern, editDistance } from "../../worker/search/edit-distance";
import { LEXICON, lexiconView } from "../../worker/search/lexicon";
import { PieceUnavailable } from "../../worker/search/pieces";
import { SegmentView } from "../../worker/search/segment";
import { QueryTerms } from "../../worker/search/terms";
import { records, SITE, word } from "../helpers/search-records";
import { CountingKv, engineOver, storedWhole } from "../helpers/stored-index";

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
  const ref = reference(terms, heads);
  const probes = [...terms.slice(0, 200), ...words(300, 6), "", "a", "é", "ж1"];

  it("knows the terms it holds and no other word, however typed", () => {
    for (const t of probes.filter(Boolean)) expect(view.has(t), t).toBe(ref.has(t));
    expect(view.has("")).toBe(false);
    expect(view.has(`${terms[0]} ${terms[1]}`)).toBe(false);
  });

  it("gives a prefix's terms in order, all of them or only those in titles", () => {
    for (const prefix of probes.map((t) => t.slice(0, 3)))
      for (const headsOnly of [false, true]) {
        const out: string[] = [];
        view.withPrefix(prefix, headsOnly, out);
        expect(out, `${prefix} ${headsOnly}`).toEqual(ref.withPrefix(prefix, headsOnly));
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
    const empty = lexiconView({ terms: "", heads: "" });
    const [prefixed, near]: [string[], [string, number][]] = [[], []];
    empty.withPrefix("", false, prefixed);
    empty.near(new EditPattern("a"), "a", 1, near);
    expect([empty.has("a"), prefixed, near]).toEqual([false, [], []]);
  });

  it("refuses a value that is not a lexicon piece", () => {
    expect(() => lexiconView({ terms: ["a", "b"], heads: "00" })).toThrow(/not a lexicon piece/);
    expect(() => lexiconView({ terms: "a b" })).toThrow(/not a lexicon piece/);
    expect(() => LEXICON.fromText("[")).toThrow();
  });
});

describe("a segment's lexicon over the base's", () => {
  const base = [...new Set(words(1500, 7))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const next = random(8);
  const baseHeads = base.map(() => (next() < 0.3 ? "1" : "0"));
  // The build: a fifth of the base's terms gone, a fifth with their heads flipped, and new terms.
  const gone = new Set(base.filter(() => next() < 0.2));
  const flipped = new Set(base.filter((t) => !gone.has(t) && next() < 0.2));
  const added = words(400, 9).filter((t) => !base.includes(t));
  const headOf = new Map<string, string>();
  base.forEach((t, i) => {
    if (!gone.has(t)) headOf.set(t, flipped.has(t) ? (baseHeads[i] === "1" ? "0" : "1") : baseHeads[i]!);
  });
  for (const t of added) headOf.set(t, next() < 0.3 ? "1" : "0");
  const whole = [...headOf.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ref = reference(whole, whole.map((t) => headOf.get(t)).join(""));
  // The segment's lexicon: the terms whose entry differs from the base's.
  const changed = [...new Set([...gone, ...flipped, ...added])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const segment = new SegmentView(
    lexiconView({ terms: changed.join(" "), heads: changed.map((t) => headOf.get(t) ?? REMOVED).join("") }),
    {},
    undefined as never,
    undefined as never,
  );
  const basePiece = lexiconView({ terms: base.join(" "), heads: baseHeads.join("") });
  const probes = [...base.slice(0, 300), ...added.slice(0, 100), ...words(200, 10)].filter(Boolean);

  const terms = () => {
    const t = new QueryTerms(["title"], [segment]);
    for (const probe of probes) {
      t.setLexicon(["exact", probe], [basePiece]);
      for (const prefix of [probe.slice(0, 1), probe.slice(0, 2), probe.slice(0, 3)])
        t.setLexicon(["prefix", prefix], [basePiece]);
    }
    return t;
  };

  it("knows the terms the segment adds, not those it removes", () => {
    const t = terms();
    for (const probe of probes) expect(t.has(probe), probe).toBe(ref.has(probe));
    expect(probes.filter((p) => gone.has(p)).length).toBeGreaterThan(20);
  });

  it("gives a prefix's terms, and those in titles, as the whole lexicon would", () => {
    const t = terms();
    for (const probe of probes)
      for (const prefix of [probe.slice(0, 2), probe.slice(0, 3)])
        for (const headsOnly of [false, true])
          expect(t.withPrefix(prefix, headsOnly), `${prefix} ${headsOnly}`).toEqual(ref.withPrefix(prefix, headsOnly));
  });

  it("gives a typo's terms, with their distance, as the whole lexicon would", () => {
    const t = terms();
    for (const probe of probes) for (const max of [1, 2]) expect(t.near(probe, max)).toEqual(ref.near(probe, max));
  });
});

describe("a search index's lexicon", () => {
  const index = buildSearchIndex(records(300, 6), SITE);
  const lexiconKeys = new Set(index.refs.lexicon.map((r) => kvKeys.blob(r.digest)));

  it("stores a term outside ASCII escaped (the piece is ASCII) and finds it", async () => {
    const [page, text] = records(1, 1);
    const accented = buildSearchIndex([page!, { ...text!, content: "жук λόγος 名前" }], SITE);
    const lexicon = accented.refs.lexicon.map((r) => accented.pieces.get(r.digest)!);
    for (const piece of lexicon) expect(piece).not.toMatch(/[^ -~]/);
    expect(lexicon.join(" ")).toContain("\\u0436");
    const { root, kv } = await storedWhole(accented);
    const engine = engineOver(root, kv);
    for (const query of ["жук", "λογος", "名前"]) expect((await engine.search({ query })).nbHits, query).toBe(1);
  });

  it("stores each piece's terms as one string of sorted terms", () => {
    for (const { digest } of index.refs.lexicon) {
      const piece = JSON.parse(index.pieces.get(digest)!) as LexiconPiece;
      expect(typeof piece.terms).toBe("string");
      const terms = piece.terms.split(" ");
      expect(terms).toEqual([...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(piece.heads).toHaveLength(terms.length);
    }
  });

  it("fails a query whose lexicon piece is corrupt as unavailable", async () => {
    const { root, kv } = await storedWhole(index);
    const broken = new CountingKv(new Map(kv.data));
    for (const key of lexiconKeys) broken.data.set(key, JSON.stringify({ terms: 42 }));
    await expect(engineOver(root, broken).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
  });
});
