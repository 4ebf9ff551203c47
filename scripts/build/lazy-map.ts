/**
 * A read-only map whose values are made when asked for, from a map of sources: a large build hands
 * out its pages' texts and records this way, so it never holds all of them at once.
 */
export class LazyMap<K, S, V> implements Iterable<[K, V]> {
  constructor(
    private readonly sources: ReadonlyMap<K, S>,
    private readonly make: (source: S, key: K) => V,
  ) {}

  get size(): number {
    return this.sources.size;
  }

  has(key: K): boolean {
    return this.sources.has(key);
  }

  /** The value of a key, made now (a new one each time for values that are objects), or undefined. */
  get(key: K): V | undefined {
    const source = this.sources.get(key);
    return source === undefined ? undefined : this.make(source, key);
  }

  keys(): IterableIterator<K> {
    return this.sources.keys();
  }

  *values(): IterableIterator<V> {
    for (const [key, source] of this.sources) yield this.make(source, key);
  }

  *entries(): IterableIterator<[K, V]> {
    for (const [key, source] of this.sources) yield [key, this.make(source, key)];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}
