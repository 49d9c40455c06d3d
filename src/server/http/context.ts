import { randomUUID } from 'node:crypto';
import type { Context as HonoContext } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createLimiter, PASSWORD_HASH_LIMITS } from '../platform/limiter';
import type { AppDeps, Context } from './trpc';

/** Hashes compete for this process's threads and memory, whichever app instance asks. */
const processHashLimiter = createLimiter(PASSWORD_HASH_LIMITS);

export function buildContext(
  deps: AppDeps,
  req: { headers: Headers; ip: string; requestId?: string },
): Context {
  return {
    ...deps,
    hashLimiter: deps.hashLimiter ?? processHashLimiter,
    req: { headers: req.headers, ip: req.ip, requestId: req.requestId ?? randomUUID() },
    resHeaders: new Headers(),
  };
}

/**
 * The client address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are whatever the client claimed).
 */
export function clientIp(c: HonoContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
