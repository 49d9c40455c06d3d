import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context as HonoContext } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createLimiter, PASSWORD_HASH_LIMITS } from '#server/platform/limiter';
import type { AppDeps, Context } from './trpc';

/** Hashes compete for this process's threads and memory, whichever app instance asks. */
const processHashLimiter = createLimiter(PASSWORD_HASH_LIMITS);

/** The procedures' context for one HTTP request (one per tRPC batch, one per REST call). */
export function buildContext(
  deps: AppDeps,
  req: { headers: Headers; ip: string; requestId?: string },
): Context {
  return {
    ...deps,
    hashLimiter: deps.hashLimiter ?? processHashLimiter,
    req: { headers: req.headers, ip: req.ip, requestId: req.requestId ?? randomUUID() },
    resHeaders: new Headers(),
    // Filled on the first session read (identity/sessions/session.ts): at most one per request.
    memo: new Map(),
  };
}

/**
 * The request's value under `key`, made by `init` on first use: what a feature reads at most
 * once per request (the session). The key is the feature's own symbol, so the value's type is
 * the feature's to keep: one key, one type.
 */
export function requestMemo<T extends object>(ctx: Context, key: symbol, init: () => T): T {
  const known = ctx.memo.get(key);
  if (known) return known as T;
  const value = init();
  ctx.memo.set(key, value);
  return value;
}

/**
 * An X-Forwarded-For entry as an address: `203.0.113.5`, `203.0.113.5:1234`, `2001:db8::1`,
 * `[2001:db8::1]:443`; anything else (`abc`, `unknown`, garbage) is no address.
 */
export function forwardedAddress(entry: string): string | null {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const candidate = bracketed?.[1] ?? (/^[\d.]+:\d+$/.test(text) ? text.split(':')[0] : text);
  return candidate && isIP(candidate) ? candidate : null;
}

/**
 * The client address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are whatever the client claimed). An entry
 * that is no address falls back to the socket's, so made-up values never become throttle keys.
 */
export function clientIp(c: HonoContext, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1);
    const address = last === undefined ? null : forwardedAddress(last);
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
