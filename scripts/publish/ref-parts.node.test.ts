/**
 * Lists a root names in parts: a short list stays in the root, a long one is cut into bounded
 * parts in as many levels as it takes, and reading it back (every entry, the entry holding a key,
 * those meeting a prefix) gives what the flat list gives; a change of one entry rewrites the parts
 * on its way up, not the list; a part of the wrong level is refused.
 */
import { describe, expect, it } from "vitest";
import {
  allRefs,
  refFor,
  refsFor,
  refsForPrefix,
  refsForPrefixOf,
  type Ref,
  type RefPart,
} from "../../common/ref-parts";
import { blobDigest } from "../build/blobs";
import { PART_LIMITS, refParts } from "./ref-parts";

/** `count` entries keyed by words in order ("a0000", …), each naming a digest of its key and `salt`. */
function list(count: number, salt = ""): Ref<string>[] {
  return Array.from({ length: count }, (_, i) => {
    const from = `${"abcdefghij"[Math.floor((i * 10) / count)]}${String(i).padStart(5, "0")}`;
    return { from, digest: blobDigest(`${from}${salt}`), bytes: 100 + i };
  });
}

/** Small parts, so that a list of a few thousand entries takes two levels. */
const SMALL = { minBytes: 1024, maxBytes: 4096, everyNth: 8 };

/** A list stored in parts, with a loader that counts what it reads. */
function stored(refs: Ref<string>[], limits = SMALL) {
  const parts = new Map<string, string>();
  const top = refParts(refs, parts, limits);
  const reads: string[] = [];
  const load = (want: Ref<string>[]) =>
    want.map((r) => {
      reads.push(r.digest);
      return JSON.parse(parts.get(r.digest)!) as RefPart<string>;
    });
  return { top, parts, reads, load };
}

describe("a list in parts", () => {
  it("stays in the root while it is short", async () => {
    const short = list(100);
    const { top, parts } = stored(short, PART_LIMITS);
    expect(top).toEqual({ level: 0, refs: short });
    expect(parts.size).toBe(0);
  });

  it("is cut into bounded parts, in levels, and reads back as the flat list does", async () => {
    const long = list(5000);
    const { top, parts, load, reads } = stored(long);
    expect(top.level).toBe(2);
    expect(JSON.stringify(top).length).toBeLessThanOrEqual(SMALL.minBytes);
    for (const text of parts.values()) expect(text.length).toBeLessThanOrEqual(SMALL.maxBytes + 100);
    const all = await allRefs(top, load);
    expect(all.refs).toEqual(long);
    expect(new Set(all.parts)).toEqual(new Set(parts.keys()));

    const keys = ["", "a", "a00000", "c00999", "c01000", "e02499x", "j04999", "zzz"];
    reads.length = 0;
    const found = await refsFor(top, keys, load);
    expect(found).toEqual(keys.map((k) => long[refFor(long, k)]));
    // One part per level for each key, each read once however many keys it holds.
    expect(reads.length).toBeLessThanOrEqual(2 * keys.length);
    expect(new Set(reads).size).toBe(reads.length);
    for (const prefix of ["c", "c01", "e0249", "b", "z", ""])
      expect(await refsForPrefixOf(top, prefix, load)).toEqual(refsForPrefix(long, prefix).map((i) => long[i]));
  });

  it("rewrites only the parts on a changed entry's way up", () => {
    const before = stored(list(5000));
    const changed = list(5000);
    changed[2345] = { ...changed[2345]!, digest: blobDigest("another value") };
    const after = stored(changed);
    const added = [...after.parts.keys()].filter((d) => !before.parts.has(d));
    expect(added.length).toBeLessThanOrEqual(after.top.level);
    expect(after.top).not.toEqual(before.top);
  });

  it("refuses a part of another level than its place says", async () => {
    const { top, parts } = stored(list(5000));
    const wrong = (want: Ref<string>[]) => want.map((r) => ({ ...JSON.parse(parts.get(r.digest)!), level: 5 }));
    await expect(refsFor(top, ["c"], wrong)).rejects.toThrow(/names one of level 5/);
    await expect(allRefs(top, wrong)).rejects.toThrow(/names one of level 5/);
  });
});
