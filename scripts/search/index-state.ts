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
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { SearchRecord, Synonym } from "../../common/search";
import { isArrayIndex, shardOrder, shardPart, type Postings } from "../../common/search-pieces";
import type { PieceRef } from "./index-pieces";
import { shardBytes, type IndexStatistics } from "./postings";
import { CONTENT_IDS, PAGE_IDS } from "./record-ids";
import type { TermStatistics } from "./term-statistics";

const FORMAT = 2;
const PART_BATCH = 4096;

export interface PageState {
  slot: number;
  digest: string;
}

export interface IndexState {
  /** The site address, fields and synonyms it was made for (stateKey). */
  key: string;
  statistics: IndexStatistics;
  pages: Map<string, PageState>;
  /** Each record's stable id, and its fields' lengths (fields per record, in field order). */
  recordIds: Int32Array;
  recordLengths: Uint32Array;
  /** Every term, in order; term i's entries are start[i] to start[i + 1]. */
  terms: string[];
  start: Uint32Array;
  /** An entry's record (stable id), and its field + fields × its count; a record's entries together, in field order. */
  ids: Int32Array;
  cells: Uint32Array;
  heads: Uint8Array;
  /** Each term's size as the shards' chunking counts it. */
  bytes: Uint32Array;
  /** Each term's member of its shard's text (shardPart) and a comma, in UTF-8: term i's from partStart[i] to partStart[i + 1]. */
  parts: Uint8Array;
  partStart: Uint32Array;
  shards: PieceRef<string>[];
  /** The record and facet bundles' runs (index-pieces.ts, RunMemo), by key. */
  runs: Map<string, PieceRef<number>>;
}

/**
 * Term parts (shardPart of term i is `partOf(i)`) joined as IndexState keeps them, a batch of terms
 * at a time, so that a large site's parts are never all strings at once.
 */
export function joinParts(count: number, partOf: (i: number) => string): { parts: Buffer; partStart: Uint32Array } {
  const partStart = new Uint32Array(count + 1);
  const chunks: Buffer[] = [];
  let at = 0;
  for (let first = 0; first < count; first += PART_BATCH) {
    const batch: string[] = [];
    for (let i = first; i < Math.min(count, first + PART_BATCH); i++) {
      const part = `${partOf(i)},`;
      partStart[i] = at;
      at += Buffer.byteLength(part);
      batch.push(part);
    }
    chunks.push(Buffer.from(batch.join("")));
  }
  partStart[count] = at;
  return { parts: Buffer.concat(chunks, at), partStart };
}

/** The text of the term shard of terms `first` to `last` (inclusive), from their parts. */
export function shardTextOfParts(
  first: number,
  last: number,
  terms: readonly string[],
  parts: Uint8Array,
  partStart: Uint32Array,
): string {
  const bytes = Buffer.from(parts.buffer, parts.byteOffset, parts.byteLength);
  let indexes = false;
  for (let i = first; i <= last && !indexes; i++) indexes = isArrayIndex(terms[i]!);
  if (!indexes) return `{${bytes.toString("utf8", partStart[first], partStart[last + 1]! - 1)}}`;
  const run = Array.from({ length: last - first + 1 }, (_, k) => first + k);
  return `{${shardOrder(run, (i) => terms[i]!)
    .map((i) => bytes.toString("utf8", partStart[i], partStart[i + 1]! - 1))
    .join(",")}}`;
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
  const entryIds = new Int32Array(total);
  const cells = new Uint32Array(total);
  let j = 0;
  terms.forEach((term, i) => {
    start[i] = j;
    const list = stats.terms.get(term)!;
    for (let k = 0; k < list.length; k += 2, j++) {
      const f = list[k]! % width;
      entryIds[j] = ids[(list[k]! - f) / width]!;
      cells[j] = f + width * list[k + 1]!;
    }
  });
  start[terms.length] = j;
  const pages = new Map([...digests].map(([url, p]) => [url, { slot: p.slot, digest: p.digest }]));
  const { parts, partStart } = joinParts(postings.length, (i) => shardPart(...postings[i]!));
  return {
    key,
    statistics,
    pages,
    recordIds: Int32Array.from(ids),
    recordLengths: Uint32Array.from(stats.fieldLength),
    terms,
    start,
    ids: entryIds,
    cells,
    heads: Uint8Array.from(heads, Number),
    bytes: Uint32Array.from(postings, ([term, p]) => shardBytes(term, p)),
    parts,
    partStart,
    shards: [],
    runs: new Map(),
  };
}

