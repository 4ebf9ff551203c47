/**
 * How a publish stores the search index's pieces (client/contracts/search-index.ts), so that a
 * small change writes little:
 *
 * - a piece the live build already has stays where it is: under its own key, in a pack, or as a
 *   patch of a shard;
 * - a new term shard becomes a patch of the live shard covering its first term when the patch
 *   (the terms whose postings changed, each as the records added to and taken out of its lists
 *   where that is shorter) is at most half the shard: a new paragraph changes a dozen terms'
 *   postings by a record each, not the thousand terms of the shards holding them;
 * - a new record bundle likewise becomes a patch of the live bundle covering its first record
 *   (the records added or changed, and the ids of those gone): an edited page's records, not the
 *   hundreds of pages' its bundles hold; a new facet bundle, of its rows;
 * - new pieces and patches are few after a small change, and are written as one pack: one KV write
 *   instead of one per piece.
 *
 * Packs stay few (MAX_PACKS), so a cold isolate's first search reads little besides the pieces it
 * needs. A small publish that would pass MAX_PACKS retires the live pack that holds the fewest
 * live bytes instead: its patches move into the new pack, and its whole pieces are written under
 * their own keys. That writes what the pack still holds, never the pieces its patches stand for,
 * so a long run of one-page releases keeps writing about what each changed (pieces superseded
 * since leave a pack with little to move). Only a large change (a publish whose new pieces are more
 * than one pack holds: many pages, or a word new to many shards) merges packs and patches, writing
 * every piece the new root names whole under its own key, as it writes its own new pieces; and,
 * should the cheapest pack hold more than a small publish may write (RETIRING), the small publish
 * past MAX_PACKS does the same.
 */
import { packRecords, unpackRecord } from "../../client/contracts/search";
import {
  appliedDelta,
  asciiJson,
  type FacetBundle,
  type FacetBundlePatch,
  pieceFor,
  type Postings,
  type PostingsDelta,
  searchPieceRefs,
  type PieceRef,
  type RecordBundle,
  type RecordBundlePatch,
  type SearchPack,
  type SearchRoot,
  type ShardPatch,
  type TermShard,
} from "../../client/contracts/search-index";
import { blobDigest } from "../build/blobs";
import type { SearchIndexBuild } from "../search/build-index";

/** A pack holds at most this many bytes of pieces (what one cold read of it costs to parse). */
export const PACK_MAX_BYTES = 768 * 1024;
/** Packs a root may refer to; a small publish that would pass this retires a live pack. */
export const MAX_PACKS = 8;
/**
 * What a small publish may write to retire a pack (its patches moved, its whole pieces written
 * alone): past either, the publish writes every packed or patched piece whole instead. Beside a
 * one-page release's own writes at 10,000 pages (its pack, the search and manifest roots, the page,
 * its part of llms-full.txt: 0.4-0.6 MiB and 11 keys in bench:scale's run of releases), this keeps
 * a release under 1 MiB and 20 keys.
 */
export const RETIRING = { maxBytes: 192 * 1024, maxPieces: 6 };
export type RetiringLimits = typeof RETIRING;
/** A publish with more new shards than this writes them whole (patching means reading the live ones). */
export const MAX_PATCHED_SHARDS = 32;
/** The same for record and facet bundles, which are larger (a one-page change touches its page's few). */
export const MAX_PATCHED_BUNDLES = 8;

/** Reads a stored value of the live build (kvKeys.blob(digest)), parsed. */
export type ReadLive = (digest: string) => Promise<object>;

export interface StoredSearchIndex {
  /** The root to store under kvKeys.searchIndex(buildId): the build's, with packs and patches named. */
  root: SearchRoot;
  /** Digest → value of the blobs to write that the live build lacks (pieces and at most one pack). */
  blobs: Map<string, string>;
}

type Place = Pick<PieceRef<unknown>, "pack" | "base" | "basePack">;

/**
 * The value of a pack of `pieces` (digest, piece JSON): a JSON object of each piece's stored text,
 * as a string. Parsing the pack then parses no piece: a query decodes only the pieces it reads, and
 * as it would decode them stored alone (a term shard's postings term by term, a record bundle's
 * records one by one).
 */
export function packValue(pieces: [string, string][]): string {
  return `{${pieces.map(([digest, text]) => `${JSON.stringify(digest)}:${JSON.stringify(text)}`).join(",")}}`;
}

/** A piece of a parsed pack, parsed: packs hold each piece's text (packValue), or, written before, the piece itself. */
function packedPiece(pack: SearchPack, digest: string): unknown {
  const piece = pack[digest];
  return typeof piece === "string" ? JSON.parse(piece) : piece;
}

