import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { users, type UserRow } from '#db/schema';
import { assertProofInTx } from '../recent-proof/recent-proof';
import { auditAdminChange } from '#server/audit/admin-change';
import { administratorSubject } from '#server/audit/subjects';
import { currentSessionId } from '../sessions/session';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '../sessions/session';
import { removeSecondFactors, type RemovedFactors } from '../second-factors/remove-factors';

export type ResetOutcome =
  | { ok: true; row: UserRow; removed: RemovedFactors }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'nothing'; row: UserRow };

/** Thrown inside the transaction to roll it back: nothing was there, so nothing may end. */
class NothingToReset extends Error {
  constructor(readonly row: UserRow) {
    super('nothing to reset');
  }
}

/**
 * Another administrator's authenticator app, recovery codes and passkeys go, and every session
 * and pending sign-in of theirs ends, in one write transaction with the audit entry
 * (docs/decisions/0036), and only while the asking session still lives (401 otherwise,
 * nothing removed). The check and the removal share the transaction: of resets sent together,
 * the first removes everything and the others find nothing, so they change nothing (a pending
 * set-up and the sessions stay, as the command line's `disable-totp` leaves them).
 */
export async function resetSecondFactorOf(
  ctx: Context & { user: SessionUser },
  targetId: number,
): Promise<ResetOutcome> {
  const sessionId = await currentSessionId(ctx);
  try {
    return await writeTransaction(ctx.db, async (tx): Promise<ResetOutcome> => {
      // The asking session still lives, with its proof: while the password was hashed it may
      // have ended ("Sign out everywhere", a new password, your removal, or the other
      // administrator's reset of you: of two resetting each other, the first write wins and
      // the other stops).
      await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
      const row = await tx.select().from(users).where(eq(users.id, targetId)).get();
      if (!row) return { ok: false, reason: 'notFound' };
      const removed = await removeSecondFactors(tx, row.id, { app: true, passkeys: true });
      if (!removed.removed) throw new NothingToReset(row);
      await auditAdminChange(
        tx,
        ctx,
        'second_factor_reset',
        row.username,
        administratorSubject(row),
      );
      return { ok: true, row, removed };
    });
  } catch (error) {
    if (error instanceof NothingToReset) return { ok: false, reason: 'nothing', row: error.row };
    throw error;
  }
}
