import { and, eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { sessions, twoFactorChallenges, users } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '../sessions/session';
import { newSessionId } from '../sessions/session-start-end';
import { revokeAllAccessTokens } from '#server/identity/administrators/held-access-tokens';

export interface StoredPassword {
  /** How many other sessions ended. */
  ended: number;
  /** This browser's session's new secret id, for its cookie (the old one ended with the others). */
  cookieId: string;
}

/**
 * Stores the new hash and ends every session, pending sign-in, access token and OAuth grant
 * of the user, this session included, which goes on under a new secret id (same start, 12 h cap, device and address):
 * a copied cookie stops working, even a copy of this browser's own. One transaction with its
 * audit entry; the caller sets the new cookie. Answers null when the stored hash is no longer
 * the one the current password was checked against (changed meanwhile by another session or
 * the command line), or when this session ended meanwhile.
 */
export function storeNewPassword(
  ctx: Context,
  user: SessionUser,
  keep: { sessionId: string; checkedHash: string },
  newHash: string,
): Promise<StoredPassword | null> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    const current = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, keep.sessionId), eq(sessions.userId, user.id)))
      .get();
    if (!current) return null;
    const changed = await tx
      .update(users)
      .set({ password: newHash })
      .where(and(eq(users.id, user.id), eq(users.password, keep.checkedHash)))
      .returning({ id: users.id })
      .all();
    if (changed.length === 0) return null;
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, user.id))
      .returning({ id: sessions.id })
      .all();
    const session = newSessionId();
    await tx.insert(sessions).values({ ...current, id: session.rowId, lastSeenAt: now });
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    // Access tokens and OAuth grants too: a token made with a stolen password must not
    // outlive the new one (docs/mcp.md).
    await revokeAllAccessTokens(tx, user.id, now);
    await auditInsert(tx, now, {
      action: 'password_changed',
      actor: user,
      target: user.username,
      ip: ctx.req.ip,
    });
    return { ended: ended.length - 1, cookieId: session.cookieId };
  });
}
