/**
 * A signed-in administrator's session cookie, written straight into a database: for tests
 * that need a session but not the sign-in flow, the browser files included. It imports only
 * the session's own modules, so a browser worker does not load the whole app to get one.
 */
import { sealData } from 'iron-session';
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { sessions, users } from '#db/schema';
import { cookieSealKey } from '#server/platform/keys';
import { SESSION_TTL_MS, sessionCookieName, sessionRowId } from '#server/identity/sessions/session';
import { newToken } from '#server/platform/tokens';

/** Where a session is written: the database, the time, and the server's secret and mode. */
export interface SessionStore {
  db: Db;
  now: Date;
  sessionSecret: string;
  production: boolean;
}

/**
 * Creates a user (unless it exists) with a live session and returns its cookie as a browser
 * holds it, skipping the sign-in flow that the admin router's own tests cover (and the
 * browser tests of admin-auth.test.ts).
 */
export async function sessionCookie(
  store: SessionStore,
  username: string,
): Promise<{ name: string; value: string }> {
  const { db, now } = store;
  const sid = newToken();
  await writeTransaction(db, async (tx) => {
    const user =
      (await tx.select().from(users).where(eq(users.username, username)).get()) ??
      (await tx
        .insert(users)
        .values({ username, password: 'not-a-usable-hash', createdAt: now })
        .returning()
        .get());
    await tx.insert(sessions).values({
      id: sessionRowId(sid),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastSeenAt: now,
    });
  });
  const value = await sealData(
    { sid },
    { password: cookieSealKey(store.sessionSecret), ttl: SESSION_TTL_MS / 1000 },
  );
  return { name: sessionCookieName(store.production), value };
}
