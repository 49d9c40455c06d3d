/** The libSQL client's requests give up on a server that accepts and never answers. */
import { createServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';
import { fetchWithin } from './libsql';

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
