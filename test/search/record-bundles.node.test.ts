/**
 * Record bundles as stored (recordBundleText): one JSON value whose head a reader parses alone and
 * then only the records it shows, from the value's text or its bytes (KV's arrayBuffer read); a
 * bundle without a head, or whose text is not ASCII, is refused; a corrupt bundle fails the query
 * as unavailable; every hit a query shows is the record the build indexed.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { packRecords, type PackedRecord, type SearchRecord } from "../../common/search";
import type { SearchRoot } from "../../common/search-index";
import { recordBundleText, RecordBundleView } from "../../common/search-pieces";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { records, SITE, word } from "../helpers/search-records";
import { storedWhole } from "../helpers/stored-index";

/** Records whose text has what JSON escapes, and what a naive reader of the stored text would trip on. */
function awkward(): SearchRecord[] {
  const site = records(3, 4);
  const texts = [
    'She said "run it" \\ then C:\\path',
    'Ends a head: ,"records":[ and ]} and {"head":12,',
    "Lines\nand\ttabs, an emoji 🚀, an ellipsis …, accents: fäucet, and a lone \ud800 surrogate",
    "",
  ];
  // A title outside ASCII too (titles are what bundles of facets hold).
  const title = (r: SearchRecord) =>
    r.url_without_anchor.endsWith("-0") ? { ...r, hierarchy: { ...r.hierarchy, lvl1: "Fäucet — “quick” start" } } : r;
  return site.map((r, i) => title(r.content === null ? r : { ...r, content: texts[i % texts.length]! }));
}

/** A bundle with a head but its text outside ASCII as JSON.stringify writes it (no asciiJson): offsets count characters, not bytes. */
function unescapedText(strings: string[], ids: number[], rows: PackedRecord[]): string {
  const json = rows.map((r) => JSON.stringify(r));
  const ends: number[] = [];
  for (const row of json) ends.push((ends.at(-1) ?? -1) + row.length + 1);
  const fields = JSON.stringify({ strings, ids, ends }).slice(1, -1);
  let head = 0;
  while (head !== `{"head":${head},${fields}`.length) head = `{"head":${head},${fields}`.length;
  return `{"head":${head},${fields},"records":[${json.join(",")}]}`;
}

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

function stored(recs: SearchRecord[]): { text: string; rows: PackedRecord[]; strings: string[]; ids: number[] } {
  const { strings, records: rows } = packRecords(recs, SITE);
  const ids = rows.map((_, i) => 10 * i + 3);
  return { text: recordBundleText(strings, ids, rows), rows, strings, ids };
}

