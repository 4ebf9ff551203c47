/**
 * Where a build's pieces differ from the base's, and which of those places changed since the last
 * publish. Both cut their keys where the content says (scripts/build/stable-chunks.ts), so their
 * piece boundaries mostly agree: a run is the stretch between two boundaries both have, holding a
 * few pieces of each, and it differs when its pieces' digests do. A segment records the runs it
 * covers with the digest of the build's pieces there (common/search-segment.ts); a run
 * whose newest record is still the build's needs nothing new.
 */
import type { Ref } from "../../../common/ref-parts";
import type { Run } from "../../../common/search-segment";
import { blobDigest } from "../../build/blobs";

/** A key of a kind of piece: a term, or a record id. */
export type Key = string | number;

/** A key range: from `from` (null: the first key) up to `to` (excluded; null: the last). */
export interface Span {
  from: Key | null;
  to: Key | null;
}

export interface AlignedRun extends Span {
  built: Ref<Key>[];
  base: Ref<Key>[];
  /** Of the build's pieces in the run. */
  digest: string;
  differs: boolean;
}

const digestOf = (refs: Ref<Key>[]) => blobDigest(refs.map((r) => r.digest).join(","));

/** The runs of two ref lists (each sorted by `from`, the first piece holding every key before its own too). */
export function alignedRuns(built: Ref<Key>[], base: Ref<Key>[]): AlignedRun[] {
  const inBase = new Set(base.slice(1).map((r) => r.from));
  const cuts = built.slice(1).flatMap((r) => (inBase.has(r.from) ? [r.from] : []));
  const runs: AlignedRun[] = [];
  let [i, j] = [0, 0];
  for (let c = 0; c <= cuts.length; c++) {
    const to = c < cuts.length ? cuts[c]! : null;
    const end = (refs: Ref<Key>[], k: number) => {
      while (k < refs.length && (to === null || refs[k]!.from < to)) k++;
      return k;
    };
    const [bi, bj] = [end(built, i), end(base, j)];
    const run = { built: built.slice(i, bi), base: base.slice(j, bj) };
    const digest = digestOf(run.built);
    runs.push({ from: c === 0 ? null : cuts[c - 1]!, to, ...run, digest, differs: digest !== digestOf(run.base) });
    [i, j] = [bi, bj];
  }
  return runs;
}

/** Whether `key` lies in the span. */
export const inSpan = (key: Key, { from, to }: Span): boolean =>
  (from === null || from <= key) && (to === null || key < to);

/** Whether two spans share a key. */
export const overlap = (a: Span, b: Span): boolean =>
  (a.to === null || b.from === null || b.from < a.to) && (b.to === null || a.from === null || a.from < b.to);

const spanOf = ([from, to]: Run<Key>): Span => ({ from, to });

/** Of runs recorded newest first (one list per segment), those no newer one overlaps: what a key's newest record is. */
export function visibleRuns(newestFirst: Run<Key>[][]): Run<Key>[] {
  const seen: Run<Key>[] = [];
  for (const runs of newestFirst)
    for (const run of runs) if (!seen.some((s) => overlap(spanOf(s), spanOf(run)))) seen.push(run);
  return seen;
}

/**
 * The runs whose keys may hold something new for a segment: a differing run that no record covers
 * exactly with its digest (it changed since), and a run that no longer differs but that a record
 * overlaps (the build went back to the base there, which the segments' entries must say).
 */
export function dirtyRuns(runs: AlignedRun[], recorded: Run<Key>[]): AlignedRun[] {
  return runs.filter((run) => {
    const over = recorded.filter((r) => overlap(run, spanOf(r)));
    if (!run.differs) return over.length > 0;
    const [only] = over;
    return !(over.length === 1 && only![0] === run.from && only![1] === run.to && only![2] === run.digest);
  });
}

/** A run as a segment records it. */
export const recordOf = (run: AlignedRun): Run<Key> => [run.from, run.to, run.digest];