type Arrays = Pick<
  IndexState,
  "recordIds" | "recordLengths" | "start" | "ids" | "cells" | "heads" | "bytes" | "parts" | "partStart"
>;
const ARRAYS = ["recordIds", "recordLengths", "start", "ids", "cells", "heads", "bytes", "parts", "partStart"] as const;
const TYPES = {
  recordIds: Int32Array,
  recordLengths: Uint32Array,
  start: Uint32Array,
  ids: Int32Array,
  cells: Uint32Array,
  heads: Uint8Array,
  bytes: Uint32Array,
  parts: Uint8Array,
  partStart: Uint32Array,
} as const;

/**
 * Writes `state` to `file` (through a temporary file, so a killed build leaves the old one or
 * none); the error when it could not.
 */
export function writeState(file: string, state: IndexState): Error | null {
  const { pages, ...rest } = state;
  const lengths = Object.fromEntries(ARRAYS.map((name) => [name, state[name].length]));
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      key: rest.key,
      statistics: rest.statistics,
      pages: [...pages].map(([url, p]) => [url, p.slot, p.digest]),
      terms: rest.terms,
      shards: rest.shards,
      runs: [...rest.runs],
      lengths,
    }),
  );
  const chunks: Uint8Array[] = [Buffer.from(new Uint32Array([header.length]).buffer), header];
  chunks.push(new Uint8Array((4 - (header.length % 4)) % 4));
  for (const name of ARRAYS) {
    const a = state[name];
    chunks.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    chunks.push(new Uint8Array((4 - (a.byteLength % 4)) % 4));
  }
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Part by part: a large site's state is a hundred megabytes, not worth a joined copy.
    const fd = openSync(temporary, "w");
    try {
      for (const chunk of chunks) for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    return null;
  } catch (e) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Its folder could not be made either.
    }
    return e as Error;
  }
}

/** The state in `file`, or null when there is none or it is not a whole state of this format. */
export function readState(file: string): IndexState | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  try {
    const headerBytes = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString("utf8", 4, 4 + headerBytes)) as {
      format: number;
      key: string;
      statistics: IndexStatistics;
      pages: [string, number, string][];
      terms: string[];
      shards: PieceRef<string>[];
      runs: [string, PieceRef<number>][];
      lengths: Record<(typeof ARRAYS)[number], number>;
    };
    if (header.format !== FORMAT) return null;
    let at = 4 + headerBytes;
    at += (4 - (headerBytes % 4)) % 4;
    const arrays = {} as Record<string, unknown>;
    for (const name of ARRAYS) {
      const Type = TYPES[name];
      const byteLength = header.lengths[name] * Type.BYTES_PER_ELEMENT;
      if (at + byteLength > bytes.length) return null;
      // A copy, aligned for its type (the file's bytes need not be).
      arrays[name] = new Type(
        (bytes.buffer as ArrayBuffer).slice(bytes.byteOffset + at, bytes.byteOffset + at + byteLength),
      );
      at += byteLength + ((4 - (byteLength % 4)) % 4);
    }
    const state = {
      key: header.key,
      statistics: header.statistics,
      pages: new Map(header.pages.map(([url, slot, digest]) => [url, { slot, digest }])),
      terms: header.terms,
      shards: header.shards,
      runs: new Map(header.runs),
      ...(arrays as unknown as Arrays),
    };
    return at === bytes.length && consistent(state) ? state : null;
  } catch {
    return null;
  }
}

/** The counts a state's parts must agree on. */
function consistent(s: IndexState): boolean {
  const width = s.recordIds.length ? s.recordLengths.length / s.recordIds.length : 0;
  return (
    s.start.length === s.terms.length + 1 &&
    s.start[s.terms.length] === s.ids.length &&
    s.cells.length === s.ids.length &&
    s.heads.length === s.terms.length &&
    s.bytes.length === s.terms.length &&
    s.partStart.length === s.terms.length + 1 &&
    s.partStart[s.terms.length] === s.parts.length &&
    s.partStart.every((v, i) => i === 0 || v > s.partStart[i - 1]!) &&
    Number.isInteger(width) &&
    s.start.every((v, i) => i === 0 || v >= s.start[i - 1]!)
  );
}
