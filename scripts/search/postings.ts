/**
 * A term's postings from its entries (term-statistics.ts): each record's impact (the term's whole
 * score for it, MiniSearch's BM25+ with the field and type boosts), best first, cut at
 * POSTINGS_CAP. The full build (build-index.ts) and the update of a kept index (update-index.ts)
 * score with this one class, so both give the same postings for the same entries.
 */
import { bm25, FIELD_BOOST, HEAD_FIELDS, IMPACT_SCALE, POSTINGS_CAP, TYPE_BOOST } from "../../common/search-index";
import type { Postings } from "../../common/search-pieces";
import type { SearchRecord } from "../../common/search";

/**
 * Two significant digits: statistics a one-page change leaves as they were, so impacts stay put.
 * A term's impacts are computed with its record count so rounded too: a page added under a section
 * adds a record holding the section's words, and with their exact counts every impact of those
 * common words would move by a unit, so a one-page release would change thousands of postings
 * instead of the page's own.
 */
export const rounded = (n: number) => (n > 0 ? Number(n.toPrecision(2)) : n);

/**
 * A field length as impacts use it: exact up to 8 tokens, then on a geometric scale of about 10%
 * steps (as Lucene's one-byte norms are coarse), so a word added to a paragraph seldom changes it
 * and the paragraph's other terms keep their impacts.
 */
export function lengthBucket(length: number): number {
  if (length <= 8) return length;
  return Math.round(1.1 ** Math.round(Math.log(length) / Math.log(1.1)));
}

/** The statistics every impact reads, rounded (see `rounded`). */
export interface IndexStatistics {
  documentCount: number;
  averageFieldLength: number[];
}

export function roundedStatistics(documentCount: number, averageFieldLength: number[]): IndexStatistics {
  return { documentCount: rounded(documentCount), averageFieldLength: averageFieldLength.map(rounded) };
}

/** What a term shard's item costs (the chunking's size of a term and its postings). */
export const shardBytes = (term: string, p: Postings) => term.length + 16 + (p.a.length + (p.h?.length ?? 0)) * 6;

/**
 * Scores terms over one build's records. Entries are a flat [slot, count, …] list, slot = record
 * position × fields + field, a record's entries together and in field order.
 */
export class PostingsScorer {
  private readonly width: number;
  private readonly fieldBoost: number[];
  private readonly headField: boolean[];
  private readonly typeBoost: number[];
  private readonly lengths: Uint32Array;
  private readonly matching: number[];
  // Scratch arrays for one term's records (no map or pair per posting: a site of 10,000 pages has
  // millions of them), grown to the longest list met.
  private record = new Int32Array(0);
  private allScore = new Float64Array(0);
  private headScore = new Float64Array(0);
  private inHeadOf = new Uint8Array(0);
  private impact = new Int32Array(0);
  private stable = new Float64Array(0);

  constructor(
    fields: string[],
    records: readonly SearchRecord[],
    /** Distinct tokens of each record's field, by slot. */
    fieldLength: ArrayLike<number>,
    /** Each record's stable id, by position. */
    private readonly ids: ArrayLike<number>,
    private readonly stats: IndexStatistics,
  ) {
    this.width = fields.length;
    this.fieldBoost = fields.map((f) => FIELD_BOOST[f] ?? 1);
    this.headField = fields.map((f) => HEAD_FIELDS.has(f));
    this.typeBoost = records.map((r) => TYPE_BOOST[r.type]);
    this.lengths = Uint32Array.from(fieldLength, lengthBucket);
    this.matching = new Array<number>(this.width);
  }

  /** Whether the term occurs in a head field (title, keywords) of any record. */
  inHead(entries: ArrayLike<number>): boolean {
    for (let k = 0; k < entries.length; k += 2) if (this.headField[entries[k]! % this.width]) return true;
    return false;
  }

