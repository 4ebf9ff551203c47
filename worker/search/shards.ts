/**
 * Term shards as a query reads them: a term's postings found in the shard's stored text and parsed
 * alone (a shard holds the postings of a thousand terms or more, a query wants a few).
 */
import type { Postings } from "../../common/search-pieces";
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

/** How the piece loader keeps term shards. */
export const TERM_SHARDS: PieceDecoder<ShardView> = {
  fromText: (text) => new TextShard(text),
};
