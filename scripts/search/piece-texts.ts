/**
 * The pieces' texts of an updated index (update-index.ts): those it made, and those it kept from
 * the earlier build, made again from the kept state only when asked for. The publisher asks for
 * the few it writes; iterating (what `npm run build:content` does to write them all) makes them all.
 */
import { blobDigest } from "../build/blobs";

/** A Map of piece texts that writes a kept shard's text again when it is asked for. */
export class PieceTexts extends Map<string, string> {
  constructor(private readonly later: Map<string, () => string>) {
    super();
  }
  override get(digest: string): string | undefined {
    const text = super.get(digest);
    if (text !== undefined) return text;
    const make = this.later.get(digest);
    if (!make) return undefined;
    const made = make();
    if (blobDigest(made) !== digest) throw new Error(`search index: the kept shard ${digest} came out otherwise`);
    this.later.delete(digest);
    super.set(digest, made);
    return made;
  }
  override has(digest: string): boolean {
    return super.has(digest) || this.later.has(digest);
  }
  private all(): this {
    for (const digest of [...this.later.keys()]) this.get(digest);
    return this;
  }
  override get size(): number {
    return super.size + this.later.size;
  }
  override entries() {
    return this.all() && super.entries();
  }
  override keys() {
    return this.all() && super.keys();
  }
  override values() {
    return this.all() && super.values();
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
  override forEach(f: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown) {
    this.all();
    super.forEach(f, thisArg);
  }
}
