import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { loginInput, verifyCodeInput } from '../../shared/schemas';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import {
  endSession,
  readSession,
  startPendingLogin,
  startSession,
  type SessionState,
} from '../auth/session';
import { assertAllowed, clearBucket, LOGIN_FAILURES, recordEvent } from '../auth/throttle';
import { checkCode, MAX_WRONG_CODES, sendChallenge } from '../auth/two-factor';
import { publicProcedure, router, type Context } from '../trpc';

export const INVALID_CREDENTIALS = 'Invalid username or password';
const NO_PENDING_LOGIN =
  'Your sign-in code has expired or no sign-in is waiting for one. Please sign in again.';
const TOO_MANY_WRONG_CODES =
  'Wrong code, and that was the last try. Please sign in again to get a new code.';

/** Throttle keys: the same name in any case shares one allowance. */
export function loginFailureBuckets(username: string, ip: string): [string, string] {
  return [`login-fail:user:${username.trim().toLowerCase()}`, `login-fail:ip:${ip}`];
}

function authLog(ctx: Context, event: string, fields: Record<string, unknown>): void {
  ctx.logger.info(event, { requestId: ctx.req.requestId, ip: ctx.req.ip, ...fields });
}

/**
 * Runs before input validation, so a throttled client gets 429 even for a malformed body
 * (DESIGN.md section 4 puts 429 ahead of 400). The raw username is only used as a key.
 */
const loginThrottle = publicProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = await getRawInput().catch(() => undefined);
  const username =
    raw && typeof raw === 'object' && 'username' in raw && typeof raw.username === 'string'
      ? raw.username
      : '';
  const [byUser, byIp] = loginFailureBuckets(username, ctx.req.ip);
  assertAllowed(
    ctx.db,
    username.trim() ? [byUser, byIp] : [byIp],
    LOGIN_FAILURES,
    ctx.clock.now(),
    'Too many failed sign-in attempts.',
  );
  return next();
});

/** The code form is only for a browser whose login asked for one (401 before 400). */
const pendingLoginProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const state = await readSession(ctx);
  if (state.kind !== 'awaitingCode') {
    // A cookie naming a dead challenge is cleared; a signed-in session is left alone.
    if (state.kind === 'none') await endSession(ctx);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: NO_PENDING_LOGIN });
  }
  return next({ ctx: { ...ctx, pending: state } });
});

function describe(state: SessionState) {
  return {
    authenticated: state.kind === 'signedIn',
    username: state.kind === 'none' ? null : state.user.username,
    awaitingTwoFactor: state.kind === 'awaitingCode',
  };
}

export const adminRouter = router({
  check: publicProcedure.query(async ({ ctx }) => describe(await readSession(ctx))),

  login: loginThrottle.input(loginInput).mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const buckets = loginFailureBuckets(input.username, ctx.req.ip);
    const user = ctx.db.select().from(users).where(eq(users.username, input.username)).get();
    // An unknown name is checked against a dummy hash: both failures take the same time.
    const passwordOk = await verifyPassword(user?.password ?? DUMMY_HASH, input.password);
    if (!user || !passwordOk) {
      recordEvent(ctx.db, buckets, now);
      authLog(ctx, 'auth.login_failed', { username: input.username });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    }
    clearBucket(ctx.db, buckets[0]);
    if (!user.email) {
      await startSession(ctx, user.id);
      authLog(ctx, 'auth.login_ok', { username: user.username, twoFactor: false });
      return { success: true as const, requiresTwoFactor: false };
    }
    const challengeId = await sendChallenge(ctx, {
      id: user.id,
      username: user.username,
      email: user.email,
    });
    await startPendingLogin(ctx, challengeId);
    authLog(ctx, 'auth.code_sent', { username: user.username });
    return { success: true as const, requiresTwoFactor: true };
  }),

  verifyCode: pendingLoginProcedure.input(verifyCodeInput).mutation(async ({ ctx, input }) => {
    const { pending } = ctx;
    const result = checkCode(ctx, pending.challengeId, input.code);
    if (result.ok) {
      await startSession(ctx, result.userId);
      authLog(ctx, 'auth.code_ok', { username: pending.user.username });
      return { success: true as const };
    }
    const triesLeft = result.reason === 'wrong' ? result.triesLeft : 0;
    authLog(ctx, 'auth.code_failed', {
      username: pending.user.username,
      reason: result.reason,
      triesLeft,
    });
    if (result.reason === 'expired' || triesLeft === 0) {
      // The challenge is gone: clear the cookie so the browser shows the login form again.
      await endSession(ctx);
      throw new TRPCError({
        code: 'UNAUTHORIZED',
        message: result.reason === 'expired' ? NO_PENDING_LOGIN : TOO_MANY_WRONG_CODES,
      });
    }
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: `Wrong code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left of ${MAX_WRONG_CODES}.`,
    });
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const state = await readSession(ctx);
    await endSession(ctx);
    authLog(ctx, 'auth.logout', {
      username: state.kind === 'none' ? null : state.user.username,
    });
    return { success: true as const };
  }),
});