describe("a record bundle", () => {
  it("is one JSON value holding every record", () => {
    const { text, rows, strings, ids } = stored(awkward());
    const parsed = JSON.parse(text) as { strings: string[]; ids: number[]; records: PackedRecord[] };
    expect(parsed.records).toEqual(rows);
    expect(parsed.strings).toEqual(strings);
    expect(parsed.ids).toEqual(ids);
  });

  it("is ASCII whatever its records hold (a one-byte string to the worker), bundles of facets too", () => {
    const { text } = stored(awkward());
    expect(text).not.toMatch(/[^ -~]/);
    const index = buildSearchIndex(awkward(), SITE);
    const bundles = [...index.refs.records, ...index.refs.facets].map((r) => index.pieces.get(r.digest)!);
    expect(bundles.length).toBeGreaterThan(1);
    for (const bundle of bundles) expect(bundle).not.toMatch(/[^ -~]/);
    expect(JSON.stringify(JSON.parse(text))).toMatch(/🚀.*….*fäucet/);
  });

  it("gives each record from its text, the same as the whole parse does", () => {
    const { text, rows, strings, ids } = stored(awkward());
    const view = RecordBundleView.fromText(text);
    expect(view.strings).toEqual(strings);
    expect(view.ids).toEqual(ids);
    expect(rows.map((_, i) => view.row(i))).toEqual(rows);
    expect(view.row(rows.length)).toBeUndefined();
    expect(view.row(-1)).toBeUndefined();
  });

  it("gives each record from its bytes (KV's arrayBuffer read) as from its text", () => {
    const { text, rows, strings, ids } = stored(awkward());
    const view = RecordBundleView.fromBytes(bytesOf(text));
    expect(view.strings).toEqual(strings);
    expect(view.ids).toEqual(ids);
    expect(rows.map((_, i) => view.row(i))).toEqual(rows);
    expect(view.row(rows.length)).toBeUndefined();
    const empty = RecordBundleView.fromBytes(bytesOf(recordBundleText([], [], [])));
    expect([empty.ids, empty.row(0)]).toEqual([[], undefined]);
  });

  it("refuses from its bytes a bundle whose text is outside ASCII (its offsets would not count bytes), and one without a head", () => {
    const { rows, strings, ids } = stored(awkward());
    const text = unescapedText(strings, ids, rows);
    expect(text.length).toBeLessThan(bytesOf(text).byteLength);
    expect(() => RecordBundleView.fromBytes(bytesOf(text))).toThrow(/not end where/);
    const headless = JSON.stringify({ strings, ids, records: rows });
    expect(() => RecordBundleView.fromText(headless)).toThrow(/no head/);
    expect(() => RecordBundleView.fromBytes(bytesOf(headless))).toThrow(/no head/);
  });

  it("refuses a text whose head is cut or does not say where the records start", () => {
    const { text } = stored(awkward());
    const head = Number(/^\{"head":(\d+),/.exec(text)![1]);
    expect(() => RecordBundleView.fromText(text.slice(0, head - 5))).toThrow();
    expect(() => RecordBundleView.fromText(text.replace(`{"head":${head},`, `{"head":${head - 1},`))).toThrow();
    expect(() => RecordBundleView.fromText("{not json")).toThrow();
    expect(() => RecordBundleView.fromText(text.slice(0, -3) + "]}")).toThrow();
    for (const bad of [text.slice(0, head - 5), text.slice(0, -3) + "]}", "{not json", ""])
      expect(() => RecordBundleView.fromBytes(bytesOf(bad)), bad.slice(0, 20)).toThrow();
  });
});

describe("a query over record bundles", async () => {
  const site = records(400, 12);
  const index = buildSearchIndex(site, SITE);
  const whole = await storedWhole(index);
  const root: SearchRoot = whole.root;
  const kvOf = () => new Map(whole.kv.data);
  const engineOver = (data: Map<string, string>) =>
    new SearchEngine(root, new PieceLoader({ get: async (key) => data.get(key) ?? null }, new PieceCache(1e8)));
  /** An engine over KV as workerd's binding answers: bytes when asked for bytes; `reads` notes each read's type. */
  const engineOverBinding = (data: Map<string, string>, reads: string[] = []) =>
    new SearchEngine(
      root,
      new PieceLoader(
        {
          get: (async (key: string, options: { type?: string }) => {
            reads.push(options.type ?? "text");
            const text = data.get(key);
            return text === undefined ? null : options.type === "arrayBuffer" ? bytesOf(text) : text;
          }) as never,
        },
        new PieceCache(1e8),
      ),
    );

  it("shows for every hit the record the build indexed", async () => {
    const byId = new Map(site.map((r) => [r.objectID, r]));
    for (const query of [word(5), word(12), `${word(40)} ${word(41)}`, "page"]) {
      const result = await engineOver(kvOf()).search({ query, hitsPerPage: 40 });
      expect(result.hits.length, query).toBeGreaterThan(0);
      for (const hit of result.hits) expect(hit.record, query).toEqual(byId.get(hit.record.objectID));
    }
  });

  it("reads the bundles it shows as bytes, and shows the same hits as from their text", async () => {
    const reads: string[] = [];
    for (const query of [word(5), word(12), `${word(40)} ${word(41)}`, "page"]) {
      const fromText = await engineOver(kvOf()).search({ query, hitsPerPage: 40 });
      const fromBytes = await engineOverBinding(kvOf(), reads).search({ query, hitsPerPage: 40 });
      expect(
        fromBytes.hits.map((h) => h.record),
        query,
      ).toEqual(fromText.hits.map((h) => h.record));
      expect(fromBytes.nbHits, query).toBe(fromText.nbHits);
    }
    // Bundles as bytes; the lexicon and term shards, searched as text, as text.
    expect(new Set(reads)).toEqual(new Set(["arrayBuffer", "text"]));
  });

  it("fails as unavailable when the records it shows are corrupt in their bundle", async () => {
    expect((await engineOver(kvOf()).search({ query: word(5) })).hits.length).toBeGreaterThan(0);
    const data = kvOf();
    // Every bundle's records cut short: the heads still parse, the records do not end where they say.
    for (const ref of index.refs.records) {
      const text = data.get(kvKeys.blob(ref.digest))!;
      data.set(kvKeys.blob(ref.digest), text.replace(/"content",/g, '"content"'));
    }
    await expect(engineOver(data).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
    await expect(engineOverBinding(data).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
  });
});
