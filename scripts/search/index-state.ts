/**
 * What a search index was made from, kept in the build cache so that the next build updates the
 * index (update-index.ts) instead of making it again: each page's digest and slot, each record's
 * field lengths, every term's entries by stable record id, and each term's head flag and shard
 * size, with the rounded statistics and the term shards they gave.
 *
 * A state describes its own pages exactly, whichever build wrote it: an update takes a page's
 * entries from it only when the page's digest (its records and their ids) is the same, so a state
 * of an older build, or of another version of the site, gives the same index, only slower. A
 * state that cannot be read, or was made for another site address, fields or synonyms, is not used.
 */
import { createHash } from "node:crypto";
import type { SearchRecord, Synonym } from "../../common/search";
import { shardPart, type Postings } from "../../common/search-pieces";
import type { PieceRef } from "./index-pieces";
import { shardBytes, type IndexStatistics } from "./postings";
import { CONTENT_IDS, PAGE_IDS } from "./record-ids";
import { readStateFile, VarintWriter, writeStateFile } from "./state-file";
import type { TermStatistics } from "./term-statistics";

const FORMAT = 3;
/**
 * Terms with more entries than this keep their part of their shard's text: scoring them again would
 * cost most, and they are few. Any other term is scored again from its entries when a shard holding
 * it is written again.
 */
export const PART_ENTRIES = 4096;

export interface PageState {
  slot: number;
  digest: string;
}

export interface IndexState {
  /** The site address, fields and synonyms it was made for (stateKey). */
  key: string;
  statistics: IndexStatistics;
  pages: Map<string, PageState>;
  /** Each record's stable id, and its fields' lengths (fields per record, in field order), by row (its position in the build that kept them). */
  recordIds: Int32Array;
  recordLengths: Uint32Array;
  /** Every term, in order; term i's entries are start[i] to start[i + 1]. */
  terms: string[];
  start: Uint32Array;
  /** An entry's record (its row, ascending within a term), and its field + fields × its count. */
  rows: Uint32Array;
  cells: Uint32Array;
  heads: Uint8Array;
  /** Each term's size as the shards' chunking counts it. */
  bytes: Uint32Array;
  /** The part of its shard's text (shardPart) of each term with more than PART_ENTRIES entries, by term index. */
  parts: Map<number, string>;
  shards: PieceRef<string>[];
  /** The record and facet bundles' runs (index-pieces.ts, RunMemo), by key. */
  runs: Map<string, PieceRef<number>>;
}

export function stateKey(siteUrl: string, fields: string[], synonyms: Synonym[]): string {
  return createHash("sha256")
    .update(JSON.stringify([FORMAT, siteUrl, fields, synonyms]))
    .digest("hex")
    .slice(0, 32);
}

/** A record's page slot (record-ids.ts): its id without its region and its place in the page. */
export const slotOf = (id: number) => Math.floor((id % CONTENT_IDS) / PAGE_IDS);

/**
 * What the build knows of each page's records before the boilerplate is dropped: a digest of them
 * all (by the page's address), and each record's place among them. A page's digest is then made
 * of those and its records' ids, without serialising its records again.
 */
export interface KnownPages {
  digest(url: string): string | undefined;
  place(record: SearchRecord): number | undefined;
}

/**
 * Each page's records as positions `from` to `to`, with the digest of those records and their
 * ids; null when a page's records are not together (a state describes whole pages).
 */
export function pageDigests(records: readonly SearchRecord[], ids: readonly number[], known?: KnownPages) {
  const pages = new Map<string, PageState & { from: number; to: number }>();
  let from = 0;
  while (from < records.length) {
    const url = records[from]!.url_without_anchor;
    if (pages.has(url)) return null;
    let to = from;
    const hash = createHash("sha256");
    const all = known?.digest(url);
    if (all !== undefined) hash.update(`${all}\0`);
    while (to < records.length && records[to]!.url_without_anchor === url) {
      const place = all === undefined ? undefined : known!.place(records[to]!);
      hash.update(`${ids[to]}\0${place ?? JSON.stringify(records[to])}\0`);
      to++;
    }
    pages.set(url, { slot: slotOf(ids[from]!), digest: hash.digest("hex").slice(0, 32), from, to });
    from = to;
  }
  return pages;
}

