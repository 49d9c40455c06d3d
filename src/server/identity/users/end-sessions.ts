/**
 * Another administrator signed out everywhere from the Administrators screen (docs/accounts.md,
 * "Administrators"): for a browser of theirs left signed in somewhere, or one that is not
 * theirs. Every session and pending sign-in of theirs ends in one write with the
 * `sessions_ended` entry, only while the asking session still lives with a recent proof (the
 * rule of every guarded change: a stolen session must not sign the others out); then they are
 * mailed who did it. One already signed out everywhere is answered `ended: 0`, with nothing
 * recorded or mailed. Their password, second factors and access tokens stay.
 */
import { TRPCError } from '@trpc/server';
import { and, count, eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { sessions, twoFactorChallenges, users } from '#db/schema';
import { endSessionsInput, USER_MESSAGES as M } from '#shared/users';
import { outputs } from '#shared/shapes/users';
import { auditAdminChange } from '#server/audit/admin-change';
import { administratorSubject } from '#server/audit/subjects';
import { sendAccountNotice } from '../administrators/notice-mail';
import {
  assertProofInTx,
  recentProofProcedure,
  requireRecentProof,
} from '../recent-proof/recent-proof';
import { liveSession } from '../sessions/session';
import { endAllSessionsOf } from '../sessions/session-start-end';

export const endSessionsProcedure = recentProofProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/users/:id/sessions/end',
      body: { fields: ['password'], optional: true },
    },
  })
  .input(endSessionsInput)
  .output(outputs.endSessions)
  .mutation(async ({ ctx, input }) => {
    if (input.id === ctx.user.id)
      throw new TRPCError({ code: 'CONFLICT', message: M.endOwnSessions });
    const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
    const now = ctx.clock.now();
    const outcome = await writeTransaction(ctx.db, async (tx) => {
      await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
      const row = await tx.select().from(users).where(eq(users.id, input.id)).get();
      if (!row) return null;
      const live = await tx
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, row.id), liveSession(now)))
        .get();
      const pending = await tx
        .select({ n: count() })
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.userId, row.id))
        .get();
      const ended = live?.n ?? 0;
      // Already signed out everywhere (the same press sent twice): nothing to record or tell.
      if (ended === 0 && (pending?.n ?? 0) === 0) return { row, ended, changed: false };
      await endAllSessionsOf(tx, row.id);
      await auditAdminChange(tx, ctx, 'sessions_ended', row.username, administratorSubject(row));
      return { row, ended, changed: true };
    });
    if (!outcome) throw new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
    const { row, ended, changed } = outcome;
    if (!changed) return { success: true as const, ended };
    sendAccountNotice(ctx, row.email, row.username, {
      kind: 'signedOutEverywhere',
      by: ctx.user.username,
    });
    ctx.logger.info('users.sessions_ended', {
      requestId: ctx.req.requestId,
      username: ctx.user.username,
      target: row.username,
      ended,
    });
    return { success: true as const, ended };
  });
