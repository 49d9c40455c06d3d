import { describe, expect, it } from 'vitest';
import { bufferedSink, createLogger } from './logger';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('buffered log lines', () => {
  it('writes the lines of one event-loop turn in one call, in order', async () => {
    const writes: string[] = [];
    const logger = createLogger(bufferedSink((text) => writes.push(text)));
    logger.info('request', { n: 1 });
    logger.info('request', { n: 2 });
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]!
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { n: number });
    expect(lines.map((l) => l.n)).toEqual([1, 2]);
  });

  it('writes an error line at once, after the lines before it', () => {
    const writes: string[] = [];
    const logger = createLogger(bufferedSink((text) => writes.push(text)));
    logger.info('request', { n: 1 });
    logger.error('request.failed', { n: 2 });
    expect(writes).toHaveLength(1);
    expect(writes[0]!.trimEnd().split('\n')).toHaveLength(2);
  });

  it('writes at once past 64 KiB, so a burst does not pile up in memory', () => {
    const writes: string[] = [];
    const sink = bufferedSink((text) => writes.push(text));
    for (let i = 0; i < 100; i++) sink('x'.repeat(1000));
    expect(writes.length).toBeGreaterThan(0);
    sink.flush();
    expect(writes.join('').length).toBe(100 * 1001);
  });
});
