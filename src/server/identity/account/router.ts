import { TRPCError } from '@trpc/server';
import {
  changeEmailInput,
  changePasswordInput,
  endOtherSessionsInput,
  endSessionInput,
  verifyEmailInput,
} from '#shared/account';
import { hashPasswordInSlot } from '../passwords/hash-slot';
import {
  passwordCheckedProcedure,
  provePassword,
  signedInUserRow,
} from '../recent-proof/prove-password';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-start-end';
import { currentSessionId } from '../sessions/session';
import { MAX_WRONG_CODES } from '../second-factors/two-factor';
import { router } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import { assertRoom } from '#server/platform/throttle';
import { EMAIL_CODES } from './throttle-rules';
import {
  confirmEmailChange,
  emailCodesBucket,
  NO_PENDING_CHANGE,
  removeEmail,
  startEmailChange,
} from './email-change';
import { sendAccountNotice } from '../administrators/notice-mail';
import { announceFirstFactor } from '../administrators/admin-notice';
import { assertStrongPassword } from '../passwords/password-policy';
import {
  assertProofInTx,
  passwordWhenGivenProcedure,
  recentProofProcedure,
  requireRecentProof,
} from '../recent-proof/recent-proof';
import { requireAppCode } from '../second-factors/factor-proof';
import { requirePasskeyProof } from '../passkeys/passkey-proof';
import { listPasskeys } from '../passkeys/store';
import { totpEnabled } from '../second-factors/totp';
import { recoveryCodesLeft } from '../second-factors/recovery-codes';
import { storeNewPassword } from './password-change';
import { endSessionsOf, listSessions, publicSessionId } from '../sessions/session-list';
import { outputs } from '#shared/shapes/account';

export const PASSWORD_CHANGED_MEANWHILE =
  'The password was changed meanwhile (in another session or on the command line). Please try again.';
export const UNKNOWN_SESSION = 'No such session of yours: it may have ended already.';

