import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { sealData, unsealData } from 'iron-session';
import { parse, serialize } from 'hono/utils/cookie';
import { writeBatch, writeTransaction, type Db } from '#db';
import { passkeys, sessions, totpCredentials, twoFactorChallenges, users } from '#db/schema';
import { requestMemo } from '#server/http/context';
import type { Context } from '#server/http/trpc';
import { SET_UP_SECOND_FACTOR } from '#shared/auth';
import { cookieSealKey } from '#server/platform/keys';
import { newToken } from '#server/platform/tokens';
import { maskAddress } from '#server/platform/address';
import { deviceName, MAX_AGENT_LENGTH } from '#server/platform/user-agent';

/**
 * In production the name carries the `__Host-` prefix: browsers then only accept the
 * cookie when it is Secure, has Path=/ and no Domain, so no sibling subdomain or plain-http
 * page can plant or overwrite it.
 */
export function sessionCookieName(production: boolean): string {
  return production ? '__Host-admin_session' : 'admin_session';
}
export const SESSION_TTL_MS = 12 * 60 * 60_000;
/** A session unused this long ends (sliding), besides the 12 h cap (docs/accounts.md). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The last-seen time is written at most this often per session, not on every request. */
export const LAST_SEEN_STEP_MS = 60_000;
/** Set (to `1`) by the client on requests nobody made by hand, which must not slide the idle limit. */
export const BACKGROUND_HEADER = 'x-background';

/**
 * The cookie only names server-side state: a session row once fully signed in, or a
 * second-factor challenge while the code is awaited. Deleting the row ends the cookie,
 * which is how logout, password changes and user removal really end sessions.
 */
export interface SessionUser {
  id: number;
  username: string;
}

export type CookiePayload = { sid: string } | { challengeId: string };

export type SessionState =
  | {
      kind: 'signedIn';
      sessionId: string;
      user: SessionUser;
      /**
       * In production, a user without any second factor (no e-mail address, no authenticator
       * app, no passkey) is signed in to setting one up and nothing else (docs/accounts.md).
       * Derived from the user's factors at each read, so the session becomes a full one as
       * soon as a factor is on.
       */
      setupOnly: boolean;
      /** The stored last-seen time, which decides whether an admin path slides it now. */
      lastSeenAt: Date;
    }
  | {
      kind: 'awaitingCode';
      challengeId: string;
      user: SessionUser;
      /** What the code step asks for: the e-mailed code or the authenticator app's. */
      method: SecondFactorMethod;
    }
  | { kind: 'none' };

export type SecondFactorMethod = 'email' | 'totp';

/**
 * What one HTTP request has read of its session, kept on the request's context (created
 * empty by `buildContext`) so that every procedure of a tRPC batch, and a REST handler, share
 * one unseal of the cookie and one database lookup (docs/decisions/0021). The writers below
 * (a new session cookie, a pending login, a cleared cookie) replace both entries with what
 * the browser will hold after this response, so a later call in the same request sees the
 * new state rather than the request's original cookie.
 */
export interface SessionMemo {
  cookie?: Promise<CookiePayload | null>;
  state?: Promise<SessionState>;
  /** Set once an admin path of this request has slid the idle limit (or found it fresh). */
  slid?: boolean;
}

const SESSION_MEMO = Symbol('session');

/** This request's memo of the session (see SessionMemo). */
function memoOf(ctx: Context): SessionMemo {
  return requestMemo<SessionMemo>(ctx, SESSION_MEMO, () => ({}));
}

/**
 * What the request's cookie names, or null for no, a tampered or a foreign cookie: unsealed
 * once per request, or what a sign-in or logout earlier in the request set instead.
 */
export function readCookie(ctx: Context): Promise<CookiePayload | null> {
  return (memoOf(ctx).cookie ??= unsealCookie(ctx));
}