  /**
   * `counts`: the records with the term in each field, when `entries` are not all of the term's
   * (an update scores a changed page's records alone).
   */
  postings(entries: ArrayLike<number>, counts?: ArrayLike<number>): Postings {
    const { width, matching, stats } = this;
    this.reserve(entries.length / 2);
    const { record, allScore, headScore, inHeadOf, stable } = this;
    matching.fill(0);
    if (counts) for (let f = 0; f < width; f++) matching[f] = counts[f]!;
    else for (let k = 0; k < entries.length; k += 2) matching[entries[k]! % width]!++;
    for (let f = 0; f < width; f++) matching[f] = rounded(matching[f]!);
    // Each record's score is summed field by field, as a field-by-field pass would sum it.
    let count = 0;
    let heads = 0;
    for (let k = 0; k < entries.length; k += 2) {
      const slot = entries[k]!;
      const f = slot % width;
      const id = (slot - f) / width;
      const score =
        this.fieldBoost[f]! *
        this.typeBoost[id]! *
        bm25(entries[k + 1]!, matching[f]!, stats.documentCount, this.lengths[slot]!, stats.averageFieldLength[f]!);
      if (count === 0 || record[count - 1] !== id) {
        record[count] = id;
        stable[count] = this.ids[id]!;
        allScore[count] = 0;
        headScore[count] = 0;
        inHeadOf[count] = 0;
        count++;
      }
      allScore[count - 1]! += score;
      if (this.headField[f]) {
        if (!inHeadOf[count - 1]) heads++;
        headScore[count - 1]! += score;
        inHeadOf[count - 1] = 1;
      }
    }
    const a = this.ordered(count, allScore, null);
    return { a, ...(heads ? { h: this.ordered(count, headScore, inHeadOf) } : {}), n: count };
  }

  private reserve(n: number): void {
    if (this.record.length >= n) return;
    this.record = new Int32Array(n);
    this.allScore = new Float64Array(n);
    this.headScore = new Float64Array(n);
    this.inHeadOf = new Uint8Array(n);
    this.impact = new Int32Array(n);
    this.stable = new Float64Array(n);
  }

  /**
   * Two postings lists (flat [stable id, impact, …], best first) as one, cut at the cap: what
   * ordering their records together gives.
   */
  static merged(x: number[], y: number[]): number[] {
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (out.length < 2 * POSTINGS_CAP && (i < x.length || j < y.length)) {
      const takeX =
        j >= y.length || (i < x.length && (x[i + 1]! > y[j + 1]! || (x[i + 1] === y[j + 1] && x[i]! < y[j]!)));
      if (takeX) out.push(x[i]!, x[(i += 2) - 1]!);
      else out.push(y[j]!, y[(j += 2) - 1]!);
    }
    return out;
  }

  /** The first `count` records' scores (those marked in `keep`, if given), best first, cut at the cap, as a flat [stable id, impact, …] list. */
  private ordered(count: number, score: Float64Array, keep: Uint8Array | null): number[] {
    const { impact, stable } = this;
    const order: number[] = [];
    for (let i = 0; i < count; i++) {
      if (keep && !keep[i]) continue;
      impact[i] = Math.max(1, Math.round(score[i]! * IMPACT_SCALE));
      order.push(i);
    }
    const better = (x: number, y: number) => impact[y]! - impact[x]! || stable[x]! - stable[y]!;
    if (order.length > 2 * POSTINGS_CAP) order.splice(0, order.length, ...this.best(order, POSTINGS_CAP));
    order.sort(better);
    const list: number[] = [];
    for (let k = 0; k < order.length && k < POSTINGS_CAP; k++) list.push(stable[order[k]!]!, impact[order[k]!]!);
    return list;
  }

  /**
   * The `k` best of `order` (not in order), found with native numeric sorts instead of a compared
   * sort of a list of hundreds of thousands: those above the k-th best impact, then the lowest
   * stable ids among those tied with it.
   */
  private best(order: number[], k: number): number[] {
    const { impact, stable } = this;
    const impacts = Int32Array.from(order, (i) => impact[i]!).sort();
    const threshold = impacts[impacts.length - k]!;
    const above = order.filter((i) => impact[i]! > threshold);
    const tied = order.filter((i) => impact[i]! === threshold);
    const wanted = k - above.length;
    if (tied.length <= wanted) return [...above, ...tied];
    const cutoff = Float64Array.from(tied, (i) => stable[i]!).sort()[wanted - 1]!;
    return [...above, ...tied.filter((i) => stable[i]! <= cutoff)];
  }
}
