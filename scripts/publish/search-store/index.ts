/**
 * How a publish stores the search index (common/search-index.ts; worker/search/README.md
 * draws it). The base pieces stay as they are, and what the build changed goes into a new segment
 * (entries.ts), so a one-page release writes a few kilobytes of index, not the pieces its page
 * touches. Segments are merged as they accumulate, the tiered merge of Lucene's segments: the
 * newest are merged into the new one while there would be more than MAX_SEGMENTS, or while the
 * newest kept is less than twice the size of what comes after it, so segments stay few and most
 * merges rewrite little. When every segment is merged into one past SEGMENT_BYTES, runs of pieces
 * are folded into the base (fold.ts): the build's pieces replace the base's there, at most
 * SEGMENT_BYTES of them in a release, or as many as it takes when the segment is past twice that
 * (folds fell behind). A run whose change would take more than half its pieces is written whole
 * instead (entries.ts). No release rewrites the index but one whose change touches all of it.
 */
import { allRefs, isRefPart, type Ref, type RefPart } from "../../../common/ref-parts";
import { isSearchRoot, PIECE_KINDS, type PieceKind, type SearchRoot } from "../../../common/search-index";
import { blobDigest } from "../../build/blobs";
import type { SearchIndexBuild } from "../../search/build-index";
import type { ChunkLimits } from "../../build/stable-chunks";
import { PART_LIMITS, refParts } from "../ref-parts";
import { newEntries, type KindRuns } from "./entries";
import { foldRuns } from "./fold";
import { alignedRuns, type Key } from "./runs";
import { emptySegment, isEmpty, merged, parseSegment, segmentText, withoutSpan, type Segment } from "./segments";

/** Segments a root may name. */
export const MAX_SEGMENTS = 4;
/** Segments' bytes past which a merge of them all folds runs into the base; and what a release may fold. */
export const SEGMENT_BYTES = 256 * 1024;

/** The bounds a store keeps (tests and the warm-up index set smaller ones). */
export interface StoreLimits {
  parts: ChunkLimits;
  segmentBytes: number;
}
const LIMITS: StoreLimits = { parts: PART_LIMITS, segmentBytes: SEGMENT_BYTES };

export type BaseRefs = Record<PieceKind, Ref<Key>[]>;

/** A build's stored index, as the next publish builds on it. */
export interface StoredSearch {
  root: SearchRoot;
  base: BaseRefs;
  /** Parsed, as the root names them (oldest first). */
  segments: Segment[];
  /** Every stored value the root names: parts, base pieces, segments, the browse list. */
  blobs: Set<string>;
}

/** Reads a live stored value's text; a missing one is an error naming it. */
export type ReadLive = (digest: string) => Promise<string>;

/** A stored build's index, or null when it has none of this format. */
export async function readStoredSearch(root: unknown, read: ReadLive): Promise<StoredSearch | null> {
  if (!isSearchRoot(root)) return null;
  const blobs = new Set<string>([root.browse, ...root.segments.map((s) => s.digest)]);
  const parts = (refs: Ref<Key>[]) =>
    Promise.all(
      refs.map(async (r) => {
        const part: unknown = JSON.parse(await read(r.digest));
        if (!isRefPart(part)) throw new Error(`the search index's part ${r.digest} is not a part`);
        return part as RefPart<Key>;
      }),
    );
  const base = {} as BaseRefs;
  for (const kind of PIECE_KINDS) {
    const list = await allRefs(root[kind] as RefPart<Key>, parts);
    for (const digest of [...list.parts, ...list.refs.map((r) => r.digest)]) blobs.add(digest);
    base[kind] = list.refs;
  }
  const segments = await Promise.all(root.segments.map(async (s) => parseSegment(await read(s.digest), root.siteUrl)));
  return { root, base, segments, blobs };
}

/**
 * The root and the values to write that store `build` over `live` (null: a first publish, or one
 * over a build of another format: every piece is stored); `have` holds what the live build stores.
 */