/** The pairs of `next` that `base` lacks, and the ids of `base`'s pairs that `next` lacks. */
function listChange(base: number[] = [], next: number[] = []): { added: number[]; removed: number[] } {
  const key = (list: number[], k: number) => `${list[k]},${list[k + 1]}`;
  const had = new Set<string>();
  for (let k = 0; k < base.length; k += 2) had.add(key(base, k));
  const kept = new Set<string>();
  const added: number[] = [];
  for (let k = 0; k < next.length; k += 2) {
    if (had.has(key(next, k))) kept.add(key(next, k));
    else added.push(next[k]!, next[k + 1]!);
  }
  const removed: number[] = [];
  for (let k = 0; k < base.length; k += 2) if (!kept.has(key(base, k))) removed.push(base[k]!);
  return { added, removed };
}

/**
 * A term's change: a delta when it is shorter than the whole postings and gives them back exactly
 * (appliedDelta is what the worker runs), else the whole postings.
 */
function termChange(base: Postings, next: Postings): Postings | PostingsDelta {
  const a = listChange(base.a, next.a);
  const h = listChange(base.h, next.h);
  const delta: PostingsDelta = { d: 1, a: a.added, ar: a.removed, h: h.added, hr: h.removed, n: next.n };
  const whole = JSON.stringify(next);
  return JSON.stringify(delta).length < whole.length && JSON.stringify(appliedDelta(base, delta)) === whole
    ? delta
    : next;
}

/** The terms of `next` whose postings differ from `base`'s (as deltas where shorter), and null for each term it dropped. */
export function shardPatch(base: TermShard, next: TermShard): ShardPatch {
  const patch: ShardPatch = {};
  const set = (term: string, value: ShardPatch[string]) =>
    Object.defineProperty(patch, term, { value, enumerable: true, writable: true, configurable: true });
  for (const term of Object.keys(base)) if (!Object.hasOwn(next, term)) set(term, null);
  for (const [term, postings] of Object.entries(next)) {
    if (!Object.hasOwn(base, term)) set(term, postings);
    else if (JSON.stringify(base[term]) !== JSON.stringify(postings)) set(term, termChange(base[term]!, postings));
  }
  return patch;
}

/**
 * The records of `next` that `base` lacks or holds otherwise, repacked with the strings they use,
 * and the ids of `base`'s records that `next` lacks: what RecordBundleView.patched makes `next` of
 * `base` with. `siteUrl` is the one both were packed under.
 */
export function recordBundlePatch(base: RecordBundle, next: RecordBundle, siteUrl: string): RecordBundlePatch {
  const record = (bundle: RecordBundle, i: number) =>
    unpackRecord({ siteUrl, strings: bundle.strings }, bundle.records[i]!);
  const was = new Map(base.ids.map((id, i) => [id, i]));
  const changed = next.ids.flatMap((id, i) => {
    const at = was.get(id);
    return at !== undefined && JSON.stringify(record(base, at)) === JSON.stringify(record(next, i)) ? [] : [i];
  });
  const kept = new Set(next.ids);
  const { strings, records } = packRecords(
    changed.map((i) => record(next, i)),
    siteUrl,
  );
  return { drop: base.ids.filter((id) => !kept.has(id)), strings, ids: changed.map((i) => next.ids[i]!), records };
}

/**
 * The rows of `next` that `base` lacks or holds otherwise, with the strings they use, and the ids
 * of `base`'s rows that `next` lacks: what patchedFacets makes `next` of `base` with.
 */
export function facetPatch(base: FacetBundle, next: FacetBundle): FacetBundlePatch {
  const row = (b: FacetBundle, i: number) =>
    JSON.stringify([b.strings[b.levels[2 * i]!], b.strings[b.levels[2 * i + 1]!], b.types[i]]);
  const was = new Map(base.ids.map((id, i) => [id, row(base, i)]));
  const kept = new Set(next.ids);
  const patch: FacetBundlePatch = {
    drop: base.ids.filter((id) => !kept.has(id)),
    strings: [],
    ids: [],
    levels: [],
    types: "",
  };
  const strings = new Map<string, number>();
  const string = (text: string) => {
    let at = strings.get(text);
    if (at === undefined) strings.set(text, (at = patch.strings.push(text) - 1));
    return at;
  };
  next.ids.forEach((id, i) => {
    if (was.get(id) === row(next, i)) return;
    patch.ids.push(id);
    patch.levels.push(string(next.strings[next.levels[2 * i]!]!), string(next.strings[next.levels[2 * i + 1]!]!));
    patch.types += next.types[i]!;
  });
  return patch;
}

