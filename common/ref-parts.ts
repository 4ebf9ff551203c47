/**
 * Lists of references that grow with the site, stored so that no value grows with it: a list too
 * long for its root is cut into content-addressed parts (kvKeys.blob(digest)), and the root names
 * the parts instead, in as many levels as it takes. The search root lists its base pieces so
 * (search-index.ts), and the manifest root its route shards and files (stored-manifest.ts). A part's
 * boundaries are chosen by its entries' keys (scripts/build/stable-chunks.ts), so a release that
 * changes a few entries rewrites the parts holding them and the root, not the list.
 */

/** An entry of a list: a key and the digest of what it names; `bytes` is that value's size, where the list keeps it. */
export interface Ref<K> {
  /** For a range (a piece, a route shard, a part), its first key; for a single value (a file), its own. */
  from: K;
  digest: string;
  bytes?: number;
}

/**
 * A list at one level: at level 0 its refs are the list's own entries; at level n its refs name
 * parts of level n - 1 (each holding a run of the list, `from` being its first entry's key). A
 * root holds the top level; each part is stored as this same shape.
 */
export interface RefPart<K> {
  level: number;
  refs: Ref<K>[];
}

/** The entry whose range holds `key`: the last one starting at or before it (entries sorted by `from`); 0 before the first. */
export function refFor<K extends string | number>(refs: readonly Ref<K>[], key: K): number {
  let lo = 0;
  let hi = refs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (refs[mid]!.from <= key) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Indexes of the entries whose ranges meet the keys starting with `prefix`. */
export function refsForPrefix(refs: readonly Ref<string>[], prefix: string): number[] {
  const first = refFor(refs, prefix);
  const out = [first];
  for (let i = first + 1; i < refs.length && refs[i]!.from.startsWith(prefix); i++) out.push(i);
  return out;
}

/** Whether a value is a part (its level a whole number, its refs keyed entries with digests). */
export function isRefPart(value: unknown): value is RefPart<unknown> {
  const part = value as RefPart<unknown>;
  return (
    value !== null &&
    typeof value === "object" &&
    Number.isInteger(part.level) &&
    part.level >= 0 &&
    Array.isArray(part.refs) &&
    part.refs.every((r) => r !== null && typeof r === "object" && typeof r.digest === "string")
  );
}

/** Reads the parts some refs name (a loader's batch read: each part once). */
export type PartLoader<K> = (refs: Ref<K>[]) => Promise<RefPart<K>[]> | RefPart<K>[];

/** Checks that `parts` are of `level` (a part names parts one level below its own). */
function ofLevel<K>(parts: RefPart<K>[], level: number): RefPart<K>[] {
  for (const part of parts)
    if (part.level !== level) throw new Error(`a part of level ${level + 1} names one of level ${part.level}`);
  return parts;
}

/**
 * For each key, the level-0 entry whose range holds it (refFor at every level, from the top part
 * `top` down; `load` reads the parts on the way, each once). Undefined for a key of an empty list.
 */
export async function refsFor<K extends string | number>(
  top: RefPart<K>,
  keys: readonly K[],
  load: PartLoader<K>,
): Promise<(Ref<K> | undefined)[]> {
  let parts: RefPart<K>[] = keys.map(() => top);
  for (let level = top.level; level > 0; level--) {
    const picked = keys.map((key, i) => parts[i]!.refs[refFor(parts[i]!.refs, key)]!);
    const distinct = [...new Set(picked)];
    const loaded = ofLevel(await load(distinct), level - 1);
    const byRef = new Map(distinct.map((ref, i) => [ref, loaded[i]!]));
    parts = picked.map((ref) => byRef.get(ref)!);
  }
  return keys.map((key, i) => parts[i]!.refs[refFor(parts[i]!.refs, key)]);
}

/** The level-0 entries whose ranges meet the keys starting with `prefix`, in order (refsForPrefix at every level). */
export async function refsForPrefixOf(
  top: RefPart<string>,
  prefix: string,
  load: PartLoader<string>,
): Promise<Ref<string>[]> {
  let parts = [top];
  for (let level = top.level; level > 0; level--)
    parts = ofLevel(await load(parts.flatMap((p) => refsForPrefix(p.refs, prefix).map((i) => p.refs[i]!))), level - 1);
  return parts.flatMap((p) => (p.refs.length ? refsForPrefix(p.refs, prefix).map((i) => p.refs[i]!) : []));
}

/** Every level-0 entry of a list, and the digests of the parts holding them (what publishing writes and GC keeps). */
export async function allRefs<K>(top: RefPart<K>, load: PartLoader<K>): Promise<{ refs: Ref<K>[]; parts: string[] }> {
  let parts = [top];
  const digests: string[] = [];
  for (let level = top.level; level > 0; level--) {
    const refs = parts.flatMap((p) => p.refs);
    digests.push(...refs.map((r) => r.digest));
    parts = ofLevel(await load(refs), level - 1);
  }
  return { refs: parts.flatMap((p) => p.refs), parts: digests };
}
