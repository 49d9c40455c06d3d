import { TRPCError } from '@trpc/server';
import type { Context } from '#server/http/trpc';
import { LimiterBusyError } from '#server/platform/limiter';
import { hashPassword, verifyPassword } from './passwords';
import { logAddress } from '#server/platform/address';

export const SIGN_IN_BUSY =
  'The server is busy with other sign-ins. Please try again in a few seconds.';
/** The same refusal where the password is checked or set outside the sign-in form. */
export const PASSWORD_CHECK_BUSY =
  'The server is busy checking other passwords. Please try again in a few seconds.';

/**
 * Runs a password hash in one of the process's few hashing slots (docs/decisions/0006); a
 * full queue answers 503 (with Retry-After) at once instead of waiting.
 */
async function inHashSlot<T>(ctx: Context, busy: string, work: () => Promise<T>): Promise<T> {
  try {
    return await ctx.hashLimiter.run(work);
  } catch (error) {
    if (error instanceof LimiterBusyError) {
      ctx.logger.info(busy === SIGN_IN_BUSY ? 'auth.login_busy' : 'auth.hash_busy', {
        requestId: ctx.req.requestId,
        ip: logAddress(ctx.req.ip),
      });
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: busy });
    }
    throw error;
  }
}

/**
 * Whether the password matches the stored hash, checked in a hashing slot; `busy` is the
 * 503's message (the sign-in's unless given).
 */
export function checkPasswordInSlot(
  ctx: Context,
  hash: string,
  password: string,
  busy = SIGN_IN_BUSY,
) {
  return inHashSlot(ctx, busy, () => verifyPassword(hash, password));
}

/** A new password's hash, made in a hashing slot (never at the sign-in form). */
export function hashPasswordInSlot(ctx: Context, password: string) {
  return inHashSlot(ctx, PASSWORD_CHECK_BUSY, () => hashPassword(password));
}
