/**
 * The search index of a build, made by updating what an earlier build kept (index-state.ts)
 * rather than from every record again: only the pages whose records changed are analysed, only
 * the terms they hold or held are scored again, only the term shards holding such a term and the
 * record and facet bundles holding such a page are written again. The result is the index
 * buildSearchIndex makes of the same records, piece for piece (update-index.node.test.ts compares
 * them); a kept piece's text is made again only when asked for (piece-texts.ts).
 *
 * An impact reads the site's rounded statistics (postings.ts); when a change moves them, every
 * term is scored again, from the kept entries.
 */
import { indexTokens, miniSearchOptions, type SearchRecord, type Synonym } from "../../common/search";
import { POSTINGS_CAP } from "../../common/search-index";
import { shardOrder, shardPart, type Postings } from "../../common/search-pieces";
import { assembleIndex, type SearchIndexBuild } from "./build-index";
import { pieceRef, runsOf, type PieceRef } from "./index-pieces";
import { pageDigests, PART_ENTRIES, slotOf, stateKey, type IndexState, type KnownPages } from "./index-state";
import { mergeEntries, type MergedEntries } from "./merge-entries";
import { PieceTexts } from "./piece-texts";
import { PostingsScorer, rounded, roundedStatistics, shardBytes } from "./postings";
import { stableIds } from "./record-ids";
import { runningAverages, termStatistics } from "./term-statistics";

/** Past this share of pages changed, making the index again is as quick: the caller does. */
const MOST_PAGES = 0.25;
const SLOTS = 2 ** 17;

/** Null when `state` is of another site, fields or synonyms, or too much changed: make the index whole. */
export function updateSearchIndex(
  records: SearchRecord[],
  siteUrl: string,
  synonyms: Synonym[],
  state: IndexState,
  known?: KnownPages,
): { index: SearchIndexBuild; state: IndexState } | null {
  const fields = miniSearchOptions.fields!;
  const width = fields.length;
  const key = stateKey(siteUrl, fields, synonyms);
  if (state.key !== key || state.recordLengths.length !== state.recordIds.length * width) return null;
  const ids = stableIds(records);
  const pages = pageDigests(records, ids, known);
  if (!pages) return null;
  /** Positions of the changed pages' records; the slots whose kept entries go. */
  const localPos: number[] = [];
  const dropped = new Uint8Array(SLOTS);
  let changedPages = 0;
  for (const [url, page] of pages) {
    const old = state.pages.get(url);
    if (old?.digest === page.digest) continue;
    changedPages++;
    for (let p = page.from; p < page.to; p++) localPos.push(p);
    if (old) dropped[old.slot] = 1;
  }
  for (const [url, old] of state.pages)
    if (!pages.has(url)) {
      changedPages++;
      dropped[old.slot] = 1;
    }
  if (changedPages > Math.max(1, pages.size * MOST_PAGES)) return null;

  // The changed pages' records analysed as the full build does; the others' lengths as kept.
  const stats = termStatistics(
    localPos.map((p) => records[p]!),
    miniSearchOptions.tokenize ?? indexTokens,
  );
  const fieldLength = new Uint32Array(records.length * width);
  localPos.forEach((p, i) => {
    for (let f = 0; f < width; f++) fieldLength[p * width + f] = stats.fieldLength[i * width + f]!;
  });
  // Each kept record's position in this build: its page is unchanged, so its id is too.
  const position = new Map<number, number>();
  ids.forEach((id, p) => position.set(id, p));
  const moved = new Int32Array(state.recordIds.length);
  state.recordIds.forEach((id, r) => {
    const p = dropped[slotOf(id)] ? -1 : (position.get(id) ?? -1);
    moved[r] = p;
    if (p >= 0) for (let f = 0; f < width; f++) fieldLength[p * width + f] = state.recordLengths[r * width + f]!;
  });
  const statistics = roundedStatistics(records.length, runningAverages(fieldLength, width));
  const everything =
    statistics.documentCount !== state.statistics.documentCount ||
    statistics.averageFieldLength.some((a, f) => a !== state.statistics.averageFieldLength[f]);

  const merged = mergeEntries(state, { terms: stats.terms, positions: localPos }, width, moved);
  const { terms } = merged;
  const scorer = new PostingsScorer(fields, records, fieldLength, ids, statistics);
  const postingsOf = termPostings(merged, state, scorer, { width, dropped, localPos });
  const changed = everything ? terms : merged.changed;

  // Each term's part of its shard's text: a kept term's as kept (or scored again from its kept
  // entries, for a term without a kept part), a changed term's made again.
  const heads = new Uint8Array(terms.length);
  const bytes = new Uint32Array(terms.length);
  const made = new Map<number, string>();
  const untouched = (i: number) =>
    !everything && merged.oldOf[i]! >= 0 && !merged.fresh[i] && !merged.droppedRecords[i];
  terms.forEach((term, i) => {
    const o = merged.oldOf[i]!;
    if (untouched(i)) {
      heads[i] = state.heads[o]!;
      bytes[i] = state.bytes[o]!;
      return;
    }
    const p = postingsOf(i, everything);
    heads[i] = p.h ? 1 : 0;
    bytes[i] = shardBytes(term, p);
    made.set(i, shardPart(term, p));
  });
  const partOf = (i: number) =>
    made.get(i) ?? state.parts.get(merged.oldOf[i]!) ?? shardPart(terms[i]!, postingsOf(i, true));

  const later = new Map<string, () => string>();
  const pieces = new PieceTexts(later);
  const shardText = (run: number[]) =>
    `{${shardOrder(run, (i) => terms[i]!)
      .map(partOf)
      .join(",")}}`;
  const shards = keptShards(terms, bytes, state.shards, changed).map(({ run, kept }) => {
    if (!kept) return pieceRef(terms[run[0]!]!, shardText(run), pieces);
    later.set(kept.digest, () => shardText(run));
    return kept;
  });
  const parts = new Map<number, string>();
  terms.forEach((_, i) => {
    if (merged.start[i + 1]! - merged.start[i]! > PART_ENTRIES) parts.set(i, partOf(i));
  });
  const runs = new Map<string, PieceRef<number>>();
  const index = assembleIndex({
    records,
    ids,
    siteUrl,
    synonyms,
    fields,
    statistics,
    shards,
    terms,
    inHead: (i) => heads[i] === 1,
    pieces,
    runs: { pageDigest: (url) => pages.get(url)!.digest, kept: state.runs, made: runs, later },
  });
  const next: IndexState = {
    key,
    statistics,
    pages: new Map([...pages].map(([url, p]) => [url, { slot: p.slot, digest: p.digest }])),
    recordIds: Int32Array.from(ids),
    recordLengths: fieldLength,
    terms,
    start: merged.start,
    rows: merged.rows,
    cells: merged.cells,
    heads,
    bytes,
    parts,
    shards,
    runs,
  };
  return { index, state: next };
}

