/**
 * The search index's record ids (scripts/search/build-index.ts): stable across builds, so that a
 * page's change leaves the rest of the site's postings and bundles as they were.
 */
import type { SearchRecord } from "../../common/search";
import { fnv1a } from "../build/stable-chunks";

/**
 * Record ids that survive edits: a page's records get ids `slot × PAGE_IDS + position`, the slot
 * taken from a hash of the page's address and the position from a hash of the record's place in
 * the page (its address with anchor, its type, and which such record of that place it is), the
 * next free one on a collision. Editing a record's text, or adding one, moves no other id, so the
 * postings and bundles of the rest of the site stay as they were.
 *
 * Text records' ids come after every heading's (CONTENT_IDS on), so a bundle holds either pages'
 * headings or their text: a query's hits are mostly headings (titles outrank text), on as many
 * pages as hits, and a bundle of headings alone holds those of many more pages than a bundle of
 * whole pages did, so a warm isolate reads fewer bundles per query.
 */
export const PAGE_IDS = 4096;
/**
 * Page slots: 131,072 pages at most. With PAGE_IDS and the text region, every id is below 2^30, so
 * within V8's small integers (31 bits where pointers are compressed, as in workerd): an id the
 * worker reads from a posting list or keeps in a Map costs no heap number.
 */
const SLOTS = 2 ** 17;
export const CONTENT_IDS = SLOTS * PAGE_IDS;

/** A free number from `start` on (wrapping at `size`), taken. */
function claim(taken: Set<number>, start: number, size: number): number {
  let n = start % size;
  while (taken.has(n)) n = (n + 1) % size;
  taken.add(n);
  return n;
}

/** Stable ids (see PAGE_IDS) for records in build order. */
export function stableIds(records: SearchRecord[]): number[] {
  const pages = [...new Set(records.map((r) => r.url_without_anchor))].sort();
  if (pages.length > SLOTS)
    throw new Error(`search index: ${pages.length} pages have records; the index holds at most ${SLOTS}`);
  const slots = new Set<number>();
  const slotOf = new Map(pages.map((page) => [page, claim(slots, fnv1a(page), SLOTS)]));
  const positions = new Map<string, Set<number>>();
  const places = new Map<string, number>();
  return records.map((r) => {
    const page = r.url_without_anchor;
    const taken = positions.get(page) ?? positions.set(page, new Set()).get(page)!;
    if (taken.size >= PAGE_IDS) throw new Error(`search index: ${page} has more than ${PAGE_IDS} records`);
    const place = `${r.url}\0${r.type}`;
    const nth = places.get(place) ?? 0;
    places.set(place, nth + 1);
    const region = r.type === "content" ? CONTENT_IDS : 0;
    return region + slotOf.get(page)! * PAGE_IDS + claim(taken, fnv1a(`${place}\0${nth}`), PAGE_IDS);
  });
}
