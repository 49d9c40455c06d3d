import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { unsealData } from 'iron-session';
import { parse } from 'hono/utils/cookie';
import type { Db } from '#db';
import { passkeys, sessions, totpCredentials, twoFactorChallenges, users } from '#db/schema';
import { requestMemo } from '#server/http/context';
import type { Context } from '#server/http/trpc';
import { cookieSealKey } from '#server/platform/keys';
import { tokenHash } from '#server/platform/tokens';

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

/** `sid`: the session's secret id, held by the browser alone (the row keeps its hash). */
export type CookiePayload = { sid: string } | { challengeId: string };

/**
 * The id a session's row is stored and found under: the hash of the secret id its cookie
 * names, like every token (docs/accounts.md, "Sessions"). A copied database row is no
 * session id a cookie could carry.
 */
export function sessionRowId(cookieId: string): string {
  return tokenHash(cookieId);
}

/**
 * The same for a second-factor challenge, whose id the cookie carries while the code is
 * awaited: its row (and a password reset bound to it) keeps only the hash. The code's own
 * keyed hash is scoped by the id the cookie carries (second-factors/two-factor.ts).
 */
export function challengeRowId(cookieId: string): string {
  return tokenHash(cookieId);
}

export type SessionState =
  | {
      kind: 'signedIn';
      /** The session's row id (sessionRowId): what the server's own writes name it by. */
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
 * one unseal of the cookie and one database lookup (docs/decisions/0021). The writers of
 * session-start-end.ts (a new session cookie, a pending login, a cleared cookie) replace both
 * entries with what the browser will hold after this response, so a later call in the same
 * request sees the new state rather than the request's original cookie.
 */
export interface SessionMemo {
  cookie?: Promise<CookiePayload | null>;
  state?: Promise<SessionState>;
  /** Set once an admin path of this request has slid the idle limit (or found it fresh). */
  slid?: boolean;
}

const SESSION_MEMO = Symbol('session');

/** This request's memo of the session (see SessionMemo). */
export function memoOf(ctx: Context): SessionMemo {
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
    const sessionId = sessionRowId(payload.sid);
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
      .where(and(eq(sessions.id, sessionId), liveSession(now)))
      .get();
    if (row) {
      return {
        kind: 'signedIn',
        sessionId,
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
          eq(twoFactorChallenges.id, challengeRowId(payload.challengeId)),
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

/** The one answer of a request whose session is gone (or never was). */
export function signedOut(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
}

/** The signed-in request's session row id (sessionRowId; never answered to the client). */
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