/** The state of a full build's statistics (`terms` in order, with their heads and postings). */
export function stateFromStatistics(
  stats: TermStatistics,
  terms: string[],
  heads: boolean[],
  postings: [string, Postings][],
  records: readonly SearchRecord[],
  ids: readonly number[],
  key: string,
  statistics: IndexStatistics,
  known?: KnownPages,
): IndexState | null {
  const digests = pageDigests(records, ids, known);
  if (!digests) return null;
  const width = stats.fields.length;
  let total = 0;
  for (const list of stats.terms.values()) total += list.length / 2;
  const start = new Uint32Array(terms.length + 1);
  const rows = new Uint32Array(total);
  const cells = new Uint32Array(total);
  const parts = new Map<number, string>();
  let j = 0;
  terms.forEach((term, i) => {
    start[i] = j;
    const list = stats.terms.get(term)!;
    for (let k = 0; k < list.length; k += 2, j++) {
      const f = list[k]! % width;
      rows[j] = (list[k]! - f) / width;
      cells[j] = f + width * list[k + 1]!;
    }
    if (list.length / 2 > PART_ENTRIES) parts.set(i, shardPart(term, postings[i]![1]));
  });
  start[terms.length] = j;
  const pages = new Map([...digests].map(([url, p]) => [url, { slot: p.slot, digest: p.digest }]));
  return {
    key,
    statistics,
    pages,
    recordIds: Int32Array.from(ids),
    recordLengths: Uint32Array.from(stats.fieldLength),
    terms,
    start,
    rows,
    cells,
    heads: Uint8Array.from(heads, Number),
    bytes: Uint32Array.from(postings, ([term, p]) => shardBytes(term, p)),
    parts,
    shards: [],
    runs: new Map(),
  };
}

interface Head {
  format: number;
  key: string;
  statistics: IndexStatistics;
  pages: [string, number, string][];
  terms: string[];
  shards: PieceRef<string>[];
  runs: [string, PieceRef<number>][];
  records: number;
  entries: number;
}

/** Writes `state` to `file` (state-file.ts); the error when it could not. */
export function writeState(file: string, state: IndexState): Error | null {
  const head: Head = {
    format: FORMAT,
    key: state.key,
    statistics: state.statistics,
    pages: [...state.pages].map(([url, p]) => [url, p.slot, p.digest]),
    terms: state.terms,
    shards: state.shards,
    runs: [...state.runs],
    records: state.recordIds.length,
    entries: state.rows.length,
  };
  const body = new VarintWriter();
  for (const id of state.recordIds) body.uint(id);
  for (const length of state.recordLengths) body.uint(length);
  for (let i = 0; i < state.terms.length; i++) {
    body.uint(state.start[i + 1]! - state.start[i]!);
    body.uint(state.heads[i]!);
    body.uint(state.bytes[i]!);
    let last = 0;
    for (let k = state.start[i]!; k < state.start[i + 1]!; k++) {
      body.uint(state.rows[k]! - last);
      body.uint(state.cells[k]!);
      last = state.rows[k]!;
    }
  }
  body.uint(state.parts.size);
  for (const [i, part] of state.parts) {
    body.uint(i);
    body.bytes(Buffer.from(part));
  }
  return writeStateFile(file, head, body.done());
}

/** The state in `file`, or null when there is none or it is not a whole state of this format. */
export function readState(file: string): IndexState | null {
  const read = readStateFile(file);
  if (!read) return null;
  const head = read.head as Head;
  if (head?.format !== FORMAT) return null;
  try {
    const body = read.body;
    const width = head.statistics.averageFieldLength.length;
    const recordIds = new Int32Array(head.records);
    for (let r = 0; r < head.records; r++) recordIds[r] = body.uint();
    const recordLengths = new Uint32Array(head.records * width);
    for (let k = 0; k < recordLengths.length; k++) recordLengths[k] = body.uint();
    const count = head.terms.length;
    const start = new Uint32Array(count + 1);
    const heads = new Uint8Array(count);
    const bytes = new Uint32Array(count);
    const rows = new Uint32Array(head.entries);
    const cells = new Uint32Array(head.entries);
    let j = 0;
    for (let i = 0; i < count; i++) {
      start[i] = j;
      const n = body.uint();
      heads[i] = body.uint();
      bytes[i] = body.uint();
      if (j + n > head.entries) return null;
      for (let k = 0, row = 0; k < n; k++, j++) {
        rows[j] = row += body.uint();
        cells[j] = body.uint();
      }
    }
    start[count] = j;
    const parts = new Map<number, string>();
    for (let n = body.uint(); n > 0; n--) parts.set(body.uint(), Buffer.from(body.bytes()).toString("utf8"));
    if (j !== head.entries || !body.done) return null;
    return {
      key: head.key,
      statistics: head.statistics,
      pages: new Map(head.pages.map(([url, slot, digest]) => [url, { slot, digest }])),
      recordIds,
      recordLengths,
      terms: head.terms,
      start,
      rows,
      cells,
      heads,
      bytes,
      parts,
      shards: head.shards,
      runs: new Map(head.runs),
    };
  } catch {
    return null;
  }
}
