import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { sessions } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { currentSessionId, liveSession, signedOut } from '../sessions/session';
import { type Context } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import { type SessionUser } from '../sessions/session';
import { countPasswordCheck, provePassword, type PasswordCounted } from './prove-password';

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
 * recovery code): the one place a proof is written. Answers its time (epoch ms). A session
 * that ended while the proof was checked (signed out everywhere, a new password) is the
 * signed-out 401: the proof speaks for no one.
 */
export async function recordProof(ctx: Context, sessionId: string): Promise<number> {
  const now = ctx.clock.now();
  const updated = await writeTransaction(ctx.db, (tx) =>
    tx
      .update(sessions)
      .set({ provenAt: now })
      .where(and(eq(sessions.id, sessionId), liveSession(now)))
      .returning({ id: sessions.id })
      .all(),
  );
  if (updated.length === 0) throw signedOut();
  return now.getTime();
}

/**
 * The recent-proof rule again, inside the write that decides (docs/accounts.md): the session
 * may have ended, or its proof grown old, between the check before the write (a password is
 * hashed meanwhile) and the write itself. Every guarded change calls this in its transaction.
 */
export async function assertProofInTx(
  tx: Db,
  ctx: Context,
  userId: number,
  sessionId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const row = await tx
    .select({ createdAt: sessions.createdAt, provenAt: sessions.provenAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), liveSession(now)))
    .get();
  if (!row) throw signedOut();
  const proof = Math.max(row.createdAt.getTime(), row.provenAt?.getTime() ?? 0);
  if (now.getTime() - proof >= RECENT_PROOF_MS) throw proofNeeded();
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
 * whatever the time (`provePassword`: 401 `WRONG_PASSWORD` when wrong, counted by the
 * procedure, `passwordCheckedProcedure` or `recentProofProcedure`) and recorded as this session's proof; without one, the
 * session must have signed in or proved itself within the last 10 minutes, else 401
 * `ACCOUNT_MESSAGES.passwordNeeded`. Answers the session's id and the proof's time.
 */
export async function requireRecentProof(
  ctx: Context & PasswordCounted,
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

/** Whether the call's raw input gives a password (before its check). */
async function givesPassword(getRawInput: () => Promise<unknown>): Promise<boolean> {
  const raw = await getRawInput().catch(() => undefined);
  return typeof raw === 'object' && raw !== null && 'password' in raw && raw.password !== undefined;
}

/**
 * An administrator's procedure that may need a recent proof, depending on its input (saving
 * the site's settings: only a new address needs one): a call that gives a password is
 * counted like the Account screen's password checks (a borrowed session guesses no faster
 * than the login form); one without a password checks none, so it is not counted. The
 * resolver calls `requireRecentProof` when the change needs it.
 */
export const passwordWhenGivenProcedure = adminProcedure.use(async ({ ctx, next, getRawInput }) => {
  const counted = () => next({ ctx: { passwordCounted: true as const } });
  if (await givesPassword(getRawInput)) return countPasswordCheck(ctx, ctx.user, counted);
  // No password given, none to judge: nothing to count.
  return counted();
});

/**
 * An administrator's procedure that always needs a recent proof (`requireRecentProof`),
 * counted as `passwordWhenGivenProcedure`; calls sent at once are not refused for each other,
 * and one without a password and without a recent proof is refused before its input is
 * checked.
 */
export const recentProofProcedure = passwordWhenGivenProcedure.use(
  async ({ ctx, next, getRawInput }) => {
    if (await givesPassword(getRawInput)) return next();
    // Before the input's check: a call that needs the password answers 401 asking for it
    // before any 400 (docs/api.md's order), as the resolver's own check would later.
    const proof = await lastProof(ctx, await currentSessionId(ctx));
    if (ctx.clock.now().getTime() - proof >= RECENT_PROOF_MS) throw proofNeeded();
    return next();
  },
);
