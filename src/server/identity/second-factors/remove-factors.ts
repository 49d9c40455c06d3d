import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { passkeys as passkeyRows, recoveryCodes, totpCredentials } from '#db/schema';
import { endAllSessionsOf } from '../sessions/session-start-end';
import { clearCodeCaps } from './two-factor';
import { deleteRecoveryCodes } from './recovery-codes';

/** What a removal found and deleted. */
export interface RemovedFactors {
  /** The authenticator app was on (a set-up never confirmed is deleted too, but is not this). */
  appWasOn: boolean;
  recoveryCodes: number;
  passkeys: number;
  /** Anything at all was removed: the user's sessions and pending sign-ins then ended. */
  removed: boolean;
}

/**
 * The one rule of lost-device recovery, for the command line's `disable-totp` and
 * `remove-passkeys` and the Administrators screen's reset (docs/second-factor.md,
 * docs/passkeys.md, docs/decisions/0036): inside the caller's write transaction, the chosen
 * factors go (the app: its credential, a pending set-up and every recovery code, and the
 * sign-in caps its codes spent; passkeys: all of them), and when anything went, every session
 * and pending sign-in of the user ends with them: a session started with the lost device must
 * not run on, and a sign-in waiting for the old factor's code must not finish.
 */
export async function removeSecondFactors(
  tx: Db,
  userId: number,
  which: { app: boolean; passkeys: boolean },
): Promise<RemovedFactors> {
  let appWasOn = false;
  let codes = 0;
  if (which.app) {
    const apps = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, userId))
      .returning({ enabledAt: totpCredentials.enabledAt })
      .all();
    appWasOn = apps.some((row) => row.enabledAt !== null);
    codes = (await deleteRecoveryCodes(tx, userId).returning({ id: recoveryCodes.id }).all())
      .length;
    // The tries made while the phone was lost spent the sign-in caps: the way back in is open
    // at once (docs/admin-guide.md).
    if (appWasOn || codes > 0) await clearCodeCaps(tx, userId);
  }
  const passkeys = which.passkeys ? await deleteAllPasskeys(tx, userId) : 0;
  const removed = appWasOn || codes > 0 || passkeys > 0;
  if (removed) await endAllSessionsOf(tx, userId);
  return { appWasOn, recoveryCodes: codes, passkeys, removed };
}

/** Deletes every passkey of a user; answers how many there were. */
async function deleteAllPasskeys(tx: Db, userId: number): Promise<number> {
  const rows = await tx
    .delete(passkeyRows)
    .where(eq(passkeyRows.userId, userId))
    .returning({ id: passkeyRows.id })
    .all();
  return rows.length;
}