async function unsealCookie(ctx: Context): Promise<CookiePayload | null> {
  const header = ctx.req.headers.get('cookie');
  if (!header) return null;
  const name = sessionCookieName(ctx.config.production);
  const sealed = parse(header, name)[name];
  if (!sealed) return null;
  try {
    const data = await unsealData<Partial<CookiePayload>>(sealed, {
      password: cookieSealKey(ctx.config.sessionSecret),
      ttl: SESSION_TTL_MS / 1000,
    });
    if ('sid' in data && typeof data.sid === 'string') return { sid: data.sid };
    if ('challengeId' in data && typeof data.challengeId === 'string') {
      return { challengeId: data.challengeId };
    }
  } catch {
    // A tampered or foreign cookie is simply no session.
  }
  return null;
}

/**
 * The request's session state, looked up once per request (see SessionMemo). A read only:
 * it never slides the idle limit, so a public path that looks (is this visit the owner's?)
 * leaves the session as it was; admin paths slide it through `requireAdmin` or `adminSession`.
 */
export function readSession(ctx: Context): Promise<SessionState> {
  return (memoOf(ctx).state ??= readCookie(ctx).then((payload) => lookUp(ctx, payload)));
}

/** Whether the user has a second factor: an e-mail address, the app turned on, or a passkey. */
const hasSecondFactor = sql<boolean>`(${users.email} is not null
  or exists (select 1 from ${totpCredentials} where ${totpCredentials.userId} = ${users.id}
    and ${totpCredentials.enabledAt} is not null)
  or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`.mapWith(Boolean);

/**
 * Whether the user holds a second factor now, by the session's own rule; read inside the
 * write that may add the first one, so that its announcement (docs/accounts.md) is decided
 * with the change.
 */
export async function holdsSecondFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ holds: hasSecondFactor })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.holds ?? false;
}

async function lookUp(ctx: Context, payload: CookiePayload | null): Promise<SessionState> {
  const now = ctx.clock.now();
  if (payload && 'sid' in payload) {
    // One query: the session, its user and whether that user has a second factor yet.
    const row = await ctx.db
      .select({
        id: users.id,
        username: users.username,
        lastSeenAt: sessions.lastSeenAt,
        secondFactor: hasSecondFactor,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, payload.sid), liveSession(now)))
      .get();
    if (row) {
      return {
        kind: 'signedIn',
        sessionId: payload.sid,
        user: { id: row.id, username: row.username },
        setupOnly: ctx.config.production && !row.secondFactor,
        lastSeenAt: row.lastSeenAt,
      };
    }
  }
  if (payload && 'challengeId' in payload) {
    const row = await ctx.db
      .select({ id: users.id, username: users.username, method: twoFactorChallenges.method })
      .from(twoFactorChallenges)
      .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
      .where(
        and(
          eq(twoFactorChallenges.id, payload.challengeId),
          gt(twoFactorChallenges.expiresAt, now),
        ),
      )
      .get();
    if (row) {
      const user = { id: row.id, username: row.username };
      return { kind: 'awaitingCode', challengeId: payload.challengeId, user, method: row.method };
    }
  }
  return { kind: 'none' };
}

/**
 * The request's session as an admin path uses it: read once (see SessionMemo), and the idle
 * limit slid, at most once per request. Only admin paths (the procedures behind
 * `adminProcedure`, the downloads, `admin.check` that guards the admin screens) call it; a
 * public path reads with `readSession`, which writes nothing.
 */
export async function adminSession(ctx: Context): Promise<SessionState> {
  const state = await readSession(ctx);
  if (state.kind === 'signedIn' && !memoOf(ctx).slid) {
    memoOf(ctx).slid = true;
    // A background poll (the Overview's live number) is not the person using the screen:
    // it does not slide the idle limit, or an open Overview would never time out.
    const background = ctx.req.headers.get(BACKGROUND_HEADER) === '1';
    const now = ctx.clock.now();
    if (!background && now.getTime() - state.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
      markSeen(ctx, state.sessionId, now);
    }
  }
  return state;
}

/** Sessions whose last-seen write is under way, per database: one at a time each. */
const seenWrites = new WeakMap<Db, Set<string>>();

/**
 * Slides the idle limit: writes the last-seen time, at most once a minute per session (the
 * UPDATE's condition; requests of the same minute on other instances change nothing), and
 * only one at a time per session in this process. The request does not wait for it: a read
 * must not queue behind other writes, nor fail because the write did (it is logged, and the
 * next request a minute on tries again).
 */
