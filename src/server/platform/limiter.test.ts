import { describe, expect, it } from 'vitest';
import { createLimiter, LimiterBusyError } from './limiter';

/** A promise the test settles by hand, so no test depends on timing. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('createLimiter', () => {
  it('runs at most `concurrency` calls at once, the rest in arrival order', async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 10 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const calls = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.waiting).toBe(3);
    for (const g of [gates[1], gates[0], gates[2], gates[3], gates[4]]) g?.open();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(limiter.waiting).toBe(0);
  });

  it('refuses at once when the queue is full', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 1 });
    const g = gate();
    const first = limiter.run(() => g.opened);
    const second = limiter.run(() => Promise.resolve('second'));
    await expect(limiter.run(() => Promise.resolve('third'))).rejects.toBeInstanceOf(
      LimiterBusyError,
    );
    g.open();
    await first;
    expect(await second).toBe('second');
  });

  it('frees the slot when a call fails', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
  });
});
