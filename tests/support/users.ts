/** Users and cookies for sign-in tests. */
import { writeTransaction } from '../../db';
import { users, type UserRow } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/passwords';
import { readCookie, type CookiePayload } from '../../src/server/auth/session';
import type { AppDeps } from '../../src/server/http/trpc';
import { callerFor } from './app';

export const PASSWORD = 'correct horse battery staple';

// One real scrypt hash per test file: hashing costs about 0.3 s, and every sign-in in the
// tests still verifies against it with the production parameters.
let passwordHash: Promise<string> | undefined;

export async function insertUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  username: string,
  email: string | null = null,
): Promise<UserRow> {
  passwordHash ??= hashPassword(PASSWORD);
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

/**
 * What a session cookie names, unsealed as the server does: a session id once signed in, a
 * second-factor challenge id mid sign-in, or null for none or a cookie that does not open.
 */
export async function cookiePayload(deps: AppDeps, cookie: string): Promise<CookiePayload | null> {
  return readCookie(callerFor(deps, { cookie }).ctx);
}
