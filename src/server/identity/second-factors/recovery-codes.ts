import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db';
import { recoveryCodes } from '#db/schema';
import { RECOVERY_CODE_COUNT, normalizeRecoveryCode } from '#shared/second-factor';
import { recoveryCodeHashKey } from '#server/platform/keys';

/**
 * 32 characters, so each takes 5 bits of a random byte evenly: the lower-case letters and the
 * digits without those read as another when copied from paper (l and 1, o and 0). Codes are
 * shown in lower case, where the dotted i is not taken for an l; no capital ever appears.
 */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** One code: 10 random characters of the alphabet (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31] ?? 'a').join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Only a keyed hash is kept, bound to the user: a copy of the table yields no usable code,
 * and one user's row says nothing about another's.
 */
function recoveryCodeHash(sessionSecret: string, userId: number, normalized: string): Buffer {
  return createHmac('sha256', recoveryCodeHashKey(sessionSecret))
    .update(`${userId}:${normalized}`)
    .digest();
}

/**
 * Replaces the user's recovery codes with 10 new ones (inside the caller's write
 * transaction) and answers them: the only time they are ever seen in clear.
 */
export async function replaceRecoveryCodes(
  tx: Db,
  sessionSecret: string,
  userId: number,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(sessionSecret, userId, normalizeRecoveryCode(code)).toString(
        'hex',
      ),
      createdAt: now,
    })),
  );
  return codes;
}

/**
 * Marks the unused code matching `typed` as used (inside the caller's write transaction) and
 * answers whether one did. Every unused row is compared in constant time; the UPDATE only
 * takes a row still unused, so two requests with one code cannot both succeed.
 */
export async function spendRecoveryCode(
  tx: Db,
  sessionSecret: string,
  userId: number,
  typed: string,
  now: Date,
): Promise<boolean> {
  const given = recoveryCodeHash(sessionSecret, userId, normalizeRecoveryCode(typed));
  const rows = await tx
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .all();
  let match: number | null = null;
  for (const row of rows) {
    const stored = Buffer.from(row.codeHash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) match = row.id;
  }
  if (match === null) return false;
  const marked = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
    .all();
  return marked.length === 1;
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/** Removes every recovery code of the user (the app turned off). */
export function deleteRecoveryCodes(tx: Db, userId: number) {
  return tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
