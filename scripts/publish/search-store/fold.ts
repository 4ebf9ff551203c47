/**
 * Folding runs into the base: when a merge of every segment leaves one past SEGMENT_BYTES, the
 * build's pieces of some runs replace the base's there, and the segment's entries in those runs
 * go. First the runs whose entries weigh most for the bytes their pieces take to write, until the
 * segment is half the bound; within `budget` bytes of pieces, or, for a large change, as many as
 * it takes.
 */
import { PIECE_KINDS, type PieceKind } from "../../../common/search-index";
import type { KindRuns } from "./entries";
import { inSpan, type AlignedRun } from "./runs";
import { entriesOf, entryBytes, withoutSpan, type Segment } from "./segments";

/** The runs folded, their entries taken out of `segment` (whose stored text is `size` bytes). */
export function foldRuns(
  segment: Segment,
  size: number,
  runs: KindRuns,
  done: ReadonlySet<AlignedRun>,
  have: ReadonlySet<string>,
  budget: number | null,
  limit: number,
): AlignedRun[] {
  if (size <= limit) return [];
  const candidates: { kind: PieceKind; run: AlignedRun; weight: number; cost: number }[] = [];
  for (const kind of PIECE_KINDS)
    for (const run of runs[kind]) {
      if (!run.differs || done.has(run)) continue;
      let weight = 0;
      for (const [key, entry] of entriesOf(segment, kind)) if (inSpan(key, run)) weight += entryBytes(key, entry);
      const cost = run.built.reduce((sum, r) => sum + (have.has(r.digest) ? 0 : (r.bytes ?? 0)), 0);
      if (weight > 0) candidates.push({ kind, run, weight, cost });
    }
  candidates.sort((a, b) => b.weight / Math.max(1, b.cost) - a.weight / Math.max(1, a.cost));
  const folded: AlignedRun[] = [];
  let spent = 0;
  for (const { kind, run, weight, cost } of candidates) {
    if (size <= limit / 2) break;
    if (budget !== null && spent + cost > budget) continue;
    withoutSpan(segment, kind, run);
    size -= weight;
    spent += cost;
    folded.push(run);
  }
  return folded;
}
