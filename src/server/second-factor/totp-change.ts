import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { sessions, totpCredentials, twoFactorChallenges, users } from '../../../db/schema';
import { auditInsert } from '../audit/record';
import type { Context, SessionUser } from '../http/trpc';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { acceptTotpCode, newTotpSecret, totpRow } from './totp';

/**
 * What turning the app on or off ends besides (docs/decisions/0002, as for an e-mail
 * change): every sign-in waiting for a code (started under the old rule, it must not
 * finish) and every other session of the user; `keep` (this browser's) stays.
 */
async function secondFactorChanged(tx: Db, userId: number, keep: string | null) {
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    );
}

/**
 * Starts (or restarts) a set-up: a new secret in a row with `enabledAt` null, which sign-in
 * ignores. Null when the app is already on (turn it off first).
 */
export function startTotpSetup(
  ctx: Context,
  user: SessionUser,
): Promise<{ secret: string } | null> {
  const now = ctx.clock.now();
  const { secret, sealed } = newTotpSecret(ctx.config.sessionSecret, user.id);
  return writeTransaction(ctx.db, async (tx) => {
    const row = await totpRow(tx, user.id);
    if (row?.enabledAt) return null;
    await tx
      .insert(totpCredentials)
      .values({ userId: user.id, secret: sealed, enabledAt: null, lastStep: 0, createdAt: now })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secret: sealed, enabledAt: null, lastStep: 0, createdAt: now },
      });
    return { secret };
  });
}

export type EnableResult =
  | { ok: true; recoveryCodes: string[]; email: string | null }
  | { ok: false; reason: 'noSetup' | 'wrongCode' };

/**
 * Confirms a set-up with the app's first code: the app is on from now, 10 new recovery codes
 * replace any old ones, and pending sign-ins and other sessions end, in one transaction with
 * the audit entry.
 */
export function enableTotp(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
  code: string,
): Promise<EnableResult> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx): Promise<EnableResult> => {
    const row = await totpRow(tx, user.id);
    if (!row || row.enabledAt) return { ok: false, reason: 'noSetup' };
    const secret = ctx.config.sessionSecret;
    if (!(await acceptTotpCode(tx, secret, user.id, code, now, { pending: true }))) {
      return { ok: false, reason: 'wrongCode' };
    }
    await tx
      .update(totpCredentials)
      .set({ enabledAt: now })
      .where(eq(totpCredentials.userId, user.id));
    const recoveryCodes = await replaceRecoveryCodes(tx, secret, user.id, now);
    await secondFactorChanged(tx, user.id, sessionId);
    await auditInsert(tx, now, { action: 'totp_enabled', actor: user, ip: ctx.req.ip });
    return { ok: true, recoveryCodes, email: await emailOf(tx, user.id) };
  });
}

/**
 * Turns the app off (or drops a set-up never confirmed): the row and the recovery codes go,
 * and so do pending sign-ins and the other sessions. Answers whether the app was on (false:
 * nothing was on, and only a pending set-up, if any, was dropped), and the address to tell.
 */
export function disableTotp(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
): Promise<{ wasOn: boolean; email: string | null }> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    const removed = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, user.id))
      .returning({ enabledAt: totpCredentials.enabledAt })
      .all();
    const wasOn = removed.some((row) => row.enabledAt !== null);
    if (wasOn) {
      await deleteRecoveryCodes(tx, user.id);
      await secondFactorChanged(tx, user.id, sessionId);
      await auditInsert(tx, now, { action: 'totp_disabled', actor: user, ip: ctx.req.ip });
    }
    return { wasOn, email: await emailOf(tx, user.id) };
  });
}

/** 10 new recovery codes in place of the old ones; null when the app is not on. */
export function regenerateRecoveryCodes(ctx: Context, user: SessionUser): Promise<string[] | null> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    const on = await tx
      .select({ userId: totpCredentials.userId })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, user.id), isNotNull(totpCredentials.enabledAt)))
      .get();
    if (!on) return null;
    return replaceRecoveryCodes(tx, ctx.config.sessionSecret, user.id, now);
  });
}

/**
 * The command line's way back in for a locked-out user (`disable-totp`): the app and the
 * recovery codes go, and every session and pending sign-in of the user ends. Audited with no
 * actor, as the command line's other changes. Answers whether the app was on.
 */
export async function disableTotpFromCommandLine(db: Db, userId: number, username: string) {
  return writeTransaction(db, async (tx) => {
    const removed = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, userId))
      .returning({ enabledAt: totpCredentials.enabledAt })
      .all();
    await deleteRecoveryCodes(tx, userId);
    await secondFactorChanged(tx, userId, null);
    const wasOn = removed.some((row) => row.enabledAt !== null);
    if (wasOn) {
      await auditInsert(tx, new Date(), {
        action: 'totp_disabled',
        actor: null,
        target: username,
        ip: null,
      });
    }
    return wasOn;
  });
}

async function emailOf(tx: Db, userId: number): Promise<string | null> {
  const row = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return row?.email ?? null;
}