/** The signed-in administrator's own account (docs/accounts.md). */
export const accountRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account' } })
    .output(outputs.get)
    .query(async ({ ctx }) => {
      const row = await signedInUserRow(ctx, ctx.user);
      const totpOn = await totpEnabled(ctx.db, row.id);
      return {
        success: true as const,
        user: { id: row.id, username: row.username, email: row.email },
        // The app's code replaces the e-mailed one while it is on (docs/second-factor.md).
        secondFactor: totpOn
          ? ('totp' as const)
          : row.email
            ? ('email' as const)
            : ('none' as const),
        passkeys: await listPasskeys(ctx.db, row.id),
        recoveryCodesLeft: totpOn ? await recoveryCodesLeft(ctx.db, row.id) : 0,
      };
    }),

  changePassword: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/password', body: 'json' } })
    .input(changePasswordInput)
    .output(outputs.changePassword)
    .mutation(async ({ ctx, input }) => {
      const sessionId = await currentSessionId(ctx);
      // Refused before any hash: a guessable new password is a mistake in the form.
      await assertStrongPassword(ctx.db, input.newPassword, ctx.user.username, 'newPassword');
      const row = await provePassword(ctx, ctx.user, input.currentPassword);
      const newHash = await hashPasswordInSlot(ctx, input.newPassword);
      const stored = await storeNewPassword(
        ctx,
        ctx.user,
        { sessionId, checkedHash: row.password },
        newHash,
      );
      if (stored === null) {
        throw new TRPCError({ code: 'CONFLICT', message: PASSWORD_CHANGED_MEANWHILE });
      }
      await setSessionCookie(ctx, stored.cookieId);
      sendAccountNotice(ctx, row.email, ctx.user.username, { kind: 'password' });
      const endedSessions = stored.ended;
      ctx.logger.info('account.password_changed', {
        requestId: ctx.req.requestId,
        username: ctx.user.username,
        endedSessions,
      });
      return { success: true as const, endedSessions };
    }),

  changeEmail: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/email', body: 'json' } })
    .input(changeEmailInput)
    .output(outputs.changeEmail)
    .mutation(async ({ ctx, input }) => {
      const sessionId = await currentSessionId(ctx);
      if (input.email !== null) {
        // A spent code budget refuses before the slow hash (and again when the code is counted).
        const budget = { bucket: emailCodesBucket(ctx.user.id), rule: EMAIL_CODES };
        await assertRoom(ctx.db, budget, ctx.clock.now());
      }
      await requireRecentProof(ctx, ctx.user, input.password);
      // A new address swaps a factor too: both need the passkey where it is the factor's proof.
      if (input.email !== null) await requirePasskeyProof(ctx, ctx.user, sessionId);
      if (input.email === null) {
        await requireAppCode(ctx, ctx.user, sessionId, input.code);
        await requirePasskeyProof(ctx, ctx.user, sessionId);
        const previous = await removeEmail(ctx, ctx.user, sessionId);
        sendAccountNotice(ctx, previous, ctx.user.username, { kind: 'emailRemoved' });
        return { success: true as const, requiresCode: false };
      }
      await startEmailChange(ctx, ctx.user, sessionId, input.email);
      return { success: true as const, requiresCode: true };
    }),

  verifyEmail: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/email/verify', body: 'json' } })
    .input(verifyEmailInput)
    .output(outputs.verifyEmail)
    .mutation(async ({ ctx, input }) => {
      const sessionId = await currentSessionId(ctx);
      const result = await confirmEmailChange(ctx, ctx.user, sessionId, input.code);
      if (result.ok) {
        sendAccountNotice(ctx, result.previous, ctx.user.username, {
          kind: 'emailChanged',
          to: result.email,
        });
        if (result.first) await announceFirstFactor(ctx, ctx.user, 'email');
        return { success: true as const, email: result.email };
      }
      if (result.reason === 'none') {
        throw new TRPCError({ code: 'CONFLICT', message: NO_PENDING_CHANGE });
      }
      // 400, not 401: a wrong code is a mistake in the form, not a sign that the session ended.
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message:
          result.triesLeft === 0
            ? 'Wrong code, and that was the last try. Please ask for a new code.'
            : `Wrong code. ${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left of ${MAX_WRONG_CODES}.`,
      });
    }),

  sessions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account/sessions' } })
    .output(outputs.sessions)
    .query(async ({ ctx }) => ({
      success: true as const,
      sessions: await listSessions(ctx, ctx.user, await currentSessionId(ctx)),
    })),

  /**
   * Ending another session needs a recent proof (docs/accounts.md), checked again in the
   * write: a stolen session must not sign the owner out. Ending this one (signing out) does not.
   */
  endSession: passwordWhenGivenProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/account/sessions/:id', body: 'optional' },
    })
    .input(endSessionInput)
    .output(outputs.endSession)
    .mutation(async ({ ctx, input }) => {
      const current = await currentSessionId(ctx);
      const other = publicSessionId(current) !== input.id;
      if (other) await requireRecentProof(ctx, ctx.user, input.password);
      const ended = await endSessionsOf(
        ctx,
        ctx.user,
        (ids) => ids.filter((id) => publicSessionId(id) === input.id),
        other ? { check: (tx) => assertProofInTx(tx, ctx, ctx.user.id, current) } : {},
      );
      if (ended.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: UNKNOWN_SESSION });
      // Ending this browser's own session signs it out.
      if (ended.includes(current)) await clearSessionCookie(ctx);
      return { success: true as const };
    }),

  /**
   * Needs a recent proof (docs/accounts.md): a stolen session must not sign the owner out
   * everywhere. The proof is checked again in the write that ends them.
   */
  endOtherSessions: recentProofProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/account/sessions/end-others',
        body: { fields: ['password'], optional: true },
      },
    })
    .input(endOtherSessionsInput)
    .output(outputs.endOtherSessions)
    .mutation(async ({ ctx, input }) => {
      const { sessionId: current } = await requireRecentProof(ctx, ctx.user, input?.password);
      const ended = await endSessionsOf(ctx, ctx.user, (ids) => ids, {
        except: current,
        check: (tx) => assertProofInTx(tx, ctx, ctx.user.id, current),
      });
      return { success: true as const, ended: ended.length };
    }),
});
