import type { Server, ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ShutdownTasks } from '#server/platform/shutdown';

/**
 * How long a client may take: 15 s to send its headers, 30 s for the whole request (Node's
 * default is 5 minutes, so a slow body could hold a connection that long). A request past
 * either is answered 408 and its connection closed.
 */
export const REQUEST_TIMEOUTS = { headersTimeout: 15_000, requestTimeout: 30_000 } as const;

/** The app on a node:http server with the timeouts above. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  address: { hostname: string; port: number },
  onListening: (info: AddressInfo) => void,
  timeouts: Pick<
    ServerOptions,
    'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'
  > = REQUEST_TIMEOUTS,
): Server {
  return serve({ fetch, ...address, serverOptions: { ...timeouts } }, onListening) as Server;
}

/**
 * The server's part of the stop (platform/shutdown.ts, docs/operations.md): no new connection
 * from the signal on, then every request already received answered, up to SHUTDOWN_SECONDS;
 * the connections still busy then are cut off.
 */
export function registerServerStop(server: Server, shutdown: ShutdownTasks): void {
  let closed: Promise<void> = Promise.resolve();
  shutdown.registerPreStopTask('http server', () => {
    // close() stops accepting, lets requests in flight finish and drops idle keep-alives.
    closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
  });
  shutdown.registerCleanupTask(
    'http server',
    async ({ signal }) => {
      signal.addEventListener('abort', () => server.closeAllConnections(), { once: true });
      await closed;
    },
    // The requests first: all the time the deadline leaves.
    { share: 1 },
  );
}
