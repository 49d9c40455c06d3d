import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { users } from '#db/schema';
import { loginInput, verifyCodeInput } from '#shared/auth';
import { RECOVERY_CODES_LOW, recoveryCodeInput } from '#shared/second-factor';
import { checkPasswordInSlot } from '../passwords/hash-slot';
import { DUMMY_HASH } from '../passwords/passwords';
import {
  endCookieRows,
  endSession,
  signInRulesUnchanged,
  startPendingLogin,
} from '../sessions/session-start-end';
import { readCookie, readSession, type SessionState } from '../sessions/session';
import { adminSession } from '../sessions/admin-session';
import { completeSignIn, startSignedInSession } from '../sign-in/complete-sign-in';
import { loginThrottle, WrongPasswordError, wrongCodesBucket } from '../sign-in/login-throttle';
import {
  checkCode,
  codesSentBucket,
  MAX_WRONG_CODES,
  checkRecoveryCode,
  sendChallenge,
  startTotpChallenge,
  type CodeCheck,
} from '../second-factors/two-factor';
import { sendAccountNotice } from '../administrators/notice-mail';
import { applyPendingReset, startedByReset } from '../password-reset/resets';
import { credentialsOf } from '../passkeys/store';
import { recoveryCodesLeft } from '../second-factors/recovery-codes';
import { auditInsert } from '#server/platform/audit/record';
import { assertRoom } from '#server/platform/throttle';
import { APP_CHALLENGES, CODES_SENT, WRONG_CODES_DAILY } from '../sign-in/throttle-rules';
import { publicProcedure, router, type Context } from '#server/http/trpc';
import { outputs } from '../sign-in/router-outputs';
import { logAddress } from '#server/platform/address';
import { addressOf } from '../administrators/addresses';

export const INVALID_CREDENTIALS = 'Invalid username or password';
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
export { SIGN_IN_BUSY } from '../passwords/hash-slot';

function authLog(ctx: Context, event: string, fields: Record<string, unknown>): void {
  ctx.logger.info(event, { requestId: ctx.req.requestId, ip: logAddress(ctx.req.ip), ...fields });
}

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

type Pending = Extract<SessionState, { kind: 'awaitingCode' }>;

/**
 * The second step's one ending, for a code and a recovery code alike: one transaction, so a
 * password change or removal either deletes the challenge before the code is checked or the
 * new session after it is created, never slips in between.
 */
