import { publicProcedure } from '#server/http/trpc';
import { requireAdmin } from './admin-session';

/**
 * What a session signed in to the set-up of a second factor only (production, a user with
 * none yet: docs/accounts.md) may call besides `admin.check` and `admin.logout`, which are
 * public: its own account, and setting up the e-mailed code, the authenticator app or a
 * passkey. One list, read as the rule; every other admin procedure answers it 401.
 */
export const SET_UP_PROCEDURES: ReadonlySet<string> = new Set([
  'account.get',
  'account.changeEmail',
  'account.verifyEmail',
  'secondFactor.totpSetup',
  'secondFactor.totpEnable',
  'secondFactor.totpCancelSetup',
  'passkeys.registrationOptions',
  'passkeys.register',
]);

/**
 * Procedures only a fully signed-in administrator (password and, if due, a second factor)
 * may call, and the set-up's procedures, which a session signed in to the set-up may call too.
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, next, path }) => {
  const user = await requireAdmin(ctx, { setUp: SET_UP_PROCEDURES.has(path) });
  return next({ ctx: { ...ctx, user } });
});