/**
 * The root and blobs to publish `index` with, given what the live build stores: `have` holds the
 * digests of the blobs it has stored alone, `live` is its search root (whose refs name its packs
 * and patches), `read` reads its stored values. `retiring` bounds what retiring a pack may write.
 */
export async function storeSearchIndex(
  index: SearchIndexBuild,
  have: ReadonlySet<string>,
  live: SearchRoot | null,
  read: ReadLive,
  retiring: RetiringLimits = RETIRING,
): Promise<StoredSearchIndex> {
  const livePlace = new Map<string, Place>();
  for (const ref of searchPieceRefs(live))
    if (ref.pack || ref.base) livePlace.set(ref.digest, { pack: ref.pack, base: ref.base, basePack: ref.basePack });
  const value = (digest: string) => index.pieces.get(digest)!;
  const refs = searchPieceRefs(index.root);
  const stored = (d: string) => have.has(d) || livePlace.has(d);
  const fresh = [...new Set(refs.map((r) => r.digest))].filter((d) => !stored(d));
  const isFresh = new Set(fresh);

  // New shards and record bundles as patches of the live pieces covering their first keys.
  const patches = new Map<string, { text: string; base: string; basePack?: string }>();
  const addPatches = async <K extends string | number>(
    liveRefs: PieceRef<K>[] | undefined,
    refs: PieceRef<K>[],
    most: number,
    patchText: (base: object, next: object) => string,
  ) => {
    const made = refs.filter((r) => isFresh.has(r.digest));
    if (!liveRefs?.length || made.length > most) return;
    for (const ref of made) {
      const over = liveRefs[pieceFor(liveRefs, ref.from)]!;
      // A patch's base is always a whole piece: a live patch's own base.
      const base = over.base ? { digest: over.base, pack: over.basePack } : { digest: over.digest, pack: over.pack };
      const whole = (await read(base.pack ?? base.digest)) as SearchPack;
      const basePiece = base.pack ? packedPiece(whole, base.digest) : whole;
      if (basePiece === null || typeof basePiece !== "object") continue;
      const text = patchText(basePiece, JSON.parse(value(ref.digest)) as object);
      if (text.length * 2 <= ref.bytes) patches.set(ref.digest, { text, base: base.digest, basePack: base.pack });
    }
  };
  await addPatches(live?.shards, index.root.shards, MAX_PATCHED_SHARDS, (base, next) =>
    JSON.stringify(shardPatch(base as TermShard, next as TermShard)),
  );
  await addPatches(live?.records, index.root.records, MAX_PATCHED_BUNDLES, (base, next) =>
    asciiJson(recordBundlePatch(base as RecordBundle, next as RecordBundle, index.root.siteUrl)),
  );
  await addPatches(live?.facets, index.root.facets, MAX_PATCHED_BUNDLES, (base, next) =>
    asciiJson(facetPatch(base as FacetBundle, next as FacetBundle)),
  );
  const freshValue = (d: string) => patches.get(d)?.text ?? value(d);
  const freshBytes = fresh.reduce((sum, d) => sum + freshValue(d).length, 0);
  const packFresh = fresh.length > 0 && (fresh.length > 1 || patches.size > 0) && freshBytes <= PACK_MAX_BYTES;
  // The live packs the new root still needs, and which of their members it needs (patches or whole pieces).
  const members = new Map<string, Map<string, boolean>>();
  const member = (pack: string | undefined, digest: string, patch: boolean) => {
    if (pack) (members.get(pack) ?? members.set(pack, new Map()).get(pack)!).set(digest, patch);
  };
  for (const ref of refs) {
    const at = have.has(ref.digest) ? undefined : livePlace.get(ref.digest);
    if (!at) continue;
    member(at.pack, ref.digest, Boolean(at.base));
    if (at.base) member(at.basePack, at.base, false);
  }
  // A new patch's base too, when the new pieces go in a pack (else they are written whole).
  if (packFresh) for (const patch of patches.values()) member(patch.basePack, patch.base, false);
  const freshEntries = fresh.map((d): [string, string] => [d, freshValue(d)]);
  let retired =
    packFresh && members.size + 1 > MAX_PACKS ? await cheapestRetirement(members, read, value, retiring) : null;
  const packText = packValue([...freshEntries, ...(retired?.moved ?? [])]);
  if (retired && packText.length > PACK_MAX_BYTES) retired = null;
  // A large change (more new bytes than a pack holds) is a full publish: it merges the live packs
  // and patches too, writing every piece whole, as its own new pieces are.
  const large = freshBytes > PACK_MAX_BYTES;
  const whole = large || members.size + (packFresh ? 1 : 0) - (retired ? 1 : 0) > MAX_PACKS;

  const blobs = new Map<string, string>();
  const where = new Map<string, Place>();
  if (whole) {
    for (const ref of refs) if (!have.has(ref.digest)) blobs.set(ref.digest, value(ref.digest));
  } else {
    for (const [digest, place] of livePlace) where.set(digest, place);
    const pack = packFresh ? blobDigest(packText) : undefined;
    if (pack) blobs.set(pack, packText);
    for (const d of fresh) {
      const patch = patches.get(d);
      if (!pack) blobs.set(d, value(d));
      else where.set(d, { pack, ...(patch ? { base: patch.base, basePack: patch.basePack } : {}) });
    }
    if (retired && pack) for (const [d, place] of where) where.set(d, retiredPlace(place, retired, pack, d));
    for (const [d, text] of retired?.alone ?? []) blobs.set(d, text);
  }
  const place = <K>(list: PieceRef<K>[]): PieceRef<K>[] =>
    list.map(({ from, digest, bytes }) => {
      const at = have.has(digest) ? undefined : where.get(digest);
      // Only the fields set: a ref stored alone is { from, digest, bytes } as the build made it.
      return Object.assign({ from, digest, bytes }, JSON.parse(JSON.stringify(at ?? {})) as Place);
    });
  const root = index.root;
  return {
    root: {
      ...root,
      lexicon: place(root.lexicon),
      shards: place(root.shards),
      records: place(root.records),
      facets: place(root.facets),
    },
    blobs,
  };
}

