import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { sessions, totpCredentials, twoFactorChallenges } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import { totpOptions } from './two-factor';
import type { Context } from '#server/http/trpc';
import { holdsSecondFactor, type SessionUser } from '../sessions/session';
import { clear, take } from '#server/platform/throttle';
import { TOTP_SETUP } from './throttle-rules';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { assertProofInTx } from '../recent-proof/recent-proof';
import { assertFactorLeft } from './factor-proof';
import { removeSecondFactors } from './remove-factors';
import { acceptTotpCode, newTotpSecret, totpRow } from './totp';
import { addressOf } from '../administrators/addresses';

/**
 * The wrong first codes of one set-up, counted as throttle events under a key made from
 * its sealed secret (new with each set-up, random IV included): a restarted set-up starts
 * with 5 tries again, and no schema change was needed for the count.
 */
function setupBucket(userId: number, sealed: string): string {
  const id = createHash('sha256').update(sealed).digest('base64url').slice(0, 22);
  return `totp-setup:user:${userId}:${id}`;
}

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
export async function startTotpSetup(
  ctx: Context,
  user: SessionUser,
): Promise<{ secret: string } | null> {
  const now = ctx.clock.now();
  const { secret, sealed } = await newTotpSecret(ctx.config.sessionSecret, user.id);
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
    await auditInsert(tx, now, { action: 'totp_setup_started', actor: user, ip: ctx.req.ip });
    return { secret };
  });
}

export type EnableResult =
  /** `first`: the account had no second factor before the app (docs/accounts.md). */
  | { ok: true; recoveryCodes: string[]; email: string | null; first: boolean }
  | { ok: false; reason: 'noSetup' | 'expired' | 'tooManyWrong' }
  | { ok: false; reason: 'wrongCode'; triesLeft: number };

/**
 * Confirms a set-up with the app's first code: the app is on from now, 10 new recovery codes
 * replace any old ones, and pending sign-ins and other sessions end, in one transaction with
 * the audit entry. A set-up older than 15 minutes is dropped; a wrong code is counted in
 * the same transaction, and the fifth drops the set-up.
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
    const pendingRow = and(eq(totpCredentials.userId, user.id), isNull(totpCredentials.enabledAt));
    if (now.getTime() - row.createdAt.getTime() >= TOTP_SETUP.windowMs) {
      await tx.delete(totpCredentials).where(pendingRow);
      return { ok: false, reason: 'expired' };
    }
    const options = { ...totpOptions(ctx), pending: true };
    if (!(await acceptTotpCode(tx, options, user.id, code, now))) {
      // Every wrong code of this set-up is in the window: an older set-up was refused above.
      const bucket = setupBucket(user.id, row.secret);
      const triesLeft = (await take(tx, { bucket, rule: TOTP_SETUP }, now)).left;
      if (triesLeft > 0) return { ok: false, reason: 'wrongCode', triesLeft };
      await tx.delete(totpCredentials).where(pendingRow);
      await clear(tx, [bucket]);
      return { ok: false, reason: 'tooManyWrong' };
    }
    const first = !(await holdsSecondFactor(tx, user.id));
    await tx
      .update(totpCredentials)
      .set({ enabledAt: now })
      .where(eq(totpCredentials.userId, user.id));
    const secret = ctx.config.sessionSecret;
    const recoveryCodes = await replaceRecoveryCodes(tx, secret, user.id, now);
    await secondFactorChanged(tx, user.id, sessionId);
    await auditInsert(tx, now, { action: 'totp_enabled', actor: user, ip: ctx.req.ip });
    return { ok: true, recoveryCodes, email: await addressOf(tx, user.id), first };
  });
}

/**
 * Drops a set-up not yet confirmed (the card's Cancel); an app that is on stays. Answers
 * whether one was dropped.
 */
export async function cancelTotpSetup(ctx: Context, user: SessionUser): Promise<boolean> {
  const removed = await writeTransaction(ctx.db, (tx) =>
    tx
      .delete(totpCredentials)
      .where(and(eq(totpCredentials.userId, user.id), isNull(totpCredentials.enabledAt)))
      .returning({ userId: totpCredentials.userId })
      .all(),
  );
  return removed.length > 0;
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
    await assertProofInTx(tx, ctx, user.id, sessionId);
    await assertFactorLeft(tx, ctx, user.id, 'app');
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
    return { wasOn, email: await addressOf(tx, user.id) };
  });
}

/**
 * 10 new recovery codes in place of the old ones, with the address to tell; null when the
 * app is not on.
 */
export function regenerateRecoveryCodes(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
): Promise<{ codes: string[]; email: string | null } | null> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    await assertProofInTx(tx, ctx, user.id, sessionId);
    const on = await tx
      .select({ userId: totpCredentials.userId })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, user.id), isNotNull(totpCredentials.enabledAt)))
      .get();
    if (!on) return null;
    const codes = await replaceRecoveryCodes(tx, ctx.config.sessionSecret, user.id, now);
    await auditInsert(tx, now, {
      action: 'recovery_codes_regenerated',
      actor: user,
      ip: ctx.req.ip,
    });
    return { codes, email: await addressOf(tx, user.id) };
  });
}

/**
 * The command line's way back in for a locked-out user (`disable-totp`): the app and the
 * recovery codes go, and every session and pending sign-in of the user ends
 * (`removeSecondFactors`, the rule the Administrators screen's reset shares). Audited with
 * no actor, as the command line's other changes. When the app was not on and no codes were
 * left, nothing else changes (a set-up never confirmed is dropped): sessions stay. Answers
 * whether the app was on or codes were deleted.
 */
export async function disableTotpFromCommandLine(db: Db, userId: number, username: string) {
  return writeTransaction(db, async (tx) => {
    const removed = await removeSecondFactors(tx, userId, { app: true, passkeys: false });
    if (removed.appWasOn) {
      await auditInsert(tx, new Date(), {
        action: 'totp_disabled',
        actor: null,
        target: username,
        ip: null,
      });
    }
    return removed.removed;
  });
}
