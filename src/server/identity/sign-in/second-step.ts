/**
 * The sign-in's second step (docs/accounts.md): the code, or a recovery code, of a browser
 * whose login asked for one, checked and ended in one transaction, with what each ending says.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { users } from '#db/schema';
import { RECOVERY_CODES_LOW } from '#shared/second-factor';
import { endSession } from '../sessions/session-start-end';
import { readSession, type SessionState } from '../sessions/session';
import { completeSignIn, startSignedInSession } from '../ways-in/complete-sign-in';
import { MAX_WRONG_CODES, type CodeCheck } from '../second-factors/two-factor';
import { sendAccountNotice } from '../administrators/notice-mail';
import { applyPendingReset, startedByReset } from '../password-reset/resets';
import { recoveryCodesLeft } from '../second-factors/recovery-codes';
import { auditInsert } from '#server/audit/record';
import { publicProcedure, type Context } from '#server/http/trpc';
import { logAddress } from '#server/platform/address';
import { addressOf } from '../administrators/addresses';

const NO_PENDING_LOGIN =
  'Your sign-in code has expired or no sign-in is waiting for one. Please sign in again.';
/** The last wrong try: an e-mailed code comes new with the next sign-in; the app makes its own. */
const LAST_TRY = {
  email: 'Wrong code, and that was the last try. Please sign in again to get a new code.',
  totp: 'Wrong code, and that was the last try. Please sign in again.',
} as const;
/**
 * The last wrong try of a step that "Forgot your password?" started: its link is used up, and
 * signing in again is what the person cannot do.
 */
export const LAST_TRY_RESET =
  'Wrong code, and that was the last try: this password reset link is used up. Ask for a new one with “Forgot your password?”.';
/** The app's code changes every 30 seconds, and each works once. */
const USED_CODE_HINT = 'If you just used this code, wait for the next one.';

export function authLog(ctx: Context, event: string, fields: Record<string, unknown>): void {
  ctx.logger.info(event, { requestId: ctx.req.requestId, ip: logAddress(ctx.req.ip), ...fields });
}

/** The code form is only for a browser whose login asked for one (401 before 400). */
export const pendingLoginProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const state = await readSession(ctx);
  if (state.kind !== 'awaitingCode') {
    // A cookie naming a dead challenge is cleared; a signed-in session is left alone.
    if (state.kind === 'none') await endSession(ctx);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: NO_PENDING_LOGIN });
  }
  return next({ ctx: { ...ctx, pending: state } });
});

type Pending = Extract<SessionState, { kind: 'awaitingCode' }>;

/**
 * The second step's one ending, for a code and a recovery code alike: one transaction, so a
 * password change or removal either deletes the challenge before the code is checked or the
 * new session after it is created, never slips in between.
 */
export async function finishSecondStep(
  ctx: Context,
  pending: Pending,
  kind: 'code' | 'recovery',
  check: (tx: Db) => Promise<CodeCheck>,
) {
  const result = await writeTransaction(ctx.db, async (tx) => {
    const checked = await check(tx);
    const entry = { actor: pending.user, ip: ctx.req.ip };
    if (!checked.ok) {
      if (checked.reason === 'wrong') {
        await auditInsert(tx, ctx.clock.now(), { action: 'sign_in_failed', ...entry });
      }
      // The app's challenge ended by wrong codes: the owner hears of it (once: the fifth
      // wrong code deletes the challenge, so no later request can end it again).
      const guessed = checked.reason === 'wrong' && checked.triesLeft === 0;
      const tell =
        guessed && checked.method === 'totp' ? await addressOf(tx, pending.user.id) : null;
      const reset = guessed && (await startedByReset(tx, pending.challengeId));
      return { ...checked, tell, reset };
    }
    if (kind === 'recovery') {
      await auditInsert(tx, ctx.clock.now(), { action: 'recovery_code_used', ...entry });
    }
    // A challenge started by "Forgot your password?": the password chosen there is stored
    // only now that the second factor succeeded, before the new session starts.
    const reset = await applyPendingReset(tx, ctx, pending.challengeId, checked.userId);
    // The device cookie is signed over the password hash as it stands at this sign-in.
    const owner = await tx
      .select({
        id: users.id,
        username: users.username,
        password: users.password,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, checked.userId))
      .get();
    // The challenge was the user's, in this transaction: they cannot be gone.
    if (!owner) throw new Error('a sign-in challenge outlived its user');
    const signedIn = await startSignedInSession(tx, ctx, owner);
    const codesLeft = kind === 'recovery' ? await recoveryCodesLeft(tx, checked.userId) : null;
    return { ...checked, signedIn, email: owner.email, codesLeft, reset };
  });
  if (result.ok) {
    await completeSignIn(
      ctx,
      result.signedIn,
      kind === 'code' ? 'auth.code_ok' : 'auth.recovery_code_ok',
      { passwordReset: result.reset },
    );
    if (result.reset) {
      sendAccountNotice(ctx, result.email, pending.user.username, { kind: 'passwordReset' });
    }
    if (result.codesLeft === null) return { success: true as const };
    sendAccountNotice(ctx, result.email, pending.user.username, {
      kind: 'recoveryCodeUsed',
      left: result.codesLeft,
    });
    return {
      success: true as const,
      recoveryCodesLeft: result.codesLeft,
      // Said at once, while the person still has the codes in hand.
      ...(result.codesLeft <= RECOVERY_CODES_LOW
        ? {
            warning: `Only ${result.codesLeft} recovery ${result.codesLeft === 1 ? 'code is' : 'codes are'} left: make new ones on the Account page.`,
          }
        : {}),
    };
  }
  const triesLeft = result.reason === 'wrong' ? result.triesLeft : 0;
  authLog(ctx, kind === 'code' ? 'auth.code_failed' : 'auth.recovery_code_failed', {
    username: pending.user.username,
    reason: result.reason,
    triesLeft,
  });
  sendAccountNotice(ctx, result.tell, pending.user.username, { kind: 'codesGuessed' });
  if (result.reason === 'expired' || triesLeft === 0) {
    // The challenge is gone: clear the cookie so the browser shows the login form again.
    await endSession(ctx);
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message:
        result.reason === 'expired'
          ? NO_PENDING_LOGIN
          : result.reset
            ? LAST_TRY_RESET
            : LAST_TRY[pending.method],
    });
  }
  const wrong = `Wrong code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left of ${MAX_WRONG_CODES}.`;
  throw new TRPCError({
    code: 'UNAUTHORIZED',
    message: kind === 'code' && pending.method === 'totp' ? `${wrong} ${USED_CODE_HINT}` : wrong,
  });
}
