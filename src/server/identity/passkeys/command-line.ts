import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { users } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import { endAllSessionsOf } from '../sessions/session-start-end';
import { removeSecondFactors } from '../second-factors/remove-factors';
import { UserError } from '#server/platform/errors';

/**
 * `npm run admin -- remove-passkeys <username>`: every passkey of the user, for a lost or
 * stolen device (a new password does not stop a passkey), and, in the same write, every
 * session and pending sign-in of the user: a session a stolen passkey started would
 * otherwise run on (docs/passkeys.md); the rule the Administrators screen's reset shares
 * (`removeSecondFactors`). Answers how many passkeys were removed.
 */
export async function removeAllPasskeys(db: Db, username: string): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const user = await tx.select().from(users).where(eq(users.username, username)).get();
    if (!user) throw new UserError(`user "${username}" does not exist`);
    const { passkeys: removed } = await removeSecondFactors(tx, user.id, {
      app: false,
      passkeys: true,
    });
    // The command ends the sessions even when no passkey was left: that is what it promises.
    if (removed === 0) await endAllSessionsOf(tx, user.id);
    if (removed > 0) {
      await auditInsert(tx, new Date(), {
        action: 'passkey_removed',
        actor: null,
        target: `all passkeys of ${user.username}`,
        ip: null,
      });
    }
    return removed;
  });
}
