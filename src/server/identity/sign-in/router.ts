import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { loginInput, verifyCodeInput } from '#shared/auth';
import { recoveryCodeInput } from '#shared/second-factor';
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
import { completeSignIn, startSignedInSession } from '../ways-in/complete-sign-in';
import { loginThrottle, WrongPasswordError, wrongCodesBucket } from '../ways-in/login-throttle';
import {
  checkCode,
  codesSentBucket,
  checkRecoveryCode,
  sendChallenge,
  startTotpChallenge,
} from '../second-factors/two-factor';
import { credentialsOf } from '../passkeys/store';
import { auditInsert } from '#server/audit/record';
import { assertRoom } from '#server/platform/throttle';
import { APP_CHALLENGES, CODES_SENT, WRONG_CODES_DAILY } from '../ways-in/throttle-rules';
import { publicProcedure, router } from '#server/http/trpc';
import { outputs } from '#shared/shapes/admin';
import { authLog, finishSecondStep, pendingLoginProcedure } from './second-step';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export { SIGN_IN_BUSY } from '../passwords/hash-slot';

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
