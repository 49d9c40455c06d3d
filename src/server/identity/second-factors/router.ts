import { TRPCError } from '@trpc/server';
import { factorOffInput, passwordOnlyInput, totpEnableInput } from '#shared/second-factor';
import { passwordCheckedProcedure, provePassword } from '../recent-proof/prove-password';
import { sendAccountNotice } from '../administrators/notice-mail';
import { requireRecentProof } from '../recent-proof/recent-proof';
import { announceFirstFactor } from '../administrators/admin-notice';
import { requireAppCode } from './factor-proof';
import { currentSessionId } from '../sessions/session';
import { currentContent } from '#server/site/site-content';
import { router } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import {
  cancelTotpSetup,
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
} from './totp-change';
import { TOTP_SETUP } from './throttle-rules';
import { otpauthUrl } from './totp';
import { outputs } from '#shared/shapes/second-factor';

export const TOTP_ALREADY_ON =
  'The authenticator app is already on. Turn it off first to set up another one.';
export const TOTP_NOT_ON = 'The authenticator app is not on.';
export const NO_TOTP_SETUP =
  'No authenticator app is being set up, or it was turned on meanwhile. Please start the set-up again.';
export const WRONG_TOTP_CODE =
  'That code does not match: check the app shows this site, and that your device’s clock is right.';
export const TOTP_SETUP_EXPIRED = `The set-up was not finished within ${TOTP_SETUP.windowMs / 60_000} minutes. Please start the set-up again.`;
export const TOTP_SETUP_TOO_MANY_WRONG = `That code does not match either, and that was the last of ${TOTP_SETUP.limit} tries. Please start the set-up again (a new QR code).`;

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * The signed-in administrator's authenticator app and recovery codes (docs/second-factor.md).
 * Set-up, turning off and new recovery codes check the password, counted like the Account
 * screen's other password checks (identity/ways-in/login-throttle.ts).
 */
export const secondFactorRouter = router({
  totpSetup: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/totp/setup', body: 'json' } })
    .input(passwordOnlyInput)
    .output(outputs.totpSetup)
    .mutation(async ({ ctx, input }) => {
      await provePassword(ctx, ctx.user, input.password);
      const started = await startTotpSetup(ctx, ctx.user);
      if (!started) throw conflict(TOTP_ALREADY_ON);
      const issuer = (await currentContent(ctx.db)).content.company.name;
      return {
        success: true as const,
        secret: started.secret,
        otpauthUrl: await otpauthUrl(issuer, ctx.user.username, started.secret),
      };
    }),

  totpEnable: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/totp/enable', body: 'json' } })
    .input(totpEnableInput)
    .output(outputs.totpEnable)
    .mutation(async ({ ctx, input }) => {
      const sessionId = await currentSessionId(ctx);
      const result = await enableTotp(ctx, ctx.user, sessionId, input.code);
      if (!result.ok) {
        if (result.reason === 'noSetup') throw conflict(NO_TOTP_SETUP);
        if (result.reason === 'expired') throw conflict(TOTP_SETUP_EXPIRED);
        // 400, not 401: a wrong code is a mistake in the form, not a sign the session ended.
        const message =
          result.reason === 'wrongCode'
            ? `${WRONG_TOTP_CODE} ${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left.`
            : TOTP_SETUP_TOO_MANY_WRONG;
        throw new TRPCError({ code: 'BAD_REQUEST', message });
      }
      sendAccountNotice(ctx, result.email, ctx.user.username, { kind: 'totpEnabled' });
      if (result.first) await announceFirstFactor(ctx, ctx.user, 'app');
      ctx.logger.info('account.totp_enabled', {
        requestId: ctx.req.requestId,
        username: ctx.user.username,
      });
      return { success: true as const, recoveryCodes: result.recoveryCodes };
    }),

  /** The card's Cancel: a set-up never confirmed is dropped at once (an app that is on stays). */
  totpCancelSetup: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/account/totp/setup' } })
    .output(outputs.totpCancelSetup)
    .mutation(async ({ ctx }) => {
      await cancelTotpSetup(ctx, ctx.user);
      return { success: true as const };
    }),

  totpDisable: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/totp/disable', body: 'json' } })
    .input(factorOffInput)
    .output(outputs.totpDisable)
    .mutation(async ({ ctx, input }) => {
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      await requireAppCode(ctx, ctx.user, sessionId, input.code);
      const result = await disableTotp(ctx, ctx.user, sessionId);
      if (!result.wasOn) throw conflict(TOTP_NOT_ON);
      sendAccountNotice(ctx, result.email, ctx.user.username, { kind: 'totpDisabled' });
      ctx.logger.info('account.totp_disabled', {
        requestId: ctx.req.requestId,
        username: ctx.user.username,
      });
      return { success: true as const };
    }),

  regenerateRecoveryCodes: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/recovery-codes', body: 'json' } })
    .input(factorOffInput)
    .output(outputs.regenerateRecoveryCodes)
    .mutation(async ({ ctx, input }) => {
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      await requireAppCode(ctx, ctx.user, sessionId, input.code);
      const made = await regenerateRecoveryCodes(ctx, ctx.user, sessionId);
      if (!made) throw conflict(TOTP_NOT_ON);
      sendAccountNotice(ctx, made.email, ctx.user.username, { kind: 'recoveryCodesRegenerated' });
      return { success: true as const, recoveryCodes: made.codes };
    }),
});