/** A live pack a publish retires: its patches, moved into the new pack, and its whole pieces, written alone. */
interface Retired {
  pack: string;
  moved: Map<string, string>;
  alone: Map<string, string>;
}

/** A pack member's stored text (packs written before packs held text hold the piece itself). */
function memberText(pack: SearchPack, packDigest: string, digest: string): string {
  const stored = Object.hasOwn(pack, digest) ? pack[digest] : undefined;
  if (typeof stored === "string") return stored;
  if (stored === null || typeof stored !== "object")
    throw new Error(`the live build's search pack ${packDigest} lacks its piece ${digest}`);
  return JSON.stringify(stored);
}

/**
 * The live pack that costs least to retire (the fewest bytes still live, among those with at most
 * `limits.maxPieces` whole pieces), with what retiring it writes; null when that is more than
 * `limits.maxBytes`. `members` maps each live pack to the digests the new root needs from it (true
 * for a patch); `own` gives a piece's text as the build made it (a whole piece is written so, under
 * the digest of that text).
 */
async function cheapestRetirement(
  members: Map<string, Map<string, boolean>>,
  read: ReadLive,
  own: (digest: string) => string | undefined,
  limits: RetiringLimits,
): Promise<Retired | null> {
  let best: { retired: Retired; bytes: number } | null = null;
  // Every live pack is read, all at once, to weigh what retiring it writes.
  const packs = [...members.keys()];
  const stored = await Promise.all(packs.map(read));
  for (const [k, pack] of packs.entries()) {
    const live = members.get(pack)!;
    const retired: Retired = { pack, moved: new Map(), alone: new Map() };
    let bytes = 0;
    for (const [digest, patch] of live) {
      const text = (!patch && own(digest)) || memberText(stored[k] as SearchPack, pack, digest);
      (patch ? retired.moved : retired.alone).set(digest, text);
      bytes += text.length;
    }
    if (retired.alone.size <= limits.maxPieces && (!best || bytes < best.bytes)) best = { retired, bytes };
  }
  return best && best.bytes <= limits.maxBytes ? best.retired : null;
}

/** Where a piece is once `retired` is: its patch in the new pack `pack`, its whole pieces (and so bases) alone. */
function retiredPlace(place: Place, retired: Retired, pack: string, digest: string): Place {
  if (place.pack !== retired.pack && place.basePack !== retired.pack) return place;
  const moved = place.pack === retired.pack && retired.moved.has(digest);
  return {
    ...(place.pack && place.pack !== retired.pack ? { pack: place.pack } : moved ? { pack } : {}),
    ...(place.base ? { base: place.base } : {}),
    ...(place.basePack && place.basePack !== retired.pack ? { basePack: place.basePack } : {}),
  };
}

/** Reads a live stored value through `get` (KV text), parsed; a missing one is an error naming it. */
export function liveReader(get: (key: string) => Promise<string | null>, key: (digest: string) => string): ReadLive {
  const cache = new Map<string, Promise<object>>();
  return (digest) => {
    let hit = cache.get(digest);
    if (!hit) {
      hit = get(key(digest)).then((text) => {
        if (text === null) throw new Error(`the live build's search piece ${digest} is missing from KV`);
        return JSON.parse(text) as SearchPack;
      });
      cache.set(digest, hit);
    }
    return hit;
  };
}
