/**
 * A body's bytes kept as the chunks they arrived in, never joined: joining a 10 MB upload
 * made a second 10 MB (docs/performance.md, "An engagement's 10 MB upload"). A reader takes
 * copies of the ranges it needs (a file's head, a ZIP's directory, a part to store).
 */
export class ChunkedBytes {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  /** One buffer's bytes (tests, small files), without a copy. */
  static of(bytes: Uint8Array): ChunkedBytes {
    const all = new ChunkedBytes();
    all.add(bytes);
    return all;
  }

  get length(): number {
    return this.size;
  }

  add(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** A copy of the bytes from `start` up to `end` (both clamped to the bytes). */
  slice(start: number, end = this.size): Buffer {
    const from = Math.max(0, Math.min(start, this.size));
    const to = Math.max(from, Math.min(end, this.size));
    const out = Buffer.allocUnsafe(to - from);
    let at = 0;
    for (const chunk of this.chunks) {
      const chunkEnd = at + chunk.length;
      if (chunkEnd > from && at < to) {
        const a = Math.max(from, at) - at;
        const b = Math.min(to, chunkEnd) - at;
        out.set(chunk.subarray(a, b), Math.max(from, at) - from);
      }
      at = chunkEnd;
      if (at >= to) break;
    }
    return out;
  }

  /**
   * The bytes in pieces of at most `most` bytes, in order, to store one at a time: a chunk of
   * at least a quarter of that is a piece of its own (not copied, cut if longer); smaller ones
   * are joined up to it. So an upload's 64 KiB chunks are never copied again.
   */
  *pieces(most: number): Generator<Uint8Array> {
    let small: Uint8Array[] = [];
    let smallSize = 0;
    const joined = function* () {
      if (smallSize > 0) yield Buffer.concat(small, smallSize);
      small = [];
      smallSize = 0;
    };
    for (const chunk of this.chunks) {
      if (chunk.length >= most / 4) {
        yield* joined();
        for (let at = 0; at < chunk.length; at += most) yield chunk.subarray(at, at + most);
        continue;
      }
      if (smallSize + chunk.length > most) yield* joined();
      small.push(chunk);
      smallSize += chunk.length;
    }
    yield* joined();
  }

  /** The chunks in order, each without a copy. */
  [Symbol.iterator](): Iterator<Uint8Array> {
    return this.chunks[Symbol.iterator]();
  }
}
