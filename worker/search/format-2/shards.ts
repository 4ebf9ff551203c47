/**
 * Term shards as a query reads them: a term's postings found in the shard's stored text and parsed
 * alone (a shard holds the postings of a thousand terms or more, a query wants a few), a shard
 * already parsed (one stored in a pack), or a shard stored as a patch of another (PieceRef.base),
 * each of the patch's terms answered from the patch and the others from its base.
 */
import {
  appliedDelta,
  type Postings,
  type PostingsDelta,
  type ShardPatch,
  type TermShard,
} from "../../../client/contracts/format-2/search-index";
import { PieceUnavailable, type PieceDecoder } from "./pieces";

export interface ShardView {
  /** The term's postings, or undefined when the shard does not hold the term. */
  postings(term: string): Postings | undefined;
}

/**
 * A shard's stored text, `{"term":{"a":[…],"h":[…],"n":…},…}` (JSON.stringify of a TermShard): a
 * term's postings are the object after its key, and hold no object of their own, so they end at
 * the first `}`. A term is a word (letters and digits), so its key cannot be mistaken for text
 * elsewhere; the key must also follow `{` or `,`, as every key of the shard does.
 */
class TextShard implements ShardView {
  private readonly parsed = new Map<string, Postings | undefined>();

  constructor(private readonly text: string) {
    if (!text.startsWith("{") || !text.endsWith("}")) throw new Error("a term shard is not a JSON object");
  }

  postings(term: string): Postings | undefined {
    if (this.parsed.has(term)) return this.parsed.get(term);
    const key = `${JSON.stringify(term)}:{`;
    let at = this.text.indexOf(key);
    while (at > 0 && this.text[at - 1] !== "{" && this.text[at - 1] !== ",") at = this.text.indexOf(key, at + 1);
    let postings: Postings | undefined;
    if (at > 0) {
      const start = at + key.length - 1;
      const end = this.text.indexOf("}", start);
      try {
        postings = JSON.parse(this.text.slice(start, end + 1)) as Postings;
      } catch (cause) {
        throw new PieceUnavailable(`the postings of "${term}" are corrupt in their shard`, { cause });
      }
      if (!Array.isArray(postings.a))
        throw new PieceUnavailable(`the postings of "${term}" are corrupt in their shard`);
    }
    this.parsed.set(term, postings);
    return postings;
  }
}

/** A shard already parsed (from a pack). */
class ObjectShard implements ShardView {
  constructor(private readonly shard: TermShard) {}

  postings(term: string): Postings | undefined {
    return Object.hasOwn(this.shard, term) ? this.shard[term] : undefined;
  }
}

/** A shard stored as a patch of `base`: its terms changed (whole or as a delta) or gone (null), the others as in the base. */
class PatchedShard implements ShardView {
  private readonly parsed = new Map<string, Postings | undefined>();

  constructor(
    private readonly base: ShardView,
    private readonly patch: ShardPatch,
  ) {}

  postings(term: string): Postings | undefined {
    if (!Object.hasOwn(this.patch, term)) return this.base.postings(term);
    if (this.parsed.has(term)) return this.parsed.get(term);
    const change = this.patch[term];
    const postings =
      change && "d" in change ? appliedDelta(this.base.postings(term), change as PostingsDelta) : (change ?? undefined);
    this.parsed.set(term, postings);
    return postings;
  }
}

/** How the piece loader keeps term shards (a patch names its base: PieceLoader reads both). */
export const TERM_SHARDS: PieceDecoder<ShardView> & { patched(base: ShardView, patch: object): ShardView } = {
  fromText: (text) => new TextShard(text),
  fromValue: (value) => new ObjectShard(value as TermShard),
  patched: (base, patch) => new PatchedShard(base, patch as ShardPatch),
};
