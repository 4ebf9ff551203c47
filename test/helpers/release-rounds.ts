/**
 * Releases of a synthetic site published one after another as `npm run publish` stores the search
 * index (scripts/publish/search-store), each checked as a reader would notice: what it wrote is
 * bounded, and every query (words of this and earlier releases, typos, prefixes, facet filters)
 * answers from what the root names exactly as the index the build made, stored whole, does.
 */
import { expect } from "vitest";
import { kvKeys } from "../../common/page";
import type { SearchRecord } from "../../common/search";
import { storeSearchIndex, type StoredSearch, type StoreLimits } from "../../scripts/publish/search-store";
import { buildSearchIndex, type SearchIndexBuild } from "../../scripts/search/build-index";
import type { EngineQuery } from "../../worker/search/engine";
import { records, SITE, word } from "./search-records";
import { CountingKv, engineOver, wholeEngine } from "./stored-index";

/** KV as publishes leave it, and the live build's stored index. */
export class Published {
  readonly kv = new CountingKv();
  live: StoredSearch | null = null;

  constructor(private readonly limits: Partial<StoreLimits> = {}) {}

  /** Stores `index` as a publish does; returns the values written. */
  async publish(index: SearchIndexBuild): Promise<Map<string, string>> {
    const read = async (digest: string) => this.kv.data.get(kvKeys.blob(digest))!;
    const { stored, blobs } = await storeSearchIndex(
      index,
      this.live,
      read,
      this.live?.blobs ?? new Set(),
      this.limits,
    );
    for (const [digest, value] of blobs) this.kv.data.set(kvKeys.blob(digest), value);
    this.live = stored;
    return blobs;
  }

  /** An engine over the values the live root names alone (what GC keeps), each read as KV would. */
  engine() {
    const kept = new CountingKv();
    for (const digest of this.live!.blobs) kept.data.set(kvKeys.blob(digest), this.kv.data.get(kvKeys.blob(digest))!);
    return engineOver(this.live!.root, kept);
  }
}

/** The page edit n adds a paragraph to, and its title. */
export const editedPage = (n: number) => (n * 37) % 400;
export const pageTitle = (n: number) => `Page ${word(editedPage(n))} ${word(editedPage(n) + 1000)}`;

/** Edit n: a paragraph with a new word and common words added to one page, and a word changed in another. */
export function edit(site: SearchRecord[], n: number): SearchRecord[] {
  const page = editedPage(n);
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

/** Queries whose answers tell segments apart: each release's words, common words, a typo, a prefix, facet filters. */
export function queriesAfter(n: number): EngineQuery[] {
  const releases = [...new Set([1, 2, n - 3, n - 2, n - 1, n].filter((k) => k >= 1 && k <= n))];
  return [
    ...releases.flatMap((k) => [`fresh${word(k)}ing`, `revised${word(k)}`]),
    ...releases.map((k) => ({ query: `fresh${word(k)}ing`, facetFilters: [[`hierarchy.lvl1:${pageTitle(k)}`]] })),
    `fresh${word(n)}img`,
    `fresh${word(n)}`,
    `${word(5)} ${word(40)}`,
    word(41),
    { query: word(41), facetFilters: [["hierarchy.lvl0:Learn"], ["type:content"]] },
    "page",
  ].map((q) => (typeof q === "string" ? { query: q } : q));
}

/** Each query answers the same from both engines: hits (records and scores, in order), their count, whether it is exact. */
export async function expectSameAnswers(
  stored: {
    search(
      q: EngineQuery,
    ): Promise<{ hits: { record: unknown; score: number }[]; nbHits: number; exhaustive: boolean }>;
  },
  whole: typeof stored,
  queries: EngineQuery[],
  round: string,
): Promise<void> {
  for (const q of queries) {
    const name = `${round}: ${JSON.stringify(q)}`;
    const [a, b] = [await stored.search({ ...q, hitsPerPage: 30 }), await whole.search({ ...q, hitsPerPage: 30 })];
    expect(
      a.hits.map((h) => [h.record, h.score]),
      name,
    ).toEqual(b.hits.map((h) => [h.record, h.score]));
    expect([a.nbHits, a.exhaustive], name).toEqual([b.nbHits, b.exhaustive]);
  }
}

export interface Round {
  name: string;
  written: Map<string, string>;
  segments: number;
  /** Of the segments the root names, together. */
  segmentBytes: number;
  /** Base pieces the root names that the round before's did not (folded or written whole). */
  newBase: number;
}

/**
 * The site published `rounds` times after a first publish: one-page edits, then (when `extra`) a
 * page removed, a page put back as it first was, and a large change. Each round is checked (see
 * the module); returns what each wrote.
 */
export async function releaseRounds(
  rounds: number,
  options: { limits?: Partial<StoreLimits>; extra?: boolean; check?: (round: Round) => void } = {},
): Promise<Round[]> {
  const store = new Published(options.limits);
  const first = records(400, 12);
  let site = first;
  const out: Round[] = [];
  const step = async (name: string, next: SearchRecord[], n: number) => {
    site = next;
    const index = buildSearchIndex(site, SITE);
    const before = new Set(
      store.live?.base
        ? Object.values(store.live.base)
            .flat()
            .map((r) => r.digest)
        : [],
    );
    const written = await store.publish(index);
    const after = Object.values(store.live!.base).flat();
    const round: Round = {
      name,
      written,
      segments: store.live!.root.segments.length,
      segmentBytes: store.live!.root.segments.reduce((n, s) => n + s.bytes, 0),
      newBase: before.size ? after.filter((r) => !before.has(r.digest)).length : 0,
    };
    out.push(round);
    await expectSameAnswers(store.engine(), await wholeEngine(index), queriesAfter(n), name);
    options.check?.(round);
  };
  await step("first publish", site, 0);
  for (let n = 1; n <= rounds; n++) await step(`release ${n}`, edit(site, n), n);
  if (options.extra) {
    const gone = editedPage(2);
    await step(
      "a page removed",
      site.filter((r) => r.url_without_anchor !== `${SITE}/page-${gone}`),
      rounds,
    );
    const back = editedPage(3);
    const url = `${SITE}/page-${back}`;
    await step(
      "a page put back as it first was",
      [...site.filter((r) => r.url_without_anchor !== url), ...first.filter((r) => r.url_without_anchor === url)],
      rounds,
    );
    const more = records(400, 13).filter((r) => r.objectID.endsWith("-13") && Number(r.objectID.split("-")[0]) < 200);
    await step(
      "a paragraph added to half the pages",
      site.flatMap((r) => [r, ...more.filter((m) => r.objectID === m.objectID.replace(/-13$/, "-12"))]),
      rounds,
    );
  }
  return out;
}
