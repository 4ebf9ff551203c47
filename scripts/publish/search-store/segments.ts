/**
 * Segments as a publish handles them (common/search-segment.ts): entries by kind and key,
 * the runs they cover, newer entries replacing older ones when segments merge, and their stored
 * text (and back).
 */
import { packRecords, unpackRecord } from "../../../common/search";
import { PIECE_KINDS, type PieceKind } from "../../../common/search-index";
import { asciiJson, REMOVED } from "../../../common/search-pieces";
import type { Run, StoredSegment } from "../../../common/search-segment";
import type { FacetRow, Kinds } from "./kinds";
import { inSpan, overlap, visibleRuns, type Key, type Span } from "./runs";

export interface Segment {
  entries: { [K in PieceKind]: Map<Key, Kinds[K]["entry"]> };
  runs: { [K in PieceKind]: Run<Key>[] };
}

export const emptySegment = (): Segment => ({
  entries: { lexicon: new Map(), shards: new Map(), records: new Map(), facets: new Map() },
  runs: { lexicon: [], shards: [], records: [], facets: [] },
});

/** A kind's entries, as a map any kind's code can read. */
export const entriesOf = (segment: Segment, kind: PieceKind) => segment.entries[kind] as Map<Key, unknown>;

export const isEmpty = (segment: Segment): boolean =>
  PIECE_KINDS.every((kind) => segment.entries[kind].size === 0 && segment.runs[kind].length === 0);

/** `older` and `newer` as one segment: a key's newer entry replaces its older one, a newer run the older runs it overlaps. */
export function merged(older: Segment, newer: Segment): Segment {
  const out = emptySegment();
  for (const kind of PIECE_KINDS) {
    const entries = entriesOf(out, kind);
    for (const [key, entry] of entriesOf(older, kind)) entries.set(key, entry);
    for (const [key, entry] of entriesOf(newer, kind)) entries.set(key, entry);
    out.runs[kind] = visibleRuns([newer.runs[kind], older.runs[kind]]);
  }
  return out;
}

/** Takes the entries and runs of `kind` in `span` out of `segment`. */
export function withoutSpan(segment: Segment, kind: PieceKind, span: Span): void {
  const entries = entriesOf(segment, kind);
  for (const key of [...entries.keys()]) if (inSpan(key, span)) entries.delete(key);
  segment.runs[kind] = segment.runs[kind].filter(([from, to]) => !overlap(span, { from, to }));
}

/** JSON bytes an entry takes in a segment (about: its key, its value and their punctuation). */
export const entryBytes = (key: Key, entry: unknown): number =>
  JSON.stringify(key).length + JSON.stringify(entry).length + 2;

const byKey = (a: Key, b: Key) => (a < b ? -1 : a > b ? 1 : 0);

/** The stored text of a segment (its records packed under `siteUrl`). */
export function segmentText(segment: Segment, siteUrl: string): string {
  const { lexicon, shards, records, facets } = segment.entries;
  const terms = [...lexicon.keys()].sort(byKey) as string[];
  const ids = [...records.keys()].sort(byKey) as number[];
  const packed = packRecords(
    ids.flatMap((id) => records.get(id) ?? []),
    siteUrl,
  );
  let row = 0;
  const facetIds = [...facets.keys()].sort(byKey) as number[];
  const strings: string[] = [];
  const seen = new Map<string, number>();
  const string = (s: string) => seen.get(s) ?? (seen.set(s, strings.push(s) - 1), strings.length - 1);
  const stored: StoredSegment = {
    lexicon: { terms: terms.join(" "), heads: terms.map((t) => lexicon.get(t)!).join("") },
    postings: Object.fromEntries([...shards.keys()].sort(byKey).map((t) => [t, shards.get(t)!])),
    records: {
      strings: packed.strings,
      ids,
      records: ids.map((id) => (records.get(id) ? packed.records[row++]! : null)),
    },
    facets: {
      strings,
      ids: facetIds,
      levels: facetIds.flatMap((id) => {
        const row = facets.get(id);
        return row ? [string(row[0]), string(row[1])] : [0, 0];
      }),
      types: facetIds.map((id) => facets.get(id)?.[2] ?? REMOVED).join(""),
    },
    runs: segment.runs as StoredSegment["runs"],
  };
  return asciiJson(stored);
}

/** A stored segment read back (its records unpacked under `siteUrl`). */
export function parseSegment(text: string, siteUrl: string): Segment {
  const { lexicon, postings, records, facets, runs } = JSON.parse(text) as StoredSegment;
  const segment = emptySegment();
  const terms = lexicon.terms ? lexicon.terms.split(" ") : [];
  terms.forEach((term, i) => segment.entries.lexicon.set(term, lexicon.heads[i]!));
  for (const [term, change] of Object.entries(postings)) segment.entries.shards.set(term, change);
  records.ids.forEach((id, i) => {
    const row = records.records[i];
    segment.entries.records.set(id, row ? unpackRecord({ siteUrl, strings: records.strings }, row) : null);
  });
  facets.ids.forEach((id, i) => {
    const type = facets.types[i]!;
    const row: FacetRow = [facets.strings[facets.levels[2 * i]!]!, facets.strings[facets.levels[2 * i + 1]!]!, type];
    segment.entries.facets.set(id, type === REMOVED ? null : row);
  });
  segment.runs = runs;
  return segment;
}
