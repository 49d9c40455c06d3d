/**
 * Invitation rows (docs/decisions/0031-invitations.md): the link carries a random token,
 * the table only its SHA-256, so a copy of the database opens no invitation. A user has at
 * most one live invitation: a new one replaces the old.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '#db';
import { invitations, users } from '#db/schema';
import { INVITATION_TTL_MS } from '#shared/users';
import { newToken, tokenHash } from '#server/platform/tokens';

/** Replaces the user's invitation with a new one; answers the token for the e-mail. */
export async function replaceInvitation(
  tx: Db,
  now: Date,
  userId: number,
  invitedBy: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await tx.delete(invitations).where(eq(invitations.userId, userId));
  await tx.insert(invitations).values({
    tokenHash: tokenHash(token),
    userId,
    invitedBy,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The invited user a live (unused, unexpired) token names, or undefined. A user who has a
 * password by now (set on the command line) has no use for the link.
 */
export function liveInvitation(db: Db, token: string, now: Date) {
  return db
    .select({ username: users.username })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash(token)),
        gt(invitations.expiresAt, now),
        eq(users.password, ''),
      ),
    )
    .get();
}

/**
 * Voids a user's invitation link: when they get a password or another address on the command
 * line, or are removed. Said here rather than left to ON DELETE CASCADE, which a libSQL
 * server's connection does not necessarily enforce.
 */
export async function dropInvitationsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(invitations).where(eq(invitations.userId, userId));
}
