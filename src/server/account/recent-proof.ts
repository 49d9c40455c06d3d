import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '../../../db';
import { sessions } from '../../../db/schema';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { currentSessionId, signedOut } from '../auth/session';
import { accountPasswordCheck } from '../auth/login-throttle';
import { adminProcedure, type Context, type SessionUser } from '../http/trpc';
import { provePassword } from './router';

/**
 * How long a session's sign-in, or its last proof (the password, or a second factor's code
 * given in this session), lets it make the changes that could turn a stolen session into
 * lasting access (docs/accounts.md, "Recent proof"; like GitHub's sudo mode).
 */
export const RECENT_PROOF_MS = 10 * 60_000;

/** The one answer of a change that needs a recent proof and has none. */
export function proofNeeded(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: ACCOUNT_MESSAGES.passwordNeeded });
}

/**
 * Records that this session proved itself just now (its password, the app's code or a
 * recovery code): the one place a proof is written. Answers its time (epoch ms).
 */
export async function recordProof(ctx: Context, sessionId: string): Promise<number> {
  const now = ctx.clock.now();
  await writeTransaction(ctx.db, (tx) =>
    tx.update(sessions).set({ provenAt: now }).where(eq(sessions.id, sessionId)),
  );
  return now.getTime();
}

/** When this session last proved itself: its sign-in, or its last recorded proof. */
async function lastProof(ctx: Context, sessionId: string): Promise<number> {
  const row = await ctx.db
    .select({ createdAt: sessions.createdAt, provenAt: sessions.provenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .get();
  if (!row) throw signedOut();
  return Math.max(row.createdAt.getTime(), row.provenAt?.getTime() ?? 0);
}

/**
 * The one check of the recent-proof rule (docs/accounts.md): a password given is checked
 * whatever the time (401 `WRONG_PASSWORD` when wrong, counted by the procedure's throttle,
 * `passwordCheckedProcedure`) and recorded as this session's proof; without one, the
 * session must have signed in or proved itself within the last 10 minutes, else 401
 * `ACCOUNT_MESSAGES.passwordNeeded`. Answers the session's id and the proof's time.
 */
export async function requireRecentProof(
  ctx: Context,
  user: SessionUser,
  password: string | undefined,
): Promise<{ sessionId: string; proof: number }> {
  const sessionId = await currentSessionId(ctx);
  if (password !== undefined) {
    await provePassword(ctx, user, password);
    return { sessionId, proof: await recordProof(ctx, sessionId) };
  }
  const proof = await lastProof(ctx, sessionId);
  if (ctx.clock.now().getTime() - proof >= RECENT_PROOF_MS) throw proofNeeded();
  return { sessionId, proof };
}

/**
 * An administrator's procedure that needs a recent proof (`requireRecentProof`): a call that
 * gives a password is counted like the Account screen's password checks (a borrowed session
 * guesses no faster than the login form); one without a password checks no password, so it
 * is not counted, and calls sent at once are not refused for each other.
 */
export const recentProofProcedure = adminProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = await getRawInput().catch(() => undefined);
  const givesPassword =
    typeof raw === 'object' && raw !== null && 'password' in raw && raw.password !== undefined;
  return givesPassword ? accountPasswordCheck(ctx, ctx.user, next) : next();
});
