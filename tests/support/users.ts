/** Users and cookies for sign-in tests. */
import { users, type UserRow } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/passwords';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import type { AppDeps } from '../../src/server/trpc';

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
  return deps.db
    .insert(users)
    .values({ username, password: await passwordHash, email, createdAt: deps.clock.now() })
    .returning()
    .get();
}

/**
 * The Cookie header value a browser would send after these response headers: the last
 * session cookie set, or '' when the response cleared it, or null when it set none.
 */
export function sessionCookieFrom(headers: Headers): string | null {
  const setCookies = headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const last = setCookies.at(-1);
  if (last === undefined) return null;
  const pair = last.split(';')[0] ?? '';
  return pair === `${SESSION_COOKIE}=` ? '' : pair;
}
