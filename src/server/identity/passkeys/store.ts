import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { passkeys, usedWebauthnChallenges } from '#db/schema';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { tokenHash } from '#server/platform/tokens';
import { CHALLENGE_TTL_MS } from './challenge-cookie';

/**
 * The longest credential id accepted, at registration and at sign-in: WebAuthn's 1023 bytes
 * in base64url.
 */
export const CREDENTIAL_ID_MAX = 1364;

/** A user's passkeys as the Account screen lists them, oldest first. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeySummary[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The credentials a new registration must not create again (WebAuthn's excludeCredentials). */
export async function credentialsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all();
  return rows.map((row) => ({ id: row.id, transports: parseTransports(row.transports) }));
}

/** The stored JSON array of transports; anything else is no hint at all. */
export function parseTransports(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Marks a challenge answered (inside the write that acts on it). False when it already was:
 * a replay, or the same answer sent twice at once; the primary key decides, on any instance.
 */
export async function spendChallenge(tx: Db, challenge: string, now: Date): Promise<boolean> {
  const row = await tx
    .insert(usedWebauthnChallenges)
    .values({
      challengeHash: tokenHash(challenge),
      // Kept as long as the challenge could still be presented; pruned after.
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ hash: usedWebauthnChallenges.challengeHash })
    .get();
  return row !== undefined;
}

/** Renames one of the user's passkeys; false when it is not theirs (or gone). */
export async function renamePasskey(
  tx: Db,
  userId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const row = await tx
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
    .get();
  return row !== undefined;
}

/** Whether the user has this passkey (read before a removal judges any proof). */
export async function hasPasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .get();
  return row !== undefined;
}

/** Deletes one of the user's passkeys; false when it is not theirs (or gone). */
export async function deletePasskey(tx: Db, userId: number, id: number): Promise<boolean> {
  const row = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
    .get();
  return row !== undefined;
}
