/**
 * A term's change as a segment stores it (termChange) gives back the build's postings when applied
 * to the base's (appliedChange, what a query runs), for every term of two real builds, terms added
 * and gone, lists past POSTINGS_CAP, and records whose impacts moved; and it holds what changed,
 * not the list.
 */
import { describe, expect, it } from "vitest";
import { POSTINGS_CAP } from "../../../common/search-index";
import type { Postings, TermShard } from "../../../common/search-pieces";
import { appliedChange } from "../../../common/search-segment";
import { records, SITE, word } from "../../../test/helpers/search-records";
import { buildSearchIndex } from "../../search/build-index";
import { termChange } from "./kinds";

/** Every term's postings of a build. */
function postingsOf(site: Parameters<typeof buildSearchIndex>[0]): Map<string, Postings> {
  const index = buildSearchIndex(site, SITE);
  const all = new Map<string, Postings>();
  for (const ref of index.refs.shards)
    for (const [term, p] of Object.entries(JSON.parse(index.pieces.get(ref.digest)!) as TermShard)) all.set(term, p);
  return all;
}

describe("a term's change in a segment", () => {
  it("makes the build's postings of the base's, for every term of two builds", () => {
    const site = records(300, 8);
    // A page gone, a paragraph added to another, a word changed in a third, a word common past the cap.
    const next = site
      .filter((r) => r.url_without_anchor !== `${SITE}/page-12`)
      .map((r) => (r.objectID === "4-3" ? { ...r, content: `${r.content} fresh${word(1)}ing ${word(5)}` } : r))
      .map((r) => (r.objectID === "20-3" ? { ...r, content: r.content!.replace(/^\S+/, "revised") } : r))
      .map((r) => (r.type === "content" ? { ...r, content: `${r.content} everywhere` } : r));
    const [before, after] = [
      postingsOf(site.map((r) => (r.type === "content" ? { ...r, content: `${r.content} everywhere` } : r))),
      postingsOf(next),
    ];
    expect(after.get("everywhere")!.a.length).toBe(2 * POSTINGS_CAP);
    let changed = 0;
    for (const term of new Set([...before.keys(), ...after.keys()])) {
      const change = termChange(before.get(term), after.get(term));
      expect(appliedChange(before.get(term), change), term).toEqual(after.get(term));
      if (JSON.stringify(before.get(term)) !== JSON.stringify(after.get(term))) changed++;
      // What changed, not the list: a change never holds more pairs than the build's list.
      expect(change.a.length, term).toBeLessThanOrEqual(after.get(term)?.a.length ?? 0);
    }
    expect(changed).toBeGreaterThan(50);
    // A record added to a capped list: a few pairs, not the 1,024.
    const capped = termChange(before.get("everywhere"), after.get("everywhere"));
    expect(capped.a.length + (capped.x?.length ?? 0)).toBeLessThan(100);
  });
});
