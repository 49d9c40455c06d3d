import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { writeBatch, type Db } from '#db';
import { passkeys, totpCredentials, users } from '#db/schema';
import { LIMITS } from '#shared/constants';
import { wellFormed } from '#shared/validation';
import { auditInsert, type AuditEntry } from '#server/audit/record';
import { publicProcedure, type Context } from '#server/http/trpc';
import { addressBucket, keyedBucketPart } from '#server/platform/throttle-buckets';
import {
  assertRoom,
  clear,
  release,
  takeInBatch,
  type ThrottleBucket,
} from '#server/platform/throttle';
import { publicSessionId } from '../sessions/session-list';
import { deviceIdFor, foldedUsername } from './device-cookie';
import { DEVICE_FAILURES, LOGIN_FAILURES } from './throttle-rules';

/**
 * The failed sign-ins of a name that is a user's: by the user's id, so the bucket holds no
 * typed text (and the command line's new password can clear it without the secret).
 */
export function userFailuresBucket(userId: number): string {
  return `login-fail:user:${userId}`;
}

/**
 * The failed sign-ins of a name that matches nobody, often a password typed into the wrong
 * field: by its keyed hash (the same name in any case shares one), never the name itself, so
 * the database cannot tell what was typed (docs/accounts.md).
 */
export function unknownNameBucket(secret: string, username: string): string {
  return `login-fail:name:${keyedBucketPart(secret, `name:${foldedUsername(username)}`)}`;
}

/** Failed sign-ins and password checks of one address (an IPv6 /64), by its keyed hash. */
export function loginAddressBucket(ctx: {
  config: { sessionSecret: string };
  req: { ip: string };
}): string {
  return addressBucket('login-fail', ctx.config.sessionSecret, ctx.req.ip);
}

/** The user's day of wrong sign-in codes (`WRONG_CODES_DAILY`). */
export function wrongCodesBucket(userId: number): string {
  return `wrong-codes:user:${userId}`;
}

/** One device's sign-ins (a random id, bound to one user by the cookie's signature). */
const deviceBucket = (deviceId: string) => `login-fail:device:${deviceId}`;
/** All of one user's devices' sign-ins, by the user's id. */
export const devicesOfBucket = (userId: number) => `${DEVICE_FAILURES.kind}:${userId}`;

/**
 * Forgets a user's failed sign-ins, their devices' daily total and their authenticator
 * app's day of wrong codes included (inside a write transaction): the command line's new
 * password lets a locked-out owner in at once, and the guesser's password no longer works
 * (docs/accounts.md). Each device's own bucket needs no clearing: the new password revokes
 * every device cookie.
 */
export function clearLoginFailures(tx: Db, user: { id: number; username: string }) {
  return clear(tx, [
    userFailuresBucket(user.id),
    devicesOfBucket(user.id),
    wrongCodesBucket(user.id),
  ]);
}

/** The buckets one password check counts in, and the one a right password empties. */
export interface PasswordAttempt {
  buckets: ThrottleBucket[];
  /** The name's (or name and device's) bucket: a right password forgives its failures. */
  clearedBySuccess: string | null;
  /** The audit entry of a password judged wrong, if the check is a sign-in. */
  failure?: (judged: WrongPasswordError) => AuditEntry;
}

/**
 * The one answer that says a password was judged wrong (401). Only this error keeps a
 * password check's counted place; any other 401 (a session gone meanwhile, a sign-in that
 * lost a race with a password change) judged no password and frees it. `auditTarget` is
 * what a sign-in's `sign_in_failed` entry names.
 */
export class WrongPasswordError extends TRPCError {
  constructor(
    message: string,
    readonly auditTarget: string | null = null,
  ) {
    super({ code: 'UNAUTHORIZED', message });
  }
}

export type Settled = { ok: true } | { ok: false; error: unknown };

/**
 * Every password check takes one of the 5 places per bucket before anything else: in one
 * write with the check, before the input is validated (429 ranks above 400) and long before
 * the password is hashed. Calls arriving together, or batched in one tRPC request, each need
 * a place of their own, so no burst gets more guesses than the limit. Settled afterwards
 * (in `finally`, whatever happened): only a password judged wrong (`WrongPasswordError`)
 * keeps its place, and only then is a sign-in's `sign_in_failed` entry written; a success
 * frees it and clears the name's failures; anything else (invalid input, a busy server, mail
 * trouble, a session gone) frees it too, since no password was judged wrong. The sign-in and
 * the Account screen's password checks (change password, change e-mail) all go through here.
 */