/**
 * A changed term's postings. When the term's rounded record counts did not move, the kept
 * records' impacts did not either: its kept postings less the dropped pages' records, merged with
 * the changed pages' records scored alone, are its postings, unless a kept list was cut at the cap
 * and lost a record (then a record below the cut may rise into it). Otherwise every entry is
 * scored again.
 */
function termPostings(
  merged: MergedEntries,
  state: IndexState,
  scorer: PostingsScorer,
  at: { width: number; dropped: Uint8Array; localPos: number[] },
) {
  const { width, dropped } = at;
  const all = (i: number): Postings => {
    const list: number[] = [];
    for (let k = merged.start[i]!; k < merged.start[i + 1]!; k++) {
      const f = merged.cells[k]! % width;
      list.push(merged.rows[k]! * width + f, (merged.cells[k]! - f) / width);
    }
    return scorer.postings(list);
  };
  const counts = (cells: Uint32Array, from: number, to: number) => {
    const n = new Array<number>(width).fill(0);
    for (let k = from; k < to; k++) n[cells[k]! % width]!++;
    return n;
  };
  const kept = (list: number[] | undefined) => {
    const out: number[] = [];
    for (let k = 0; k < (list?.length ?? 0); k += 2)
      if (!dropped[slotOf(list![k]!)]) out.push(list![k]!, list![k + 1]!);
    const lost = (list?.length ?? 0) !== out.length && (list?.length ?? 0) >= 2 * POSTINGS_CAP;
    return { out, lost };
  };
  return (i: number, everything: boolean): Postings => {
    const o = merged.oldOf[i]!;
    const part = o >= 0 ? state.parts.get(o) : undefined;
    if (everything || part === undefined) return all(i);
    const now = counts(merged.cells, merged.start[i]!, merged.start[i + 1]!);
    const was = counts(state.cells, state.start[o]!, state.start[o + 1]!);
    if (now.some((n, f) => rounded(n) !== rounded(was[f]!))) return all(i);
    const old = (JSON.parse(`{${part}}`) as Record<string, Postings>)[merged.terms[i]!]!;
    const [a, h] = [kept(old.a), kept(old.h)];
    if (a.lost || h.lost) return all(i);
    const list = merged.fresh[i];
    const local: number[] = [];
    for (let k = 0; k < (list?.length ?? 0); k += 2) {
      const f = list![k]! % width;
      local.push(at.localPos[(list![k]! - f) / width]! * width + f, list![k + 1]!);
    }
    const added = list ? scorer.postings(local, now) : { a: [], n: 0 };
    const heads = PostingsScorer.merged(h.out, added.h ?? []);
    return {
      a: PostingsScorer.merged(a.out, added.a),
      ...(heads.length ? { h: heads } : {}),
      n: old.n - merged.droppedRecords[i]! + added.n,
    };
  };
}

/** The term shards' runs, each with the kept shard it is when its range is one's and no term in it changed. */
function keptShards(terms: string[], bytes: Uint32Array, before: PieceRef<string>[], changed: string[]) {
  const byFrom = new Map(before.map((ref, i) => [ref.from, { ref, next: before[i + 1]?.from }]));
  const changedIn = (from: string, to: string | undefined) => {
    let lo = 0;
    let hi = changed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (changed[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < changed.length && (to === undefined || changed[lo]! < to);
  };
  const runs = runsOf(
    terms.map((_, i) => i),
    (i) => terms[i]!,
    (i) => bytes[i]!,
    "shard",
  );
  return runs.map((run, r) => {
    const from = terms[run[0]!]!;
    const next = runs[r + 1] ? terms[runs[r + 1]![0]!] : undefined;
    const old = byFrom.get(from);
    return { run, kept: old && old.next === next && !changedIn(from, next) ? old.ref : undefined };
  });
}
