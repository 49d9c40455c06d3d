import { and, eq, ne } from 'drizzle-orm';
import { writeTransaction } from '../../../db';
import { sessions, twoFactorChallenges, users } from '../../../db/schema';
import { auditInsert } from '../audit/record';
import type { Context, SessionUser } from '../http/trpc';

/**
 * Stores the new hash and ends every other session and pending sign-in of the user (a
 * copied cookie stops working), keeping this one: one transaction with its audit entry.
 * Answers how many sessions ended, or null when the stored hash is no longer the one the
 * current password was checked against (changed meanwhile by another session or the CLI).
 */
export function storeNewPassword(
  ctx: Context,
  user: SessionUser,
  keep: { sessionId: string; checkedHash: string },
  newHash: string,
): Promise<number | null> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    const changed = await tx
      .update(users)
      .set({ password: newHash })
      .where(and(eq(users.id, user.id), eq(users.password, keep.checkedHash)))
      .returning({ id: users.id })
      .all();
    if (changed.length === 0) return null;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, keep.sessionId)))
      .returning({ id: sessions.id })
      .all();
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    await auditInsert(tx, now, {
      action: 'password_changed',
      actor: user,
      target: user.username,
      ip: ctx.req.ip,
    });
    return ended.length;
  });
}
