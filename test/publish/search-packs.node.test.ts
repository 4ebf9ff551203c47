/**
 * How publishes store the search index: a small change writes its new pieces as one pack, new term
 * shards, record bundles and facet bundles as patches of the live ones; the worker's loader reads
 * packs and patches and answers exactly as it does from the index stored piece by piece (the same
 * records, in the same order, with the same counts, facet filters included); packs stay few (a
 * publish past MAX_PACKS retires the live pack cheapest to retire, or past what that may write,
 * writes pieces whole again); a large change merges packs and patches; the values a root names
 * (what GC keeps) are all it needs; and a missing pack or base fails a query as unavailable.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import type { SearchRecord } from "../../client/contracts/search";
import {
  type FacetBundle,
  type FacetBundlePatch,
  patchedFacets,
  searchPieceDigests,
  searchPieceRefs,
  type SearchRoot,
} from "../../client/contracts/search-index";
import {
  facetPatch,
  liveReader,
  MAX_PACKS,
  type RetiringLimits,
  storeSearchIndex,
} from "../../scripts/publish/search-packs";
import { buildSearchIndex, type SearchIndexBuild } from "../../scripts/search/build-index";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader, PieceUnavailable } from "../../worker/search/pieces";
import { records, SITE, word } from "../helpers/search-records";

/** A KV of stored values, and the live root, as publishes leave them. */
class Published {
  readonly kv = new Map<string, string>();
  live: SearchRoot | null = null;

  /** Stores `index` as a publish does; returns the blobs written and the root stored. */
  async publish(
    index: SearchIndexBuild,
    retiring?: RetiringLimits,
  ): Promise<{ blobs: Map<string, string>; root: SearchRoot }> {
    const have = new Set(searchPieceDigests(this.live));
    const read = liveReader(async (key) => this.kv.get(key) ?? null, kvKeys.blob);
    const stored = await storeSearchIndex(index, have, this.live, read, retiring);
    for (const [digest, value] of stored.blobs) this.kv.set(kvKeys.blob(digest), value);
    this.live = stored.root;
    return stored;
  }

  /** A copy holding only the values the live root names (what garbage collection keeps). */
  collected(): Published {
    const kept = new Published();
    for (const digest of searchPieceDigests(this.live))
      kept.kv.set(kvKeys.blob(digest), this.kv.get(kvKeys.blob(digest))!);
    kept.live = this.live;
    return kept;
  }

  engine(root = this.live!): SearchEngine {
    const reader = { get: async (key: string) => this.kv.get(key) ?? null };
    return new SearchEngine(root, new PieceLoader(reader, new PieceCache(64 * 1024 * 1024)));
  }
}

/** The packs a root reads: its pieces' and their bases'. */
function livePacks(root: SearchRoot): Set<string> {
  return new Set(searchPieceRefs(root).flatMap((r) => [r.pack, r.basePack].filter((p): p is string => Boolean(p))));
}

/** The engine over an index stored piece by piece, each under its own key (what a first publish does). */
function wholeEngine(index: SearchIndexBuild): SearchEngine {
  const kv = new Map([...index.pieces].map(([digest, value]) => [kvKeys.blob(digest), value]));
  return new SearchEngine(
    index.root,
    new PieceLoader({ get: async (k) => kv.get(k) ?? null }, new PieceCache(1 << 26)),
  );
}

/** Same hits, in the same order, with the same counts, for every query (a word, or a word and facet filters). */
async function expectSameAnswers(
  stored: SearchEngine,
  whole: SearchEngine,
  queries: (string | { query: string; facetFilters: string[][] })[],
) {
  for (const q of queries) {
    const asked = typeof q === "string" ? { query: q } : q;
    const name = JSON.stringify(asked);
    const [a, b] = [
      await stored.search({ ...asked, hitsPerPage: 30 }),
      await whole.search({ ...asked, hitsPerPage: 30 }),
    ];
    expect(
      a.hits.map((h) => h.record),
      name,
    ).toEqual(b.hits.map((h) => h.record));
    expect(a.nbHits, name).toBe(b.nbHits);
  }
}

/** The title of the page edit n adds a paragraph to. */
const pageTitle = (n: number) => `Page ${word((n * 37) % 400)} ${word(((n * 37) % 400) + 1000)}`;

