import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema';
import type { Context } from '../../http/trpc';
import { signedOut, type SessionUser } from '../sessions/session';
import { WrongPasswordError } from '../sign-in/login-throttle';
import { checkPasswordInSlot, PASSWORD_CHECK_BUSY } from './hash-slot';

export const WRONG_PASSWORD = 'The password is wrong.';

/** The signed-in user's row; 401 when the user was removed while this request ran. */
export async function signedInUserRow(ctx: Context, user: SessionUser) {
  const row = await ctx.db.select().from(users).where(eq(users.id, user.id)).get();
  if (!row) throw signedOut();
  return row;
}

/**
 * Checks the signed-in user's password (401 when wrong; the throttle around the procedure,
 * `passwordCheckedProcedure`, counts it) and answers the user's row it was checked against.
 * The one proof of password for the Account, second factors, passkeys and administrators.
 */
export async function provePassword(ctx: Context, user: SessionUser, password: string) {
  const row = await signedInUserRow(ctx, user);
  if (!(await checkPasswordInSlot(ctx, row.password, password, PASSWORD_CHECK_BUSY))) {
    ctx.logger.info('account.wrong_password', { requestId: ctx.req.requestId, ip: ctx.req.ip });
    throw new WrongPasswordError(WRONG_PASSWORD);
  }
  return row;
}
