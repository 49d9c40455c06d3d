/** The libSQL client's requests give up on a server that accepts and never answers. */
import { createServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';
import { coalescedCounterReads, fetchWithin } from './libsql';

const sockets: Socket[] = [];
const silent = createServer((socket) => sockets.push(socket));

afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await new Promise((resolve) => silent.close(resolve));
});

it('fails a request after the timeout, as an unavailable database', async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const request = new Request(`http://127.0.0.1:${port}/v2/pipeline`, { method: 'POST' });
  const started = Date.now();
  const error = await fetchWithin(300)(request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe('TimeoutError');
  expect(isDatabaseUnavailable(error)).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  expect(sockets.length).toBeGreaterThan(0);
});

it('shares counter reads, never answering a caller with a read sent before it called', async () => {
  const pending: ((value: number) => void)[] = [];
  const read = coalescedCounterReads(() => new Promise<number>((resolve) => pending.push(resolve)));
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  const first = read('ai_facts');
  const second = read('ai_facts');
  const third = read('ai_facts');
  expect(pending).toHaveLength(1);

  pending[0]!(1);
  expect(await first).toBe(1);
  await flush();
  // The second and third came while the first read was out: they wait for the next one.
  expect(pending).toHaveLength(2);
  const fourth = read('ai_facts');
  pending[1]!(2);
  expect(await second).toBe(2);
  expect(await third).toBe(2);
  await flush();
  expect(pending).toHaveLength(3);
  pending[2]!(3);
  expect(await fourth).toBe(3);
  // Counters are independent.
  const other = read('tags');
  expect(pending).toHaveLength(4);
  pending[3]!(7);
  expect(await other).toBe(7);
});
