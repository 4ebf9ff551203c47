/**
 * A publish's new segment: for each run that changed since the last publish (runs.ts), every key
 * where the build's value is not what the live segments and the base give, with the entry that
 * makes it so (kinds.ts); a run whose entries would take more than half its pieces' bytes (a
 * change of most of it, such as every impact moving when the site's record count crosses a
 * rounding step) is written whole instead. Reads the base's pieces of those runs only.
 */
import { PIECE_KINDS, type PieceKind } from "../../../common/search-index";
import { KIND_RULES, sameValue } from "./kinds";
import { dirtyRuns, inSpan, recordOf, visibleRuns, type AlignedRun, type Key } from "./runs";
import { emptySegment, entriesOf, entryBytes, type Segment } from "./segments";

/** A stored piece's text: the base's (from KV) or the build's (from memory). */
export type PieceText = (digest: string) => Promise<string> | string;

export type KindRuns = Record<PieceKind, AlignedRun[]>;

export interface NewEntries {
  segment: Segment;
  /** The runs to write whole: their pieces become the base's there. */
  whole: Set<AlignedRun>;
}

/**
 * The new segment over the live segments (oldest first), for the runs of each kind that changed
 * since; `built` gives the build's pieces' texts, `base` the base's.
 */
export async function newEntries(
  runs: KindRuns,
  live: Segment[],
  built: PieceText,
  base: PieceText,
  siteUrl: string,
): Promise<NewEntries> {
  const newestFirst = [...live].reverse();
  const out: NewEntries = { segment: emptySegment(), whole: new Set() };
  for (const kind of PIECE_KINDS)
    for (const run of dirtyRuns(runs[kind], visibleRuns(newestFirst.map((s) => s.runs[kind])))) {
      const entries = new Map<Key, unknown>();
      const bytes = await runEntries(kind, run, newestFirst, built, base, siteUrl, entries);
      const pieces = run.built.reduce((n, r) => n + (r.bytes ?? 0), 0);
      if (2 * bytes > pieces) out.whole.add(run);
      else {
        for (const [key, entry] of entries) entriesOf(out.segment, kind).set(key, entry);
        out.segment.runs[kind].push(recordOf(run));
      }
    }
  return out;
}

/** One run's entries, set in `entries`; returns their bytes. */
async function runEntries(
  kind: PieceKind,
  run: AlignedRun,
  newestFirst: Segment[],
  built: PieceText,
  base: PieceText,
  siteUrl: string,
  entries: Map<Key, unknown>,
): Promise<number> {
  const rules = KIND_RULES[kind] as {
    parse(text: string, siteUrl: string): Map<Key, unknown>;
    entry(base: unknown, built: unknown): unknown;
    value(base: unknown, entry: unknown): unknown;
  };
  const values = async (refs: { digest: string }[], text: PieceText) => {
    const all = new Map<Key, unknown>();
    for (const piece of await Promise.all(refs.map((r) => text(r.digest))))
      for (const [key, value] of rules.parse(piece, siteUrl)) all.set(key, value);
    return all;
  };
  const [mine, theirs] = await Promise.all([values(run.built, built), values(run.base, base)]);
  const layers = newestFirst.map((s) => entriesOf(s, kind));
  const keys = new Set<Key>([...mine.keys(), ...theirs.keys()]);
  for (const layer of layers) for (const key of layer.keys()) if (inSpan(key, run)) keys.add(key);
  let bytes = 0;
  for (const key of keys) {
    const was = theirs.get(key);
    const newest = layers.find((layer) => layer.has(key));
    const now = newest ? rules.value(was, newest.get(key)) : was;
    const target = mine.get(key);
    if (sameValue(now, target)) continue;
    const entry = rules.entry(was, target);
    entries.set(key, entry);
    bytes += entryBytes(key, entry);
  }
  return bytes;
}
