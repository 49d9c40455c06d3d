/**
 * "Forgot your password?" rows (docs/accounts.md): the link carries a random token (256
 * bits), the table only its SHA-256. A request replaces the account's unclaimed links; the
 * chosen password claims its row once, bound to the second factor's challenge; that
 * challenge's success stores it (`applyPendingReset`, called by the sign-in's code step).
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { passwordResets, totpCredentials, users } from '#db/schema';
import { PASSWORD_RESET_TTL_MS } from '#shared/password-reset';
import { auditInsert } from '#server/audit/record';
import type { Context } from '#server/http/trpc';
import { newToken, tokenHash } from '#server/platform/tokens';
import { endAllSessionsOf } from '../sessions/session-start-end';
import { challengeRowId } from '../sessions/session';
import { revokeAllAccessTokens } from '#server/identity/administrators/held-access-tokens';
import { clearLoginFailures } from '../ways-in/login-throttle';

/** The account a request names: its username, or else its e-mail address (any case). */
export function accountNamed(db: Db, name: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      password: users.password,
    })
    .from(users)
    .where(or(eq(users.username, name), sql`lower(${users.email}) = lower(${name})`))
    .orderBy(sql`${users.username} = ${name} desc`, users.id)
    .get();
}

/** Replaces the account's unclaimed links with a new one; answers the token for the e-mail. */
export async function replaceReset(tx: Db, now: Date, userId: number): Promise<string> {
  const token = newToken();
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.claimedAt)));
  await tx.insert(passwordResets).values({
    tokenHash: tokenHash(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  return token;
}

/**
 * The account a live (unclaimed, unexpired) link names, with the second factor its reset
 * asks for, as the sign-in would after the password: the authenticator app when it is on,
 * else the e-mailed code. An account with neither (its address removed since) has no way
 * to prove itself here: undefined, as for an unknown token.
 */
export async function liveReset(db: Db, token: string, now: Date) {
  const row = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      password: users.password,
      totpSince: totpCredentials.enabledAt,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash(token)),
        isNull(passwordResets.claimedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .get();
  if (!row || row.password === '') return undefined;
  const { totpSince, ...user } = row;
  if (totpSince !== null) return { user, method: 'totp' as const };
  if (user.email) return { user: { ...user, email: user.email }, method: 'email' as const };
  return undefined;
}

/**
 * Claims a live link once, before the slow hash: of 20 submissions at once one claims it and
 * the rest are refused after one write, without hashing.
 */
export async function claimReset(tx: Db, token: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(passwordResets)
    .set({ claimedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash(token)),
        isNull(passwordResets.claimedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId })
    .all();
  return claimed.length === 1;
}

/**
 * Inside the transaction that starts the second factor's challenge: the claimed link's new
 * hash waits bound to that challenge. False when the link is gone meanwhile.
 */
export async function bindReset(
  tx: Db,
  token: string,
  pending: { newPassword: string; challengeId: string },
): Promise<boolean> {
  const bound = await tx
    .update(passwordResets)
    .set({ newPassword: pending.newPassword, challengeId: challengeRowId(pending.challengeId) })
    .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.challengeId)))
    .returning({ userId: passwordResets.userId })
    .all();
  return bound.length === 1;
}

/**
 * Gives a claimed link back when its submission failed on the way (a busy server's 503, the
 * code's mail or cap): the person may try again with the same link.
 */
export function releaseReset(tx: Db, token: string) {
  return tx
    .update(passwordResets)
    .set({ claimedAt: null, newPassword: null, challengeId: null })
    .where(eq(passwordResets.tokenHash, tokenHash(token)));
}

/** Whether a sign-in challenge was started by "Forgot your password?" (its link is bound to it). */
export async function startedByReset(tx: Db, challengeId: string): Promise<boolean> {
  const bound = await tx
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(eq(passwordResets.challengeId, challengeRowId(challengeId)))
    .get();
  return bound !== undefined;
}

/**
 * Inside the transaction of a second step that succeeded: when its challenge was started by a
 * reset, the new password is stored now, every session and pending sign-in of the user ends
 * (as for any password change), the account's links die, and `password_reset` is recorded.
 * Answers whether a reset was applied. The challenge's own 10 minutes bound how long the
 * claimed password waits.
 */
export async function applyPendingReset(
  tx: Db,
  ctx: Context,
  challengeId: string,
  userId: number,
): Promise<boolean> {
  const pending = await tx
    .select({ newPassword: passwordResets.newPassword })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.challengeId, challengeRowId(challengeId)),
        eq(passwordResets.userId, userId),
      ),
    )
    .get();
  if (!pending?.newPassword) return false;
  const user = await tx
    .update(users)
    .set({ password: pending.newPassword })
    .where(eq(users.id, userId))
    .returning({ id: users.id, username: users.username })
    .get();
  if (!user) return false;
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await endAllSessionsOf(tx, userId);
  // What the old password let anyone make ends with it (docs/mcp.md).
  await revokeAllAccessTokens(tx, userId, ctx.clock.now());
  // The guesses counted against the old password say nothing about the new one.
  await clearLoginFailures(tx, user);
  await auditInsert(tx, ctx.clock.now(), {
    action: 'password_reset',
    actor: user,
    target: user.username,
    ip: ctx.req.ip,
  });
  return true;
}

/**
 * Links kept no longer than they can be used: an unclaimed one for its 30 minutes, a claimed
 * one until its challenge (10 minutes at most, started before the link's end) is over.
 */
export function pruneResets(tx: Db, now: Date) {
  return tx
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, new Date(now.getTime() - PASSWORD_RESET_TTL_MS)));
}
