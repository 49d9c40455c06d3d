import { TRPCError } from '@trpc/server';
import type { Context } from '../http/trpc';
import { LimiterBusyError } from '../platform/limiter';
import { hashPassword, verifyPassword } from './passwords';

export const SIGN_IN_BUSY =
  'The server is busy with other sign-ins. Please try again in a few seconds.';

/**
 * Runs a password hash in one of the process's few hashing slots (docs/decisions/0006); a
 * full queue answers 503 (with Retry-After) at once instead of waiting.
 */
async function inHashSlot<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await ctx.hashLimiter.run(work);
  } catch (error) {
    if (error instanceof LimiterBusyError) {
      ctx.logger.info('auth.login_busy', { requestId: ctx.req.requestId, ip: ctx.req.ip });
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: SIGN_IN_BUSY });
    }
    throw error;
  }
}

/** Whether the password matches the stored hash, checked in a hashing slot. */
export function checkPasswordInSlot(ctx: Context, hash: string, password: string) {
  return inHashSlot(ctx, () => verifyPassword(hash, password));
}

/** A new password's hash, made in a hashing slot. */
export function hashPasswordInSlot(ctx: Context, password: string) {
  return inHashSlot(ctx, () => hashPassword(password));
}
