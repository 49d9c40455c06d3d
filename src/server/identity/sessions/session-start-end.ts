/**
 * Starting and ending sessions: the cookie written (or cleared) with the request's memo kept
 * in step, the session row inserted at a sign-in, and the rows a sign-out, a new password or
 * a removal ends (docs/accounts.md).
 */
import { eq } from 'drizzle-orm';
import { sealData } from 'iron-session';
import { serialize } from 'hono/utils/cookie';
import { writeTransaction, type Db } from '#db';
import { sessions, totpCredentials, twoFactorChallenges, users } from '#db/schema';
import type { Context } from '#server/http/trpc';
import { cookieSealKey } from '#server/platform/keys';
import { newToken } from '#server/platform/tokens';
import { maskAddress } from '#server/platform/address';
import { deviceName, MAX_AGENT_LENGTH } from '#server/platform/user-agent';
import {
  challengeRowId,
  memoOf,
  readCookie,
  sessionCookieName,
  sessionRowId,
  SESSION_TTL_MS,
  type CookiePayload,
  type SecondFactorMethod,
  type SessionState,
  type SessionUser,
} from './session';

/**
 * Sets (or, with null, clears) the cookie on the response, and makes `state` the request's
 * session from now on: the memo always matches the last Set-Cookie written. A new session's
 * state (null here) is looked up from the new cookie when something in this request asks,
 * so whether it is signed in to the set-up only is derived by the one rule in `lookUp`.
 */
async function writeCookie(
  ctx: Context,
  payload: CookiePayload | null,
  state: SessionState | null,
): Promise<void> {
  const name = sessionCookieName(ctx.config.production);
  const base = {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: ctx.config.production,
  };
  if (!payload) {
    ctx.resHeaders.append('Set-Cookie', serialize(name, '', { ...base, maxAge: 0 }));
  } else {
    const sealed = await sealData(payload, {
      password: cookieSealKey(ctx.config.sessionSecret),
      ttl: SESSION_TTL_MS / 1000,
    });
    ctx.resHeaders.append(
      'Set-Cookie',
      serialize(name, sealed, { ...base, maxAge: SESSION_TTL_MS / 1000 }),
    );
  }
  const memo = memoOf(ctx);
  memo.cookie = Promise.resolve(payload);
  memo.state = state ? Promise.resolve(state) : undefined;
  memo.slid = undefined;
}

/** A new session: the secret id its cookie names, and the row id it is stored under. */
export interface NewSession {
  cookieId: string;
  rowId: string;
}

/** A fresh session id: only its hash is ever written to the database (sessionRowId). */
export function newSessionId(): NewSession {
  const cookieId = newToken();
  return { cookieId, rowId: sessionRowId(cookieId) };
}

/**
 * Inserts a session row with a fresh id (never reusing the pending cookie's), noting the
 * browser's device name and masked address for the Account screen's list, and the user's
 * last sign-in. Callers run it inside the write transaction that also checks it may still
 * happen, and set the cookie with `cookieId` once it committed.
 */
export async function insertSession(tx: Db, ctx: Context, userId: number): Promise<NewSession> {
  const session = newSessionId();
  const now = ctx.clock.now();
  const agent = ctx.req.headers.get('user-agent') ?? '';
  await tx.insert(sessions).values({
    id: session.rowId,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    lastSeenAt: now,
    device: deviceName(agent.slice(0, MAX_AGENT_LENGTH)),
    address: maskAddress(ctx.req.ip),
  });
  await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return session;
}

/**
 * Names a session (its row inserted by the caller's committed transaction) in the cookie, by
 * the secret id whose hash the row is stored under.
 */
export async function setSessionCookie(ctx: Context, cookieId: string): Promise<void> {
  await writeCookie(ctx, { sid: cookieId }, null);
}

/** Binds the browser to a second-factor challenge row created by the login. */
export async function startPendingLogin(
  ctx: Context,
  challengeId: string,
  user: SessionUser,
  method: SecondFactorMethod,
): Promise<void> {
  await writeCookie(ctx, { challengeId }, { kind: 'awaitingCode', challengeId, user, method });
}

/** Deletes the session or challenge row a cookie names (inside a write transaction). */
export async function endCookieRows(tx: Db, payload: CookiePayload | null): Promise<void> {
  if (payload && 'sid' in payload) {
    await tx.delete(sessions).where(eq(sessions.id, sessionRowId(payload.sid)));
  }
  if (payload && 'challengeId' in payload) {
    await tx
      .delete(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, challengeRowId(payload.challengeId)));
  }
}

/** Clears the browser's session cookie (its row already ended, e.g. from the Account screen). */
export async function clearSessionCookie(ctx: Context): Promise<void> {
  await writeCookie(ctx, null, { kind: 'none' });
}

/**
 * Ends whatever the cookie names, server side, and clears the cookie; `alsoInTx` (the
 * sign-out's audit entry) commits with the ending.
 */
export async function endSession(
  ctx: Context,
  alsoInTx?: (tx: Db) => Promise<unknown>,
): Promise<void> {
  const payload = await readCookie(ctx);
  if (payload) {
    await writeTransaction(ctx.db, async (tx) => {
      await endCookieRows(tx, payload);
      await alsoInTx?.(tx);
    });
  }
  await writeCookie(ctx, null, { kind: 'none' });
}

/**
 * Whether the user's sign-in rules are still those a login read before hashing: the same
 * password, the same e-mail and the authenticator app still on or off (turning a second
 * factor on, off or to another address while a login waits for its hash must not let that
 * login finish under the old rule).
 */
export async function signInRulesUnchanged(
  tx: Db,
  user: { id: number; password: string; email: string | null },
  totpOn: boolean,
): Promise<boolean> {
  const row = await tx
    .select({ password: users.password, email: users.email, totpSince: totpCredentials.enabledAt })
    .from(users)
    .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
    .where(eq(users.id, user.id))
    .get();
  return (
    row !== undefined &&
    row.password === user.password &&
    row.email === user.email &&
    (row.totpSince !== null) === totpOn
  );
}

/** Ends every session and pending login of a user (password change, removal). */
export async function endAllSessionsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}
