import { TRPCError } from '@trpc/server';
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { passkeys, totpCredentials } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { recordProof } from '../recent-proof/recent-proof';
import { publicSessionId } from '../sessions/session-list';
import { totpOptions } from './two-factor';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '../sessions/session';
import { release, take } from '#server/platform/throttle';
import { ACCOUNT_WRONG_CODES } from './throttle-rules';
import { spendRecoveryCode } from './recovery-codes';
import { acceptTotpCode, totpEnabled } from './totp';
import { logAddress } from '#server/platform/address';
import { addressOf } from '../administrators/addresses';

/** One session's bucket of wrong codes (`ACCOUNT_WRONG_CODES`): by user and (public, derived) session id. */
export function accountWrongCodesBucket(userId: number, sessionId: string): string {
  return `account-codes:user:${userId}:session:${publicSessionId(sessionId)}`;
}

/**
 * Turning a factor off where the authenticator app is on also asks for the app's code (or a
 * recovery code), so a stolen session and password are not enough (docs/second-factor.md).
 * Without the app, nothing more is asked here: the recent proof covers it. A right code is
 * recorded as this session's proof (identity/recent-proof/recent-proof.ts); a wrong one counts
 * toward the session's 5 in 15 minutes (`ACCOUNT_WRONG_CODES`): a place is taken before
 * judging, in one write transaction, and given back when the code was right; past the limit
 * the answer is 429 with its wait.
 */
export async function requireAppCode(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
  code: string | undefined,
): Promise<void> {
  const now = ctx.clock.now();
  const judged = await writeTransaction(ctx.db, async (tx) => {
    if (!(await totpEnabled(tx, user.id))) return 'off' as const;
    if (code === undefined) return 'missing' as const;
    const bucket = accountWrongCodesBucket(user.id, sessionId);
    const taken = await take(tx, { bucket, rule: ACCOUNT_WRONG_CODES }, now);
    const right = /^\d{6}$/.test(code)
      ? await acceptTotpCode(tx, totpOptions(ctx), user.id, code, now)
      : await spendRecoveryCode(tx, ctx.config.sessionSecret, user.id, code, now);
    if (!right) return 'wrong' as const;
    await release(tx, taken.ids);
    return 'right' as const;
  });
  if (judged === 'missing') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ACCOUNT_MESSAGES.appCodeNeeded });
  }
  if (judged === 'wrong') {
    ctx.logger.info('account.wrong_app_code', {
      requestId: ctx.req.requestId,
      ip: logAddress(ctx.req.ip),
    });
    // 400, not 401: a wrong code is a mistake in the form, not a sign the session ended.
    throw new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.wrongAppCode });
  }
  if (judged === 'right') await recordProof(ctx, sessionId);
}

export type Factor = 'email' | 'app' | { passkey: number };

/**
 * In production an administrator keeps at least one second factor (the e-mailed code, the
 * app or a passkey): removing the last one is refused with 409 (docs/accounts.md). Run inside
 * the write transaction that removes `removing`, so two removals at once cannot both pass.
 */
export async function assertFactorLeft(
  tx: Db,
  ctx: Context,
  userId: number,
  removing: Factor,
): Promise<void> {
  if (!ctx.config.production) return;
  const email = removing !== 'email' && (await addressOf(tx, userId)) !== null;
  const app =
    removing !== 'app' &&
    (await tx
      .select({ userId: totpCredentials.userId })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)))
      .get()) !== undefined;
  const keys = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(
      typeof removing === 'object'
        ? and(eq(passkeys.userId, userId), ne(passkeys.id, removing.passkey))
        : eq(passkeys.userId, userId),
    )
    .get();
  if (!email && !app && (keys?.n ?? 0) === 0) {
    throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.lastFactor });
  }
}
