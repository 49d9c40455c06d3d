/**
 * "Forgot your password?" (docs/accounts.md): public procedures; the link's token is the
 * first credential and the account's second factor the second. The token travels in POST
 * bodies, never a query string of an API call, so it is not written into access logs.
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import {
  PASSWORD_RESET_MESSAGES as M,
  passwordResetCheckInput,
  passwordResetChooseInput,
  passwordResetRequestInput,
} from '#shared/password-reset';
import { auditInsert } from '#server/audit/record';
import { publicProcedure, router, type Context } from '#server/http/trpc';
import { lookedUpLink } from '#server/platform/link-misses';
import { take } from '#server/platform/throttle';
import { addressBucket, keyedBucketPart } from '#server/platform/throttle-buckets';
import { hashPasswordInSlot } from '../passwords/hash-slot';
import { assertStrongPassword } from '../passwords/password-policy';
import {
  endCookieRows,
  signInRulesUnchanged,
  startPendingLogin,
} from '../sessions/session-start-end';
import { readCookie } from '../sessions/session';
import { sendChallenge, startTotpChallenge } from '../second-factors/two-factor';
import {
  accountNamed,
  bindReset,
  claimReset,
  liveReset,
  releaseReset,
  replaceReset,
} from './resets';
import { sendResetLink } from './reset-mail';
import { RESET_REQUESTS, RESET_REQUESTS_PER_ACCOUNT } from './throttle-rules';
import { outputs } from '#shared/shapes/password-reset';
import { logAddress } from '#server/platform/address';

const gone = () => new TRPCError({ code: 'NOT_FOUND', message: M.gone });

/** The account's bucket; a name that matches none by its keyed hash, so both count alike. */
function accountBucket(ctx: Context, name: string, userId: number | undefined): string {
  const kind = RESET_REQUESTS_PER_ACCOUNT.kind;
  return userId === undefined
    ? `${kind}:name:${keyedBucketPart(ctx.config.sessionSecret, name.toLowerCase())}`
    : `${kind}:user:${userId}`;
}

export const passwordResetRouter = router({
  /**
   * The same answer whoever the name is, and the mail goes after the answer, so neither the
   * answer nor its timing tells which accounts exist or have an address. Counted per address
   * and per account in the transaction that stores the link: 20 at once get the limit, no more.
   */
  request: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/forgot-password', body: 'json' } })
    .input(passwordResetRequestInput)
    .output(outputs.request)
    .mutation(async ({ ctx, input }) => {
      const account = await accountNamed(ctx.db, input.name);
      // An invited user who has not chosen a password yet uses the invitation instead.
      const mailable =
        account?.email && account.password !== '' && ctx.mailer.canDeliver ? account : undefined;
      const token = await writeTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        await take(
          tx,
          [
            {
              bucket: addressBucket(RESET_REQUESTS.kind, ctx.config.sessionSecret, ctx.req.ip),
              rule: RESET_REQUESTS,
            },
            {
              bucket: accountBucket(ctx, input.name, account?.id),
              rule: RESET_REQUESTS_PER_ACCOUNT,
            },
          ],
          now,
        );
        if (!mailable) return null;
        const made = await replaceReset(tx, now, mailable.id);
        await auditInsert(tx, now, {
          action: 'password_reset_requested',
          actor: { id: mailable.id, username: mailable.username },
          target: mailable.username,
          ip: ctx.req.ip,
        });
        return made;
      });
      if (token && mailable?.email) sendResetLink(ctx, mailable.email, mailable.username, token);
      return { success: true as const, message: M.sent };
    }),

  /**
   * Whose link it is and which second factor follows, for the page; 404 for a dead link. A
   * mutation, so the token travels in a body (tRPC only, as the invitation's check).
   */
  check: publicProcedure
    .input(passwordResetCheckInput)
    .output(outputs.check)
    .mutation(async ({ ctx, input }) => {
      // An unknown token is answered after one read, counted per address as every link's.
      const found = await lookedUpLink(ctx, () => liveReset(ctx.db, input.token, ctx.clock.now()));
      if (!found) throw gone();
      return { username: found.user.username, method: found.method };
    }),

  /**
   * Takes the new password and starts the second step a sign-in asks after the password
   * (the e-mailed code or the app's); the code goes to `admin.verifyCode` (or a recovery code
   * to `admin.recoveryCode`), whose success stores the password. The link is claimed before
   * the hash, in one write: of 20 submissions at once, one goes on.
   */
  choose: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/reset-password', body: 'json' } })
    .input(passwordResetChooseInput)
    .output(outputs.choose)
    .mutation(async ({ ctx, input }) => {
      // Checked before the slow hash: a made-up token costs one read.
      const found = await lookedUpLink(ctx, () => liveReset(ctx.db, input.token, ctx.clock.now()));
      if (!found) throw gone();
      const { user, method } = found;
      await assertStrongPassword(ctx.db, input.password, user.username, 'password');
      const claimed = await writeTransaction(ctx.db, (tx) =>
        claimReset(tx, input.token, ctx.clock.now()),
      );
      if (!claimed) throw gone();
      let challengeId: string | null;
      try {
        const newPassword = await hashPasswordInSlot(ctx, input.password);
        const previous = await readCookie(ctx);
        const mayStart = async (tx: Db, challengeId: string) => {
          // A password, address or app changed while the hash ran: the link's read is stale.
          if (!(await signInRulesUnchanged(tx, user, method === 'totp'))) return false;
          if (!(await bindReset(tx, input.token, { newPassword, challengeId }))) return false;
          await endCookieRows(tx, previous);
          return true;
        };
        challengeId =
          method === 'totp'
            ? await startTotpChallenge(ctx, user, mayStart)
            : await sendChallenge(ctx, { ...user, email: user.email ?? '' }, mayStart);
      } catch (error) {
        await writeTransaction(ctx.db, (tx) => releaseReset(tx, input.token));
        throw error;
      }
      if (!challengeId) throw gone();
      await startPendingLogin(ctx, challengeId, { id: user.id, username: user.username }, method);
      ctx.logger.info('auth.reset_code_asked', {
        requestId: ctx.req.requestId,
        ip: logAddress(ctx.req.ip),
        username: user.username,
        method,
      });
      return { success: true as const, requiresTwoFactor: true as const, method };
    }),
});