async function finishSecondStep(
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

function describe(state: SessionState) {
  return {
    authenticated: state.kind === 'signedIn',
    username: state.kind === 'none' ? null : state.user.username,
    awaitingTwoFactor: state.kind === 'awaitingCode',
    /** What the pending sign-in's code step asks for (the page after a reload needs it). */
    pendingMethod: state.kind === 'awaitingCode' ? state.method : null,
    /** Signed in to the set-up of a second factor only (production, docs/accounts.md). */
    setupRequired: state.kind === 'signedIn' && state.setupOnly,
  };
}

export const adminRouter = router({
  // The admin screens' guard: their use, so it slides the idle limit like an admin path.
  check: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/check' } })
    .output(outputs.check)
    .query(async ({ ctx }) => describe(await adminSession(ctx))),

  login: loginThrottle
    .meta({ rest: { method: 'POST', path: '/api/admin/login', body: 'json' } })
    .input(loginInput)
    .output(outputs.login)
    .mutation(async ({ ctx, input }) => {
      // Read by the throttle (which needs it for the device cookie), for the same name.
      const { found } = ctx;
      // An unknown name is checked against a dummy hash: both failures take the same time.
      // An invited user who has not yet chosen a password (docs/accounts.md) has an empty hash
      // and is refused exactly like an unknown name.
      const user = found?.password ? found : undefined;
      // While the user's sign-in codes are spent, the right and a wrong password get the same
      // 429, decided before the hash (a 401 beside a 429 would tell a guesser which one was
      // right); nothing is judged, so nothing counts against the name. An authenticator app's
      // challenges share the same cap, and a day of wrong codes (e-mailed or the app's) spent
      // refuses the same way (docs/decisions/0034).
      const totpOn = user?.totpOn ?? false;
      if (user && (user.email || totpOn)) {
        const rule = totpOn ? APP_CHALLENGES : CODES_SENT;
        await assertRoom(ctx.db, { bucket: codesSentBucket(user.id), rule }, ctx.clock.now());
      }
      if (user && (user.email || totpOn)) {
        const daily = { bucket: wrongCodesBucket(user.id), rule: WRONG_CODES_DAILY };
        await assertRoom(ctx.db, daily, ctx.clock.now());
      }
      const passwordOk = await checkPasswordInSlot(
        ctx,
        user?.password ?? DUMMY_HASH,
        input.password,
      );
      if (!user || !passwordOk) {
        // A name that matches nobody is often a password typed in the wrong field: the line
        // says so without it.
        authLog(
          ctx,
          'auth.login_failed',
          user ? { username: user.username, reason: 'wrong password' } : { reason: 'unknown name' },
        );
        // The entry names an existing user only: a name that matches nobody is often a
        // password typed in the wrong field, and is not kept.
        throw new WrongPasswordError(INVALID_CREDENTIALS, user ? user.username : 'unknown name');
      }
      // A user whose only second factor is a passkey: the password alone is not a sign-in, and
      // the passkey's own sign-in (with user verification) is a whole one, so nothing starts
      // here, no session and no pending sign-in: the answer only says which step is next. Like
      // the code's 200 it follows a right password only; it is counted as one (docs/accounts.md).
      if (!totpOn && !user.email && user.passkeyOn) {
        authLog(ctx, 'auth.passkey_asked', { username: user.username });
        return {
          success: true as const,
          requiresTwoFactor: true as const,
          method: 'passkey' as const,
        };
      }
      // A change (password, address, removal) won the race while the hash ran: the same 401,
      // but no password was judged wrong, so nothing is counted or audited as a failure.
      const lostRace = () => {
        authLog(ctx, 'auth.login_failed', {
          username: user.username,
          reason: 'user changed during sign-in',
        });
        return new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
      };
      const previous = await readCookie(ctx);
      // Runs in the transaction that starts the session or challenge: the password and e-mail
      // must still be the ones just read (a change, removal or set-email meanwhile wins), and
      // whatever the browser held before (another session, an older pending login) ends with
      // the new one's start.
      const mayStart = async (tx: Db) => {
        if (!(await signInRulesUnchanged(tx, user, totpOn))) return false;
        await endCookieRows(tx, previous);
        return true;
      };
      if (totpOn) {
        const challengeId = await startTotpChallenge(ctx, user, mayStart);
        if (!challengeId) throw lostRace();
        await startPendingLogin(ctx, challengeId, { id: user.id, username: user.username }, 'totp');
        authLog(ctx, 'auth.totp_asked', { username: user.username });
        return {
          success: true as const,
          requiresTwoFactor: true as const,
          method: 'totp' as const,
        };
      }
      if (!user.email) {
        // A passkey added while the hash ran makes this user's sign-in the passkey's: the
        // password alone starts nothing then (a lost race, as above).
        const signedIn = await writeTransaction(ctx.db, async (tx) =>
          (await credentialsOf(tx, user.id)).length === 0 && (await mayStart(tx))
            ? startSignedInSession(tx, ctx, user)
            : null,
        );
        if (!signedIn) throw lostRace();
        await completeSignIn(ctx, signedIn, 'auth.login_ok', { twoFactor: false });
        // In production a user without a second factor (no passkey either) is now signed in to
        // its set-up only: the new session's read says so (outside production it never is).
        const state = ctx.config.production ? await readSession(ctx) : null;
        const setupRequired = state?.kind === 'signedIn' && state.setupOnly;
        return { success: true as const, requiresTwoFactor: false as const, setupRequired };
      }
      const challengeId = await sendChallenge(
        ctx,
        { id: user.id, username: user.username, email: user.email },
        mayStart,
      );
      if (!challengeId) throw lostRace();
      await startPendingLogin(ctx, challengeId, { id: user.id, username: user.username }, 'email');
      authLog(ctx, 'auth.code_sent', { username: user.username });
      return { success: true as const, requiresTwoFactor: true as const, method: 'email' as const };
    }),

  verifyCode: pendingLoginProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/verify-2fa', body: 'json' } })
    .input(verifyCodeInput)
    .output(outputs.verifyCode)
    .mutation(({ ctx, input }) =>
      finishSecondStep(ctx, ctx.pending, 'code', (tx) =>
        checkCode(ctx, tx, ctx.pending.challengeId, input.code),
      ),
    ),

  /** A recovery code instead of the app's or the e-mailed code (docs/second-factor.md). */
  recoveryCode: pendingLoginProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/recovery-code', body: 'json' } })
    .input(recoveryCodeInput)
    .output(outputs.recoveryCode)
    .mutation(({ ctx, input }) =>
      finishSecondStep(ctx, ctx.pending, 'recovery', (tx) =>
        checkRecoveryCode(ctx, tx, ctx.pending.challengeId, input.code),
      ),
    ),

  logout: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/logout' } })
    .output(outputs.logout)
    .mutation(async ({ ctx }) => {
      const state = await readSession(ctx);
      await endSession(
        ctx,
        state.kind === 'signedIn'
          ? (tx) =>
              auditInsert(tx, ctx.clock.now(), {
                action: 'sign_out',
                actor: state.user,
                ip: ctx.req.ip,
              })
          : undefined,
      );
      authLog(ctx, 'auth.logout', {
        username: state.kind === 'none' ? null : state.user.username,
      });
      return { success: true as const };
    }),
});
