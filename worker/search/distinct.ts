/**
 * Algolia's `distinct` over a ranked list of hits: at most `per` hits of each URL (page and
 * anchor), the best-ranked standing for it, so a reader never sees the same place twice. A URL is
 * known only once its record is read, so the hits are read in rank order, a batch at a time, until
 * the page asked for is full, every hit is read, or MAX_EXAMINED are (a query's work stays bounded
 * when most of its hits share a few URLs).
 */

/** The most hits one query reads to drop those of a URL already shown. */
export const MAX_EXAMINED = 2000;

/** Algolia's largest `distinct`. */
export const MAX_DISTINCT = 4;

export interface DistinctRanking<R> {
  /** The first `needed` positions kept, best first. */
  kept: number[];
  /** Records read, by position: every kept one among them. */
  records: Map<number, R>;
  /** How many hits were read and dropped as another's URL. */
  dropped: number;
  /** Whether every hit was read: then `distinctCount` is exact. */
  complete: boolean;
  /** Hits kept among those read. */
  distinctCount: number;
}

/**
 * The ranked positions with at most `per` of each URL. `order(k)` gives the first k of the
 * `total` positions, best first (each a prefix of the next); `read` the records of positions;
 * `urlOf` a record's URL.
 */
export async function distinctRanking<R>(
  order: (k: number) => number[],
  total: number,
  needed: number,
  per: number,
  read: (positions: number[]) => Promise<R[]>,
  urlOf: (record: R) => string,
): Promise<DistinctRanking<R>> {
  const records = new Map<number, R>();
  const seen = new Map<string, number>();
  const kept: number[] = [];
  let distinctCount = 0;
  let dropped = 0;
  let examined = 0;
  const limit = Math.min(total, MAX_EXAMINED);
  // Read what the page needs, then twice what is still missing, until it is full.
  let k = Math.min(limit, needed);
  while (examined < k) {
    const positions = order(k).slice(examined);
    const loaded = await read(positions);
    positions.forEach((p, i) => {
      const record = loaded[i]!;
      const url = urlOf(record);
      const n = seen.get(url) ?? 0;
      if (n >= per) {
        dropped++;
        return;
      }
      seen.set(url, n + 1);
      distinctCount++;
      if (kept.length < needed) {
        kept.push(p);
        records.set(p, record);
      }
    });
    examined = k;
    if (kept.length >= needed) break;
    k = Math.min(limit, examined + 2 * (needed - kept.length));
  }
  return { kept, records, dropped, complete: examined === total, distinctCount };
}
