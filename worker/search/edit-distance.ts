/**
 * Levenshtein distance over UTF-16 code units, bounded: the typo scan of terms.ts measures a word
 * against every term with its first letter (thousands on a large site), so a word of up to 32 code
 * units is measured with Myers' bit-parallel algorithm (one pass over the term, a few word
 * operations per letter, nothing allocated), and a longer one with the dynamic program.
 */

let rowA = new Uint16Array(64);
let rowB = new Uint16Array(64);

/** Edits from `a` to `b` (Levenshtein), or max + 1 as soon as they must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) [rowA, rowB] = [new Uint16Array(b.length + 1), new Uint16Array(b.length + 1)];
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/** Myers' algorithm works on one machine word: words up to this long. */
const WORD_BITS = 32;

/** A word to measure many terms against: which of its positions hold each code unit, as bits. */
export class EditPattern {
  private readonly ascii = new Int32Array(128);
  private readonly other = new Map<number, number>();

  constructor(readonly word: string) {
    if (word.length > WORD_BITS) return;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c < 128) this.ascii[c]! |= 1 << i;
      else this.other.set(c, (this.other.get(c) ?? 0) | (1 << i));
    }
  }

  /** Edits from the word to `text.slice(start, end)`, or max + 1 when they exceed `max` (as editDistance). */
  distance(text: string, start: number, end: number, max: number): number {
    const m = this.word.length;
    const n = end - start;
    if (Math.abs(m - n) > max) return max + 1;
    if (m > WORD_BITS) return editDistance(this.word, text.slice(start, end), max);
    if (m === 0) return n;
    // Hyyrö's formulation of Myers (1999) for the global distance: the column of differences
    // D[i][j] - D[i-1][j] as two bit vectors (+1 in pv, -1 in mv), D[m][j] tracked in `score`.
    const high = 1 << (m - 1);
    let pv = -1;
    let mv = 0;
    let score = m;
    for (let j = start; j < end; j++) {
      const c = text.charCodeAt(j);
      const eq = c < 128 ? this.ascii[c]! : (this.other.get(c) ?? 0);
      const xv = eq | mv;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (ph & high) score++;
      else if (mh & high) score--;
      // Row 0 is D[0][j] = j: every step right adds one, so a 1 comes in at the bottom.
      ph = (ph << 1) | 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    return score <= max ? score : max + 1;
  }
}