export async function storeSearchIndex(
  build: SearchIndexBuild,
  live: StoredSearch | null,
  read: ReadLive,
  have: ReadonlySet<string>,
  limits: Partial<StoreLimits> = {},
): Promise<{ stored: StoredSearch; blobs: Map<string, string> }> {
  const { parts: partLimits, segmentBytes } = { ...LIMITS, ...limits };
  const { siteUrl } = build.meta;
  const blobs = new Map<string, string>();
  const write = (digest: string, text: string) => {
    if (!have.has(digest)) blobs.set(digest, text);
  };
  const builtRefs = build.refs as BaseRefs;
  let base = builtRefs;
  let kept: { ref: SearchRoot["segments"][number]; segment: Segment }[] = [];
  let newest: Segment | null = null;
  if (live && live.root.siteUrl === siteUrl && live.root.fields.join() === build.meta.fields.join()) {
    const runs = {} as KindRuns;
    for (const kind of PIECE_KINDS) runs[kind] = alignedRuns(builtRefs[kind], live.base[kind]);
    const made = await newEntries(runs, live.segments, (d) => build.pieces.get(d)!, read, siteUrl);
    const segments = live.root.segments.map((ref, i) => ({ ref, segment: live.segments[i]! }));
    const folded = made.whole;
    let next = made.segment;
    let j = segments.length;
    if (folded.size) {
      // Runs written whole: every segment is merged, less its entries there (they stand for
      // pieces the base no longer has).
      next = merged(
        segments.reduce((all, s) => merged(all, s.segment), emptySegment()),
        next,
      );
      j = 0;
      for (const kind of PIECE_KINDS) for (const run of runs[kind]) if (folded.has(run)) withoutSpan(next, kind, run);
    } else {
      let size = segmentText(next, siteUrl).length;
      while (j > 0 && (j + 1 > MAX_SEGMENTS || segments[j - 1]!.ref.bytes < 2 * size)) {
        next = merged(segments[--j]!.segment, next);
        size = segmentText(next, siteUrl).length;
      }
    }
    if (j === 0) {
      // No older segment is left under it: its entries where the build is the base's say nothing.
      for (const kind of PIECE_KINDS) for (const run of runs[kind]) if (!run.differs) withoutSpan(next, kind, run);
      const size = segmentText(next, siteUrl).length;
      // Folds fell behind (entries spread thin over many runs fold few a release): fold as many as it takes.
      const budget = size > 2 * segmentBytes ? null : segmentBytes;
      for (const run of foldRuns(next, size, runs, folded, have, budget, segmentBytes)) folded.add(run);
    }
    base = live.base;
    if (folded.size) {
      base = {} as BaseRefs;
      for (const kind of PIECE_KINDS)
        base[kind] = runs[kind].flatMap((run) => {
          if (!folded.has(run)) return run.base;
          for (const ref of run.built) write(ref.digest, build.pieces.get(ref.digest)!);
          return run.built;
        });
    }
    kept = segments.slice(0, j);
    if (!isEmpty(next)) newest = next;
  } else
    for (const kind of PIECE_KINDS) for (const ref of builtRefs[kind]) write(ref.digest, build.pieces.get(ref.digest)!);

  const segmentRefs = kept.map((s) => s.ref);
  const segments = kept.map((s) => s.segment);
  if (newest) {
    const text = segmentText(newest, siteUrl);
    const digest = blobDigest(text);
    write(digest, text);
    segmentRefs.push({ digest, bytes: text.length });
    segments.push(newest);
  }
  const browse = JSON.stringify(build.browse);
  const browseDigest = blobDigest(browse);
  write(browseDigest, browse);
  const parts = new Map<string, string>();
  const lists = {} as Record<PieceKind, RefPart<Key>>;
  for (const kind of PIECE_KINDS) lists[kind] = refParts(base[kind], parts, partLimits);
  for (const [digest, text] of parts) write(digest, text);
  const root = {
    version: 5,
    ...build.meta,
    browse: browseDigest,
    ...lists,
    segments: segmentRefs,
  } as SearchRoot;
  const names = [browseDigest, ...parts.keys(), ...segmentRefs.map((s) => s.digest)];
  for (const kind of PIECE_KINDS) for (const ref of base[kind]) names.push(ref.digest);
  return { stored: { root, base, segments, blobs: new Set(names) }, blobs };
}
