import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { listen, REQUEST_TIMEOUTS } from './listen';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

it('gives a client 15 s for its headers and 30 s for the whole request', () => {
  expect(REQUEST_TIMEOUTS).toEqual({ headersTimeout: 15_000, requestTimeout: 30_000 });
});

it('answers a request whose body stops coming 408 and closes the connection', async () => {
  const port = await new Promise<number>((resolve) => {
    server = listen(
      async (request) => new Response(await request.text()),
      { hostname: '127.0.0.1', port: 0 },
      (info) => resolve(info.port),
      // Short, so the test does not wait half a minute; the wiring is what is tested.
      { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 },
    );
  });
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // A body of 1,000 bytes announced; 10 sent, then nothing.
  socket.write('POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n0123456789');
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
});
