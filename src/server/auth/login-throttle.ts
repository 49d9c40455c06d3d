import { TRPCError } from '@trpc/server';
import { eq, or, sql } from 'drizzle-orm';
import { writeBatch, type Db } from '../../../db';
import { throttleEvents } from '../../../db/schema';
import { auditInsert, type AuditEntry } from '../audit/record';
import { adminProcedure, publicProcedure, type Context } from '../http/trpc';
import { throttleAddress } from '../platform/address';
import {
  assertAllowed,
  clearBucket,
  releaseEvents,
  reserveEvent,
  type ThrottleRule,
} from '../platform/throttle';
import { publicSessionId } from '../account/session-list';
import { deviceIdFor, foldedUsername } from './device-cookie';
import { currentSessionId } from './session';

/** 5 failed sign-ins per username and per address (an IPv6 /64) in 15 minutes. */
export const LOGIN_FAILURES: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const THROTTLED = 'Too many failed sign-in attempts.';

/** Throttle keys: the same name in any case shares one allowance. */
export function loginFailureBuckets(username: string, ip: string): [string, string] {
  return [
    // Built from input not yet validated: kept well formed, as the database must store it.
    `login-fail:user:${foldedUsername(username)}`,
    `login-fail:ip:${throttleAddress(ip)}`,
  ];
}

/**
 * Forgets a name's failed sign-ins, its devices' included (inside a write transaction): the
 * command line's new password lets a locked-out owner in at once (docs/accounts.md).
 */
export function clearLoginFailures(tx: Db, username: string) {
  const [byUser] = loginFailureBuckets(username, '');
  return tx.delete(throttleEvents).where(
    or(
      eq(throttleEvents.bucket, byUser),
      // A plain prefix test: LIKE would read a `_` or `%` in the name as a wildcard.
      sql`instr(${throttleEvents.bucket}, ${`${byUser}:device:`}) = 1`,
    ),
  );
}

/** The buckets one password check counts in, and the one a right password empties. */
export interface PasswordAttempt {
  buckets: string[];
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

type Settled = { ok: true } | { ok: false; error: unknown };

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
  await assertAllowed(ctx.db, attempt.buckets, LOGIN_FAILURES, now, THROTTLED);
  const reserved = await reserveEvent(
    ctx.db,
    attempt.buckets.map((bucket) => ({ bucket, rule: LOGIN_FAILURES })),
    now,
    THROTTLED,
  );
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
    ...(cleared ? [clearBucket(ctx.db, cleared).toSQL()] : []),
    releaseEvents(ctx.db, reserved).toSQL(),
  ]);
}

/**
 * The sign-in's attempt: by the address, and by the name typed (when there is one), or, for
 * a browser whose device cookie names that user, by the name and that device instead
 * (docs/decisions/0030): guesses from elsewhere cannot lock the owner's own browser out.
 */
export const loginThrottle = publicProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = await getRawInput().catch(() => undefined);
  const username =
    raw && typeof raw === 'object' && 'username' in raw && typeof raw.username === 'string'
      ? raw.username
      : '';
  const [byUser, byIp] = loginFailureBuckets(username, ctx.req.ip);
  const named = username.trim() !== '';
  const device = named ? deviceIdFor(ctx, username) : null;
  const byName = device ? `${byUser}:device:${device}` : byUser;
  return settledPasswordCheck(
    ctx,
    {
      buckets: named ? [byName, byIp] : [byIp],
      clearedBySuccess: named ? byName : null,
      failure: (judged) => ({
        action: 'sign_in_failed',
        actor: null,
        target: judged.auditTarget,
        ip: ctx.req.ip,
      }),
    },
    next,
  );
});

/**
 * A signed-in user's procedure that checks their password (the Account screen's password
 * and e-mail changes): a wrong one answers 401 and counts against this session's own bucket
 * and the address's, so a borrowed session cannot guess the password faster than the login
 * form could. Not the name's bucket: a stranger's guesses, which lock the name for unknown
 * browsers, must not lock its owner's Account screen (docs/decisions/0030).
 */
export const passwordCheckedProcedure = adminProcedure.use(async ({ ctx, next }) => {
  const bySession = accountCheckBucket(ctx.user.id, await currentSessionId(ctx));
  const [, byIp] = loginFailureBuckets('', ctx.req.ip);
  return settledPasswordCheck(
    ctx,
    { buckets: [bySession, byIp], clearedBySuccess: bySession },
    next,
  );
});

/** The bucket of one session's password checks: by user and (public, derived) session id. */
export function accountCheckBucket(userId: number, sessionId: string): string {
  return `login-fail:account:${userId}:session:${publicSessionId(sessionId)}`;
}
