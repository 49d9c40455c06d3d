/**
 * startSqld only trusts its own process: test files run in parallel and each starts sqld on a
 * port it found free, so another server may be answering on that port a moment later.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempFolder } from '../tests/support/database';
import { startSqld } from './sqld-process';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** Something else on a port that answers sqld's health check, as another sqld would. */
async function impostor(): Promise<number> {
  const server = createServer((_req, res) => res.end('ok'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

it('refuses a port on which another server answers, instead of using that server', async () => {
  const port = await impostor();
  expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);

  const dataDir = path.join(tempFolder('sqld-taken-'), 'data');
  await expect(startSqld(dataDir, { port, timeoutMs: 5_000 })).rejects.toThrow(
    /did not start.*Address already in use/s,
  );
});

it('starts on a free port, answers, and stops', async () => {
  const sqld = await startSqld(path.join(tempFolder('sqld-free-'), 'data'));
  try {
    expect((await fetch(`${sqld.url}/health`)).ok).toBe(true);
  } finally {
    await sqld.stop();
  }
  await expect(fetch(`${sqld.url}/health`)).rejects.toThrow();
});
