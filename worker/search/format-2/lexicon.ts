/**
 * Lexicon pieces as a query reads them. A piece's terms are one string (sorted, separated by
 * spaces: a term is letters and digits), searched where it lies: parsing a piece makes one string,
 * not the thousand short ones a JSON array of terms made (V8's JSON.parse enters each into its
 * string table, a quarter of a millisecond per piece in workerd), and an exact lookup or a prefix's
 * first term is a binary search over that string, a prefix's terms and a typo scan a walk along it.
 * Pieces written before hold an array; they still read.
 */
import type { EditPattern } from "../edit-distance";
import type { PieceDecoder } from "./pieces";

const SEP = " ";

export class LexiconView {
  /** The terms with a separator before and after each: " a b c ". */
  private readonly text: string;

  constructor(
    terms: string,
    /** `heads[i]` is "1" when the i-th term is in a title or keywords. */
    private readonly heads: string,
  ) {
    this.text = terms ? `${SEP}${terms}${SEP}` : SEP;
  }

  /**
   * The separator before the first term not less than `key` (the last separator when every term is
   * less): a binary search over the string, each step reading the term at a separator.
   */
  private lowerBound(key: string): number {
    const text = this.text;
    let lo = 0;
    let hi = text.length - 1;
    while (lo < hi) {
      const mid = text.lastIndexOf(SEP, (lo + hi) >> 1);
      const end = text.indexOf(SEP, mid + 1);
      if (text.slice(mid + 1, end) < key) lo = end;
      else hi = mid;
    }
    return lo;
  }

  /** Whether the piece holds the term. */
  has(term: string): boolean {
    if (term === "" || term.includes(SEP)) return false;
    const at = this.lowerBound(term) + 1;
    return this.text.startsWith(term, at) && this.text[at + term.length] === SEP;
  }

  /** Where the first term starting with `prefix` begins (at its separator), or -1. */
  private firstWith(prefix: string): number {
    if (prefix.includes(SEP)) return -1;
    const at = this.lowerBound(prefix);
    return at < this.text.length - 1 && this.text.startsWith(prefix, at + 1) ? at : -1;
  }

  /** The piece's terms starting with `prefix`, in order, added to `out` (with `headsOnly`, those in titles or keywords). */
  withPrefix(prefix: string, headsOnly: boolean, out: string[]): void {
    const text = this.text;
    let at = this.firstWith(prefix);
    if (at < 0) return;
    // The term's position in the piece (for `heads`): the separators before it.
    let ordinal = 0;
    if (headsOnly) for (let i = 0; i < at; i = text.indexOf(SEP, i + 1)) ordinal++;
    while (at < text.length - 1 && text.startsWith(prefix, at + 1)) {
      const end = text.indexOf(SEP, at + 1);
      if (!headsOnly || this.heads[ordinal] === "1") out.push(text.slice(at + 1, end));
      ordinal++;
      at = end;
    }
  }

  /** The piece's terms starting with `first` within `max` edits of the pattern's word, with their distance, added to `out`. */
  near(pattern: EditPattern, first: string, max: number, out: [string, number][]): void {
    const text = this.text;
    let at = this.firstWith(first);
    if (at < 0) return;
    while (at < text.length - 1 && text.startsWith(first, at + 1)) {
      const end = text.indexOf(SEP, at + 1);
      const d = pattern.distance(text, at + 1, end, max);
      if (d <= max) out.push([text.slice(at + 1, end), d]);
      at = end;
    }
  }
}

/** How the piece loader keeps lexicon pieces. */
export const LEXICON: PieceDecoder<LexiconView> = {
  fromText: (text) => LEXICON.fromValue(JSON.parse(text) as object),
  fromValue(value) {
    const { terms, heads } = value as { terms?: unknown; heads?: unknown };
    if (typeof heads !== "string") throw new Error("not a lexicon piece");
    if (typeof terms === "string") return new LexiconView(terms, heads);
    // Written before pieces held their terms as one string.
    if (Array.isArray(terms) && terms.every((t) => typeof t === "string"))
      return new LexiconView(terms.join(SEP), heads);
    throw new Error("not a lexicon piece");
  },
};
