/**
 * Lists a root names in parts (common/ref-parts.ts): the search root's base pieces and
 * the manifest root's route shards and files. A list that takes more than PART_LIMITS.minBytes is
 * cut into content-addressed parts (boundaries chosen by the entries' keys, so a change of a few
 * entries rewrites the parts holding them), and the root holds the list of parts instead, cut the
 * same way while it is longer than that.
 */
import type { Ref, RefPart } from "../../common/ref-parts";
import { blobDigest } from "../build/blobs";
import { stableChunks, type ChunkLimits } from "../build/stable-chunks";

/**
 * Parts of 16-32 KiB (a few hundred entries): a root keeps a list of up to 16 KiB itself (a small
 * site's lists, so its cold search reads what it read before parts), and a large site's cold
 * search reads one part per kind of piece it needs.
 */
export const PART_LIMITS: ChunkLimits = { minBytes: 16 * 1024, maxBytes: 32 * 1024, everyNth: 16 };

/** A part's stored text. */
const partText = <K>(part: RefPart<K>) => JSON.stringify(part);

/** The top level of `refs` as a root holds it, and every part below it (digest → text) in `parts`. */
export function refParts<K>(refs: Ref<K>[], parts: Map<string, string>, limits = PART_LIMITS): RefPart<K> {
  let top: RefPart<K> = { level: 0, refs };
  while (partText(top).length > limits.minBytes) {
    const level = top.level;
    top = {
      level: level + 1,
      refs: stableChunks(
        top.refs,
        (r) => String(r.from),
        (r) => JSON.stringify(r).length + 1,
        limits,
      ).map((run) => {
        const text = partText({ level, refs: run });
        const digest = blobDigest(text);
        parts.set(digest, text);
        return { from: run[0]!.from, digest };
      }),
    };
  }
  return top;
}