export async function settledPasswordCheck<R extends Settled>(
  ctx: Context,
  attempt: PasswordAttempt,
  check: () => Promise<R>,
): Promise<R> {
  const now = ctx.clock.now();
  // An attempt already over the limit is refused by a read (one for both buckets): a flood
  // of them never waits in the write queue nor holds the write lock. The reservation, one
  // batch, checks again in the statement that counts.
  await assertRoom(ctx.db, attempt.buckets, now);
  const { ids: reserved } = await takeInBatch(ctx.db, attempt.buckets, now);
  let result: R | undefined;
  try {
    result = await check();
    return result;
  } finally {
    await settle(ctx, attempt, reserved, result).catch((error: unknown) => {
      // The answer stands (a session may already be set): a settle that failed leaves at
      // most a counted place, which its window forgets.
      ctx.logger.error('auth.settle_failed', {
        requestId: ctx.req.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }
}

async function settle(
  ctx: Context,
  attempt: PasswordAttempt,
  reserved: number[],
  result: Settled | undefined,
): Promise<void> {
  const judged = result && !result.ok && result.error instanceof WrongPasswordError;
  if (judged) {
    if (attempt.failure) {
      const entry = attempt.failure(result.error as WrongPasswordError);
      await writeBatch(ctx.db, [auditInsert(ctx.db, ctx.clock.now(), entry).toSQL()]);
    }
    return;
  }
  const cleared = result?.ok ? attempt.clearedBySuccess : null;
  await writeBatch(ctx.db, [
    ...(cleared ? [clear(ctx.db, [cleared]).toSQL()] : []),
    release(ctx.db, reserved).toSQL(),
  ]);
}

/**
 * The user a sign-in names, read once here for the device cookie and the login alike, with
 * whether their authenticator app is on and whether they have a passkey (which decide the
 * second step): one read.
 */
async function namedUser(ctx: Context, username: string) {
  const name = username.trim();
  // Only a name the input could accept is looked up (a libSQL server refuses ill-formed text).
  if (name === '' || name.length > LIMITS.usernameMax || wellFormed(name) !== name)
    return undefined;
  const row = await ctx.db
    .select({
      user: users,
      totpSince: totpCredentials.enabledAt,
      passkeyOn: sql<boolean>`exists (select 1 from ${passkeys}
        where ${passkeys.userId} = ${users.id})`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
    .where(eq(users.username, name))
    .get();
  return row && { ...row.user, totpOn: row.totpSince !== null, passkeyOn: row.passkeyOn };
}

/**
 * The sign-in's attempt: by the address, and by the name typed (when there is one), or, for
 * a browser whose device cookie was made for that user under their current password, by that
 * device and by all the user's devices together (a daily cap) instead (docs/decisions/0030):
 * guesses from elsewhere cannot lock the owner's own browser out. The user row read here is
 * handed to the login (`found`), so the sign-in reads it once.
 */
export const loginThrottle = publicProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = await getRawInput().catch(() => undefined);
  const username =
    raw && typeof raw === 'object' && 'username' in raw && typeof raw.username === 'string'
      ? raw.username
      : '';
  const named = username.trim() !== '';
  const found = named ? await namedUser(ctx, username) : undefined;
  const byUser = found
    ? userFailuresBucket(found.id)
    : unknownNameBucket(ctx.config.sessionSecret, username);
  const byIp = loginAddressBucket(ctx);
  const device = found ? deviceIdFor(ctx, found) : null;
  const byName: ThrottleBucket[] =
    found && device
      ? [
          { bucket: deviceBucket(device), rule: LOGIN_FAILURES },
          { bucket: devicesOfBucket(found.id), rule: DEVICE_FAILURES },
        ]
      : named
        ? [{ bucket: byUser, rule: LOGIN_FAILURES }]
        : [];
  return settledPasswordCheck(
    ctx,
    {
      buckets: [...byName, { bucket: byIp, rule: LOGIN_FAILURES }],
      // The daily cap across devices is not forgiven by a success: the owner signing in
      // must not hand a stolen cookie a fresh day.
      clearedBySuccess: byName[0]?.bucket ?? null,
      failure: (judged) => ({
        action: 'sign_in_failed',
        actor: null,
        target: judged.auditTarget,
        ip: ctx.req.ip,
      }),
    },
    () => next({ ctx: { found } }),
  );
});

/** The bucket of one session's password checks: by user and (public, derived) session id. */
export function accountCheckBucket(userId: number, sessionId: string): string {
  return `login-fail:account:${userId}:session:${publicSessionId(sessionId)}`;
}
