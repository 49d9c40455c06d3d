/** A body's bytes kept as their chunks: any range copied out whole. */
import { describe, expect, it } from 'vitest';
import { ChunkedBytes } from './chunked-bytes';

describe('ChunkedBytes', () => {
  const whole = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
  const chunked = new ChunkedBytes();
  for (const size of [1, 0, 9, 30, 60]) {
    const at = chunked.length;
    chunked.add(whole.subarray(at, at + size));
  }

  it('holds every byte in order', () => {
    expect(chunked.length).toBe(100);
    expect(Buffer.concat([...chunked]).equals(whole)).toBe(true);
  });

  it('copies any range, across chunks, clamped to the bytes', () => {
    for (const [from, to] of [
      [0, 100],
      [0, 1],
      [1, 10],
      [5, 45],
      [39, 41],
      [99, 150],
      [-5, 3],
      [60, 60],
    ] as const) {
      const expected = whole.subarray(Math.max(0, from), to);
      expect([from, to, chunked.slice(from, to)]).toEqual([from, to, expected]);
    }
  });

  it('gives pieces of at most the size asked, in order, big chunks without a copy', () => {
    const big = Buffer.alloc(1000, 7);
    const bytes = new ChunkedBytes();
    for (const chunk of [whole.subarray(0, 10), whole.subarray(10, 20), big, whole.subarray(20)]) {
      bytes.add(chunk);
    }
    const pieces = [...bytes.pieces(400)];
    expect(pieces.map((p) => p.length)).toEqual([20, 400, 400, 200, 80]);
    expect(Buffer.concat(pieces).equals(Buffer.concat([...bytes]))).toBe(true);
    expect(pieces[1]?.buffer).toBe(big.buffer);
  });
});
