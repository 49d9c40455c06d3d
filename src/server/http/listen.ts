import type { Server, ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

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
