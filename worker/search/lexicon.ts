/**
 * Lexicon pieces as a query reads them. A piece's terms are one string (sorted, separated by
 * spaces: a term is letters and digits), searched where it lies: parsing a piece makes one string,
 * not the thousand short ones a JSON array of terms would make (V8's JSON.parse enters each into
 * its string table), and an exact lookup or a prefix's first term is a binary search over that
 * string, a prefix's terms and a typo scan a walk along it. A segment's lexicon is read the same
 * way, its heads telling also which terms it removes (REMOVED).
 */
import type { LexiconPiece } from "../../common/search-pieces";
import type { EditPattern } from "./edit-distance";
import type { PieceDecoder } from "./pieces";

const SEP = " ";

export class LexiconView {
  /** The terms with a separator before and after each: " a b c ". */
  private readonly text: string;

  constructor(
    terms: string,
    /** `heads[i]`: "1" when the i-th term is in a title or keywords, "0" when not, REMOVED (segments) when gone. */
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

  /** The separators before `at` (the term's position, for `heads`). */
  private ordinal(at: number): number {
    let ordinal = 0;
    for (let i = 0; i < at; i = this.text.indexOf(SEP, i + 1)) ordinal++;
    return ordinal;
  }

  /** Whether the piece holds the term. */
  has(term: string): boolean {
    if (term === "" || term.includes(SEP)) return false;
    const at = this.lowerBound(term) + 1;
    return this.text.startsWith(term, at) && this.text[at + term.length] === SEP;
  }

  /** The term's heads letter ("0", "1", or REMOVED), or undefined when the piece does not hold it. */
  head(term: string): string | undefined {
    if (!this.has(term)) return undefined;
    return this.heads[this.ordinal(this.lowerBound(term))];
  }

  /** Where the first term starting with `prefix` begins (at its separator), or -1. */
  private firstWith(prefix: string): number {
    if (prefix.includes(SEP)) return -1;
    const at = this.lowerBound(prefix);
    return at < this.text.length - 1 && this.text.startsWith(prefix, at + 1) ? at : -1;
  }

  /** Whether a term starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    return this.firstWith(prefix) >= 0;
  }

  /** The piece's terms starting with `prefix`, in order, added to `out` (with `headsOnly`, those in titles or keywords). */
  withPrefix(prefix: string, headsOnly: boolean, out: string[]): void {
    const text = this.text;
    let at = this.firstWith(prefix);
    if (at < 0) return;
    let ordinal = headsOnly ? this.ordinal(at) : 0;
    while (at < text.length - 1 && text.startsWith(prefix, at + 1)) {
      const end = text.indexOf(SEP, at + 1);
      if (!headsOnly || this.heads[ordinal] === "1") out.push(text.slice(at + 1, end));
      ordinal++;
      at = end;
    }
  }

  /** The piece's terms starting with `prefix` with their heads letters (a segment's entries), set in `out`. */
  entries(prefix: string, out: Map<string, string>): void {
    const text = this.text;
    let at = this.firstWith(prefix);
    if (at < 0) return;
    let ordinal = this.ordinal(at);
    while (at < text.length - 1 && text.startsWith(prefix, at + 1)) {
      const end = text.indexOf(SEP, at + 1);
      out.set(text.slice(at + 1, end), this.heads[ordinal]!);
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
  fromText: (text) => lexiconView(JSON.parse(text)),
};

/** A lexicon piece (or a segment's lexicon) as a view; throws when it is not one. */
export function lexiconView(value: unknown): LexiconView {
  const { terms, heads } = (value ?? {}) as Partial<LexiconPiece>;
  if (typeof terms !== "string" || typeof heads !== "string") throw new Error("not a lexicon piece");
  return new LexiconView(terms, heads);
}
