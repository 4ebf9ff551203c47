/**
 * The kept index state on disk (index-state.ts): a JSON head (what is small and irregular), then
 * the entries and per-term numbers as unsigned varints (rows as gaps within a term, which are
 * mostly small), the whole compressed with Brotli at its fastest quality. A site of 10,000 pages
 * keeps some ten million entries, and the cache CI restores stays small only if they do.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

/** A growing buffer of unsigned varints and raw bytes. */
export class VarintWriter {
  private buffer = Buffer.allocUnsafe(1 << 16);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + n));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  uint(value: number): void {
    this.room(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buffer[this.length++] = v;
  }

  bytes(value: Uint8Array): void {
    this.uint(value.length);
    this.room(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

export class VarintReader {
  at = 0;
  constructor(private readonly buffer: Uint8Array) {}

  uint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.buffer.length) throw new Error("the state ends early");
      const byte = this.buffer[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }

  bytes(): Uint8Array {
    const n = this.uint();
    if (this.at + n > this.buffer.length) throw new Error("the state ends early");
    const out = this.buffer.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  get done(): boolean {
    return this.at === this.buffer.length;
  }
}

/** `head` (JSON) and `body`, compressed, written through a temporary file; the error when it could not be. */
export function writeStateFile(file: string, head: unknown, body: Buffer): Error | null {
  const json = Buffer.from(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const all = Buffer.concat([length, json, body]);
  const packed = brotliCompressSync(all, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: all.length },
  });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const fd = openSync(temporary, "w");
    try {
      for (let at = 0; at < packed.length;) at += writeSync(fd, packed, at);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    return null;
  } catch (e) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Its folder could not be made either.
    }
    return e as Error;
  }
}

/** The head and body of a state file, or null when there is none or it cannot be read. */
export function readStateFile(file: string): { head: unknown; body: VarintReader } | null {
  try {
    const all = brotliDecompressSync(readFileSync(file));
    const length = all.readUInt32LE(0);
    const head: unknown = JSON.parse(all.toString("utf8", 4, 4 + length));
    return { head, body: new VarintReader(all.subarray(4 + length)) };
  } catch {
    return null;
  }
}
