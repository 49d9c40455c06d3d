/** Users and cookies for sign-in tests. */
import { writeTransaction } from '#db';
import { users, type UserRow } from '#db/schema';
import { hashPassword } from '#server/identity/passwords/passwords';
import { readCookie, type CookiePayload } from '#server/identity/sessions/session';
import type { AppDeps } from '#server/http/trpc';
import { buildContext } from '#server/http/context';

export const PASSWORD = 'correct horse battery staple';

/**
 * The fixture users' hash is scrypt at the lowest cost the server accepts (1 MiB, about 2 ms)
 * instead of the production cost (128 MiB, 0.3 s or more on a busy machine): a sign-in in
 * these tests runs the same code, reading the cost from the stored hash as it does for a hash
 * made before a cost change. Hashes the server makes (a password change, an unknown name's
 * dummy check) keep the production cost, and passwords.test.ts checks that cost.
 */
const FIXTURE_COST = { ln: 10, r: 8, p: 1 } as const;

// One hash per test file.
let passwordHash: Promise<string> | undefined;

export async function insertUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  username: string,
  email: string | null = null,
): Promise<UserRow> {
  passwordHash ??= hashPassword(PASSWORD, FIXTURE_COST);
  const password = await passwordHash;
  return writeTransaction(deps.db, (tx) =>
    tx
      .insert(users)
      .values({ username, password, email, createdAt: deps.clock.now() })
      .returning()
      .get(),
  );
}

/** The session cookie's name in either mode (`__Host-` prefixed in production). */
const SESSION_COOKIE_PAIR = /^((?:__Host-)?admin_session)=([^;]*)/;

/**
 * The Cookie header value a browser would send after these response headers: the last
 * session cookie set, or '' when the response cleared it, or null when it set none.
 */
export function sessionCookieFrom(headers: Headers): string | null {
  const last = headers
    .getSetCookie()
    .map((c) => SESSION_COOKIE_PAIR.exec(c))
    .filter((m) => m !== null)
    .at(-1);
  if (!last) return null;
  return last[2] === '' ? '' : `${last[1]}=${last[2]}`;
}

const DEVICE_PAIR = /^((?:__Host-)?admin_device)=([^;]*)/;

/** The device cookie these response headers set, as the browser would send it back. */
export function deviceCookieFrom(headers: Headers): string | null {
  const match = headers
    .getSetCookie()
    .map((c) => DEVICE_PAIR.exec(c))
    .find((m) => m !== null);
  return match ? `${match[1]}=${match[2]}` : null;
}

/**
 * What a session cookie names, unsealed as the server does: a session id once signed in, a
 * second-factor challenge id mid sign-in, or null for none or a cookie that does not open.
 */
export async function cookiePayload(deps: AppDeps, cookie: string): Promise<CookiePayload | null> {
  return readCookie(buildContext(deps, { headers: new Headers({ cookie }), ip: '203.0.113.7' }));
}

/** The second-factor challenge id a cookie carries mid sign-in, or '' when it carries none. */
export async function challengeIdFrom(deps: AppDeps, cookie: string): Promise<string> {
  const payload = await cookiePayload(deps, cookie);
  return payload && 'challengeId' in payload ? payload.challengeId : '';
}