/** Edit n: a paragraph with a new word and common words appended to one page, and a word changed in another. */
function edit(site: SearchRecord[], n: number): SearchRecord[] {
  const page = (n * 37) % 400;
  const last = site.map((r) => r.url_without_anchor).lastIndexOf(`${SITE}/page-${page}`);
  const added: SearchRecord = {
    ...site[last]!,
    objectID: `edit-${n}`,
    content: `fresh${word(n)}ing ${word(n * 3)} ${word(5)} ${word(40)} ${word(41)}`,
  };
  const changed = site.findIndex((r) => r.objectID === `${(page + 200) % 400}-3`);
  const next = [...site.slice(0, last + 1), added, ...site.slice(last + 1)];
  return next.map((r, i) =>
    i === changed + (changed > last ? 1 : 0) ? { ...r, content: `${r.content!} revised${word(n)}` } : r,
  );
}

describe("publishing the search index in packs and patches", () => {
  it("writes a small change as one pack of patches, answers as the whole index does, and packs stay few", async () => {
    const store = new Published();
    let site = records(400, 12);
    const first = buildSearchIndex(site, SITE);
    const everything = await store.publish(first);
    expect(everything.blobs.size).toBe(first.pieces.size);
    expect(searchPieceRefs(everything.root).some((r) => r.pack || r.base)).toBe(false);
    const indexBytes = [...first.pieces.values()].reduce((sum, text) => sum + text.length, 0);

    let retirements = 0;
    let writtenAlone = 0;
    // Enough publishes that retired packs hold bases of patches still live, and pieces written whole.
    for (let n = 1; n <= 6 * MAX_PACKS; n++) {
      site = edit(site, n);
      const index = buildSearchIndex(site, SITE);
      const before = store.live!;
      const packsBefore = livePacks(before);
      // What the live root holds whole inside packs: the only pieces a small publish may write alone.
      const wholeInPacks = new Set(
        searchPieceRefs(before).flatMap((r) => [
          ...(r.pack && !r.base ? [r.digest] : []),
          ...(r.basePack ? [r.base!] : []),
        ]),
      );
      const fresh = [...index.pieces.keys()].filter((d) => !searchPieceRefs(before).some((r) => r.digest === d));
      const freshBytes = fresh.reduce((sum, d) => sum + index.pieces.get(d)!.length, 0);
      const { blobs, root } = await store.publish(index);
      const packs = livePacks(root);
      expect(packs.size, `publish ${n}`).toBeLessThanOrEqual(MAX_PACKS);
      // One value holds every new piece; shards are patches, far smaller than the shards they stand for.
      expect(fresh.length).toBeGreaterThan(3);
      const pack = [...blobs.keys()].find((d) => searchPieceRefs(root).some((r) => r.pack === d))!;
      expect(pack, `publish ${n}`).toBeDefined();
      const value = blobs.get(pack)!;
      for (const d of fresh) expect(searchPieceRefs(root).find((r) => r.digest === d)!.pack).toBe(pack);
      const patched = searchPieceRefs(root).filter((r) => r.pack === pack && r.base && fresh.includes(r.digest));
      expect(patched.length).toBeGreaterThan(0);
      // The edited pages' bundles too: the pack holds their changed records and facets, not the bundles.
      expect(root.records.filter((r) => r.pack === pack && r.base).length).toBeGreaterThan(0);
      expect(root.facets.filter((r) => r.pack === pack && r.base).length).toBeGreaterThan(0);
      const packed = JSON.parse(value) as Record<string, string>;
      const bytesOf = (texts: string[]) => texts.reduce((sum, text) => sum + text.length, 0);
      expect(bytesOf(patched.map((r) => packed[r.digest]!))).toBeLessThan(
        bytesOf(patched.map((r) => index.pieces.get(r.digest)!)) / 2,
      );
      // The pack holds each piece's text: parsing it parses no piece.
      const members = Object.values(packed);
      expect(members.every((m) => typeof m === "string")).toBe(true);
      // Common words' lists change by a record: the patch says which, not the whole list.
      expect(members.some((m) => m.includes('"d":1'))).toBe(true);
      // Besides its pack, a publish writes only pieces the live root held whole inside a pack: a
      // retired pack's. Never a patched piece whole: a run of small publishes writes little each.
      const alone = [...blobs.keys()].filter((d) => d !== pack);
      expect(
        alone.every((d) => wholeInPacks.has(d)),
        `publish ${n}`,
      ).toBe(true);
      writtenAlone += alone.length;
      expect(bytesOf([...blobs.values()]), `publish ${n}`).toBeLessThan(freshBytes / 2 + indexBytes / 20);
      if (packsBefore.size === MAX_PACKS) {
        // The eighth pack's successor retires one: its patches move into the new pack, its pieces go alone.
        retirements++;
        const [gone] = [...packsBefore].filter((p) => !packs.has(p));
        expect(gone, `publish ${n}`).toBeDefined();
        const now = new Map(searchPieceRefs(root).map((r) => [r.digest, r]));
        for (const r of searchPieceRefs(before).filter((m) => m.pack === gone && m.base && now.has(m.digest)))
          expect(now.get(r.digest)!.pack, `publish ${n}`).toBe(pack);
      }
      await expectSameAnswers(store.collected().engine(), wholeEngine(index), [
        `fresh${word(n)}ing`,
        `fresh${word(n)}`,
        `revised${word(n)}`,
        `${word(5)} ${word(40)}`,
        word(41),
        `fresh${word(n)}img`,
        `fresh${word(1)}ing ${word(5)}`,
        `revised${word(1)}`,
        // Facet filters read facet bundles, patched too: the edited page's new record passes its page's.
        { query: `fresh${word(n)}ing`, facetFilters: [[`hierarchy.lvl1:${pageTitle(n)}`]] },
        { query: word(41), facetFilters: [["hierarchy.lvl0:Learn"], ["type:content"]] },
      ]);
      const filtered = { query: `fresh${word(n)}ing`, facetFilters: [[`hierarchy.lvl1:${pageTitle(n)}`]] };
      expect((await store.collected().engine().search(filtered)).nbHits, `publish ${n}`).toBe(1);
    }
    expect(retirements).toBeGreaterThan(MAX_PACKS);
    expect(writtenAlone).toBeGreaterThan(0);
  }, 120_000);

  it("writes every packed and patched piece whole when retiring a pack would write more than a small publish may", async () => {
    const store = new Published();
    let site = records(400, 12);
    await store.publish(buildSearchIndex(site, SITE));
    for (let n = 1; n <= MAX_PACKS + 1; n++) {
      site = edit(site, n);
      const index = buildSearchIndex(site, SITE);
      const before = new Set(searchPieceDigests(store.live));
      const { blobs, root } = await store.publish(index, { maxBytes: 0, maxPieces: 6 });
      if (n <= MAX_PACKS) {
        expect(livePacks(root).size).toBe(n);
        continue;
      }
      expect(livePacks(root).size).toBe(0);
      expect([...blobs.keys()].every((d) => index.pieces.has(d) && !before.has(d))).toBe(true);
      await expectSameAnswers(store.collected().engine(), wholeEngine(index), [
        `fresh${word(n)}ing`,
        `revised${word(2)}`,
      ]);
    }
  });

  it("merges packs and patches on a large change, writing every piece its root names whole", async () => {
    const store = new Published();
    let site = records(400, 12);
    await store.publish(buildSearchIndex(site, SITE));
    for (let n = 1; n <= 3; n++) {
      site = edit(site, n);
      await store.publish(buildSearchIndex(site, SITE));
    }
    expect(livePacks(store.live!).size).toBe(3);
    // Half the pages get another paragraph: more new bytes than a pack holds, while pieces the small
    // publishes packed or patched for the other half stay as they were.
    const more = records(400, 13).filter((r) => r.objectID.endsWith("-13") && Number(r.objectID.split("-")[0]) < 200);
    const large = site.flatMap((r) => [r, ...more.filter((m) => r.objectID === m.objectID.replace(/-13$/, "-12"))]);
    const index = buildSearchIndex(large, SITE);
    const kept = searchPieceRefs(store.live!).filter((r) => (r.pack || r.base) && index.pieces.has(r.digest));
    expect(kept.length).toBeGreaterThan(0);
    const { blobs, root } = await store.publish(index);
    expect(blobs.size).toBeGreaterThan(20);
    expect(searchPieceRefs(root).some((r) => r.pack || r.base)).toBe(false);
    expect([...blobs].every(([digest, value]) => index.pieces.get(digest) === value)).toBe(true);
    const collected = store.collected();
    expect(new Set(searchPieceDigests(root))).toEqual(new Set(searchPieceRefs(root).map((r) => r.digest)));
    await expectSameAnswers(collected.engine(), wholeEngine(index), [word(5), `${word(40)} ${word(41)}`, word(2999)]);
  });

  it("makes a facet bundle again from its predecessor and a patch holding only the rows that changed", () => {
    const base: FacetBundle = {
      strings: ["Build", "Page one", "Learn", "Page two"],
      ids: [4, 7, 9, 12],
      levels: [0, 1, 0, 1, 2, 3, 2, 3],
      types: "1c1c",
    };
    // Record 7 goes, 9 moves to another page title, 10 is new; 4 and 12 stay as they were.
    const next: FacetBundle = {
      strings: ["Build", "Page one", "Learn", "Page three", "Page two"],
      ids: [4, 9, 10, 12],
      levels: [0, 1, 2, 3, 2, 3, 2, 4],
      types: "11cc",
    };
    const patch = facetPatch(base, next);
    expect(patch.drop).toEqual([7]);
    expect(patch.ids).toEqual([9, 10]);
    expect(patch.strings).toEqual(["Learn", "Page three"]);
    const rows = (b: FacetBundle) =>
      b.ids.map((id, i) => [id, b.strings[b.levels[2 * i]!], b.strings[b.levels[2 * i + 1]!], b.types[i]]);
    const made = patchedFacets(base, JSON.parse(JSON.stringify(patch)) as FacetBundlePatch);
    expect(rows(made)).toEqual(rows(next));
    expect(() => patchedFacets(base, { ...patch, drop: undefined } as never)).toThrow("patch");
    expect(() => patchedFacets(base, { ...patch, types: "1" })).toThrow("patch");
  });

  it("answers from a pack written before packs held text (each piece embedded as JSON) as from today's", async () => {
    const store = new Published();
    const site = records(400, 12);
    await store.publish(buildSearchIndex(site, SITE));
    const next = buildSearchIndex(edit(site, 1), SITE);
    await store.publish(next);
    const packs = new Set(searchPieceRefs(store.live).flatMap((r) => (r.pack ? [r.pack] : [])));
    expect(packs.size).toBe(1);
    const queries = [`fresh${word(1)}ing`, `revised${word(1)}`, `${word(5)} ${word(40)}`, word(41), word(3)];
    await expectSameAnswers(store.engine(), wholeEngine(next), queries);
    for (const pack of packs) {
      const members = JSON.parse(store.kv.get(kvKeys.blob(pack))!) as Record<string, string>;
      const embedded = Object.entries(members).map(([digest, text]) => `${JSON.stringify(digest)}:${text}`);
      store.kv.set(kvKeys.blob(pack), `{${embedded.join(",")}}`);
    }
    await expectSameAnswers(store.engine(), wholeEngine(next), queries);
  });

  it("fails a query as unavailable when a pack or a patch's base is missing, or a patch is corrupt", async () => {
    const store = new Published();
    const site = records(400, 12);
    await store.publish(buildSearchIndex(site, SITE));
    const { root } = await store.publish(buildSearchIndex(edit(site, 1), SITE));
    const patched = searchPieceRefs(root).find((r) => r.base && !r.basePack)!;
    expect(patched).toBeDefined();
    const query = `fresh${word(1)}ing`;
    await expect(store.engine().search({ query })).resolves.toMatchObject({ nbHits: 1 });
    for (const missing of [patched.pack!, patched.base!]) {
      const broken = new Published();
      for (const [k, v] of store.kv) if (k !== kvKeys.blob(missing)) broken.kv.set(k, v);
      // The patched shard's first term: the query reads that shard, its patch from the pack and its base.
      await expect(broken.engine(root).search({ query: patched.from as string })).rejects.toBeInstanceOf(
        PieceUnavailable,
      );
    }
    // Record bundles' patches that are not patches: a query showing their records fails the same way.
    const bundles = root.records.filter((r) => r.base);
    expect(bundles.length).toBeGreaterThan(0);
    const corrupt = new Published();
    for (const [k, v] of store.kv) corrupt.kv.set(k, v);
    for (const bundle of bundles) {
      const pack = JSON.parse(corrupt.kv.get(kvKeys.blob(bundle.pack!))!) as Record<string, string>;
      corrupt.kv.set(kvKeys.blob(bundle.pack!), JSON.stringify({ ...pack, [bundle.digest]: '{"ids":[]}' }));
    }
    await expect(corrupt.engine(root).search({ query })).rejects.toBeInstanceOf(PieceUnavailable);
  });
});
