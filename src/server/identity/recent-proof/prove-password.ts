/**
 * The one rule of a password asked again (docs/accounts.md): before a signed-in user changes
 * their password, address or second factors, adds or removes a passkey, or resets another
 * administrator's factor, their own password proves it is them. Two halves, always together:
 *
 * - the procedure counts it: `passwordCheckedProcedure` (the password is asked every time) or
 *   `recentProofProcedure` (identity/recent-proof/recent-proof.ts: asked unless the session
 *   proved itself lately) takes a place in this session's bucket and the address's before
 *   anything else, kept only when the password is judged wrong (so a borrowed session guesses
 *   no faster than the login form);
 * - `provePassword` judges it, and takes only such a procedure's context (`PasswordCounted`):
 *   a password checked without being counted does not compile.
 */
import { eq } from 'drizzle-orm';
import { users } from '#db/schema';
import type { Context } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import { currentSessionId, signedOut, type SessionUser } from '../sessions/session';
import {
  accountCheckBucket,
  loginAddressBucket,
  settledPasswordCheck,
  WrongPasswordError,
  type Settled,
} from '../ways-in/login-throttle';
import { LOGIN_FAILURES } from '../ways-in/throttle-rules';
import { checkPasswordInSlot, PASSWORD_CHECK_BUSY } from '../passwords/hash-slot';
import { logAddress } from '#server/platform/address';

export const WRONG_PASSWORD = 'The password is wrong.';

/** On the context of a procedure whose password, when its call gives one, is counted. */
export interface PasswordCounted {
  passwordCounted: true;
}

/**
 * Counts a password check of the signed-in user's own (around `next`): this session's own
 * bucket and the address's. Not the name's bucket: a stranger's guesses, which lock the name
 * for unknown browsers, must not lock its owner's Account screen (docs/decisions/0030).
 */
export async function countPasswordCheck<R extends Settled>(
  ctx: Context,
  user: SessionUser,
  next: () => Promise<R>,
): Promise<R> {
  const bySession = accountCheckBucket(user.id, await currentSessionId(ctx));
  const byIp = loginAddressBucket(ctx);
  return settledPasswordCheck(
    ctx,
    {
      buckets: [
        { bucket: bySession, rule: LOGIN_FAILURES },
        { bucket: byIp, rule: LOGIN_FAILURES },
      ],
      clearedBySuccess: bySession,
    },
    next,
  );
}

/** A signed-in user's procedure that asks for their password on every call (counted). */
export const passwordCheckedProcedure = adminProcedure.use(({ ctx, next }) =>
  countPasswordCheck(ctx, ctx.user, () => next({ ctx: { passwordCounted: true as const } })),
);

/** The signed-in user's row; 401 when the user was removed while this request ran. */
export async function signedInUserRow(ctx: Context, user: SessionUser) {
  const row = await ctx.db.select().from(users).where(eq(users.id, user.id)).get();
  if (!row) throw signedOut();
  return row;
}

/**
 * Checks the signed-in user's password (401 `WrongPasswordError` when wrong, which keeps the
 * counted place) and answers the user's row it was checked against.
 */
export async function provePassword(
  ctx: Context & PasswordCounted,
  user: SessionUser,
  password: string,
) {
  const row = await signedInUserRow(ctx, user);
  if (!(await checkPasswordInSlot(ctx, row.password, password, PASSWORD_CHECK_BUSY))) {
    ctx.logger.info('account.wrong_password', {
      requestId: ctx.req.requestId,
      ip: logAddress(ctx.req.ip),
    });
    throw new WrongPasswordError(WRONG_PASSWORD);
  }
  return row;
}
