/**
 * Record bundles as stored (recordBundleText): one JSON value a pack can embed as it is, whose head
 * a reader parses alone and then only the records it shows, from the value's text or its bytes (a
 * bundle stored alone is read as bytes); bundles of older builds (no head, or text outside ASCII)
 * are still read; a corrupt bundle fails the query as unavailable; every hit a query shows is the
 * record the build indexed; a patch of the records that changed makes a bundle again from its
 * predecessor.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import { packRecords, unpackRecord, type PackedRecord, type SearchRecord } from "../../client/contracts/search";
import { recordBundleText, RecordBundleView } from "../../client/contracts/search-index";
import { recordBundlePatch } from "../../scripts/publish/search-packs";
import { buildSearchIndex } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { records, SITE, word } from "../helpers/search-records";

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
  it("is one JSON value holding every record (what a pack embeds)", () => {
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
    const bundles = [...index.root.records, ...index.root.facets].map((r) => index.pieces.get(r.digest)!);
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

  it("reads from its bytes a bundle whose text is outside ASCII, its offsets counting characters", () => {
    // Outside ASCII in its head (a title) and its records, or in its records alone.
    const asciiTitles = awkward().map((r) => ({ ...r, hierarchy: { ...r.hierarchy, lvl1: "Faucet quick start" } }));
    for (const recs of [awkward(), asciiTitles]) {
      const { rows, strings, ids } = stored(recs);
      const text = unescapedText(strings, ids, rows);
      expect(text).toMatch(/🚀.*….*fäucet/);
      expect(text.length).toBeLessThan(bytesOf(text).byteLength);
      for (const view of [RecordBundleView.fromBytes(bytesOf(text)), RecordBundleView.fromText(text)]) {
        expect(view.strings).toEqual(strings);
        expect(rows.map((_, i) => view.row(i))).toEqual(rows);
      }
    }
  });

  it("reads a bundle stored by an older build (no head) and one already parsed from a pack", () => {
    const { rows, strings, ids } = stored(awkward());
    const old = JSON.stringify({ strings, ids, records: rows });
    expect(rows.map((_, i) => RecordBundleView.fromText(old).row(i))).toEqual(rows);
    const fromPack = RecordBundleView.fromValue(JSON.parse(old) as never);
    expect(rows.map((_, i) => fromPack.row(i))).toEqual(rows);
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
  it("is made again from its predecessor and a patch holding only the records that changed", () => {
    const before = awkward();
    // One record's text and one heading changed, one record gone, one added (under a new title).
    const after = before
      .filter((_, i) => i !== 2)
      .map((r, i) => (i === 1 ? { ...r, content: `${r.content ?? ""} revised` } : r))
      .map((r, i) => (i === 4 ? { ...r, hierarchy: { ...r.hierarchy, lvl2: "A new “heading”" } } : r));
    after.push({ ...after[0]!, objectID: "added", content: "a paragraph added", url: `${after[0]!.url}#added` });
    const idOf = (r: SearchRecord) => 7 * (before.findIndex((b) => b.objectID === r.objectID) + 1) || 1000;
    const bundle = (recs: SearchRecord[]) => {
      const ordered = [...recs].sort((a, b) => idOf(a) - idOf(b));
      const { strings, records: rows } = packRecords(ordered, SITE);
      return { strings, ids: ordered.map(idOf), records: rows };
    };
    const [base, next] = [bundle(before), bundle(after)];
    const patch = recordBundlePatch(base, next, SITE);
    // The patch holds the changed and added records alone, and names the one gone.
    expect(patch.ids).toHaveLength(3);
    expect(patch.drop).toEqual([idOf(before[2]!)]);
    const made = RecordBundleView.patched(
      RecordBundleView.fromBytes(bytesOf(recordBundleText(base.strings, base.ids, base.records))),
      JSON.parse(JSON.stringify(patch)) as typeof patch,
    );
    expect(made.ids).toEqual(next.ids);
    const shown = (view: { strings: string[]; row(i: number): PackedRecord | undefined }, i: number) =>
      unpackRecord({ siteUrl: SITE, strings: view.strings }, view.row(i)!);
    const whole = RecordBundleView.fromValue(next);
    for (let i = 0; i < next.ids.length; i++) expect(shown(made, i)).toEqual(shown(whole, i));
    expect(made.row(next.ids.length)).toBeUndefined();
    expect(() => RecordBundleView.patched(made, { ...patch, drop: undefined } as never)).toThrow("patch");
  });
});

describe("a query over record bundles", () => {
  const site = records(400, 12);
  const index = buildSearchIndex(site, SITE);
  const kvOf = () => new Map([...index.pieces].map(([digest, value]) => [kvKeys.blob(digest), value]));
  const engineOver = (data: Map<string, string>) =>
    new SearchEngine(index.root, new PieceLoader({ get: async (key) => data.get(key) ?? null }, new PieceCache(1e8)));
  /** An engine over KV as workerd's binding answers: bytes when asked for bytes; `reads` notes each read's type. */
  const engineOverBinding = (data: Map<string, string>, reads: string[] = []) =>
    new SearchEngine(
      index.root,
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
    for (const ref of index.root.records) {
      const text = data.get(kvKeys.blob(ref.digest))!;
      data.set(kvKeys.blob(ref.digest), text.replace(/"content",/g, '"content"'));
    }
    await expect(engineOver(data).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
    await expect(engineOverBinding(data).search({ query: word(5) })).rejects.toBeInstanceOf(PieceUnavailable);
  });
});