function markSeen(ctx: Context, sessionId: string, now: Date): void {
  let under = seenWrites.get(ctx.db);
  if (!under) seenWrites.set(ctx.db, (under = new Set()));
  if (under.has(sessionId)) return;
  under.add(sessionId);
  const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  writeBatch(ctx.db, [
    ctx.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), lte(sessions.lastSeenAt, stale)))
      .toSQL(),
  ])
    .catch((error: unknown) => {
      ctx.logger.error('auth.last_seen_failed', {
        requestId: ctx.req.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
    })
    .finally(() => under.delete(sessionId));
}

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

/**
 * Inserts a session row with a fresh id (never reusing the pending cookie's), noting the
 * browser's device name and masked address for the Account screen's list, and the user's
 * last sign-in. Callers run it inside the write transaction that also checks it may still
 * happen.
 */
export async function insertSession(tx: Db, ctx: Context, userId: number): Promise<string> {
  const id = newToken();
  const now = ctx.clock.now();
  const agent = ctx.req.headers.get('user-agent') ?? '';
  await tx.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    lastSeenAt: now,
    device: deviceName(agent.slice(0, MAX_AGENT_LENGTH)),
    address: maskAddress(ctx.req.ip),
  });
  await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return id;
}

/** Names a session row (inserted by the caller's committed transaction) in the cookie. */
export async function setSessionCookie(ctx: Context, sessionId: string): Promise<void> {
  await writeCookie(ctx, { sid: sessionId }, null);
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
  if (payload && 'sid' in payload) await tx.delete(sessions).where(eq(sessions.id, payload.sid));
  if (payload && 'challengeId' in payload) {
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, payload.challengeId));
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

/** The one answer of a request whose session is gone (or never was). */
export function signedOut(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
}

/** The signed-in request's session row id (a secret: never answered to the client). */
export async function currentSessionId(ctx: Context): Promise<string> {
  const state = await readSession(ctx);
  if (state.kind !== 'signedIn') throw signedOut();
  return state.sessionId;
}

/**
 * Sessions still usable at `now`: under the 12 h cap and used within the idle limit. The
 * stored last-seen time may lag the last request by up to a step (it is written at most once
 * a step), so the limit allows that step too: a request within 30 minutes of the one before
 * is never refused.
 */
export function liveSession(now: Date): SQL {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS - LAST_SEEN_STEP_MS);
  return sql`(${gt(sessions.expiresAt, now)} and ${gt(sessions.lastSeenAt, idleSince)})`;
}

/**
 * The answer of an admin path to a session signed in to the set-up of a second factor only
 * (production, docs/accounts.md): 401, with what to do.
 */
function setUpFirst(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: SET_UP_SECOND_FACTOR });
}

/**
 * The signed-in administrator of an admin path, whose use slides the idle limit. A session
 * signed in to the set-up only passes just where `setUp` says the path is part of it.
 */
export async function requireAdmin(
  ctx: Context,
  options: { setUp?: boolean } = {},
): Promise<SessionUser> {
  const holder = tokenHolderOf(ctx);
  if (holder) return holder;
  const state = await adminSession(ctx);
  if (state.kind !== 'signedIn') throw signedOut();
  if (state.setupOnly && !options.setUp) throw setUpFirst();
  return state.user;
}

const TOKEN_HOLDER = Symbol('token-holder');

/**
 * A request made with an access token (docs/mcp.md): its administrator passes the admin
 * procedures the MCP tools call, with no session. No session is read or slid for it, so what
 * needs one (a recent proof, the sessions list, signing out) still answers 401; which
 * procedures a token reaches at all is the tools' list (mcp/tools/), never the whole API.
 */
export function actWithToken(ctx: Context, user: SessionUser): void {
  requestMemo<{ user?: SessionUser }>(ctx, TOKEN_HOLDER, () => ({})).user = user;
}

function tokenHolderOf(ctx: Context): SessionUser | undefined {
  return requestMemo<{ user?: SessionUser }>(ctx, TOKEN_HOLDER, () => ({})).user;
}
