/**
 * Splits an ordered list into bounded runs whose boundaries follow the items' own keys (content-
 * defined chunking at item granularity): a run ends after an item whose key hashes to a boundary
 * once the run holds `minBytes`, or before an item that would take it past `maxBytes`. Inserting,
 * removing or editing one item therefore changes the run that holds it (rarely its neighbour),
 * not every run after it, so a value stored per run is rewritten only where the site changed.
 */

export interface ChunkLimits {
  /** A run never ends on a key boundary before it holds this many bytes. */
  minBytes: number;
  /** A run never passes this many bytes, unless a single item is larger (it then stands alone). */
  maxBytes: number;
  /** About one key in this many is a boundary. */
  everyNth: number;
  /** At most this many items per run. */
  maxItems?: number;
}

/** A derived file that stays one value up to `singleBytes`, and past it is cut into parts. */
export interface SplitLimits {
  singleBytes: number;
  part: ChunkLimits;
}

/** FNV-1a, 32 bits: a fast, stable hash of a key (not for security). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function stableChunks<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  bytesOf: (item: T) => number,
  limits: ChunkLimits,
): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let size = 0;
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
    size = 0;
  };
  for (const item of items) {
    const bytes = bytesOf(item);
    if (run.length && (size + bytes > limits.maxBytes || run.length === limits.maxItems)) close();
    run.push(item);
    size += bytes;
    if (size >= limits.minBytes && fnv1a(keyOf(item)) % limits.everyNth === 0) close();
  }
  close();
  return runs;
}
