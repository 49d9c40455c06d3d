import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import { writeBatch, type Db } from '#db';
import { accessTokens, users } from '#db/schema';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { tokenHash } from '#server/platform/tokens';
import { holdsSecondFactor } from '#server/identity/sessions/session';
import { SCOPES, type Scope } from '../scopes';
import {
  parseScopes,
  summary,
  summaryColumns,
} from '#server/identity/administrators/held-access-tokens';
import { DAY_MS } from '#shared/calendar-days';

export {
  GRANT_TTL_MS,
  listAccessTokens,
  revokeAllAccessTokens,
} from '#server/identity/administrators/held-access-tokens';

/**
 * The access tokens of the owner's MCP endpoint (docs/mcp.md, "Access tokens"). A token's
 * secret is shown once, when it is made (or rotated by an OAuth refresh); the database keeps
 * its SHA-256 only and finds a token by that hash, so nothing in it can be presented.
 */

/** Marks a secret as this site's access token (secret scanners, and people, can tell). */
export const SECRET_PREFIX = 'ams_';

/** lastUsedAt is written at most once in this time per token: a read costs no write. */
export const LAST_USED_STEP_MS = 60_000;

/** Who a valid token speaks for, and what it may do. */
export interface AccessTokenPrincipal {
  id: number;
  administratorId: number;
  name: string;
  scopes: Scope[];
}

/** 32 random bytes (256 bits) in base64url after the prefix. */
function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Stores a new token (inside the caller's write transaction) and answers it with its secret,
 * which exists nowhere else from now on. `clientId` is the OAuth client it is granted to;
 * `now` its creation time (the app's clock; the present by default).
 */
export async function issueAccessToken(
  tx: Db,
  input: {
    administratorId: number;
    name: string;
    scopes: readonly Scope[];
    expiresAt: Date;
    clientId?: string | null;
    now?: Date;
  },
): Promise<{ token: AccessTokenSummary; secret: string }> {
  const secret = newSecret();
  const row = await tx
    .insert(accessTokens)
    .values({
      userId: input.administratorId,
      name: input.name,
      // Kept in the list's order whatever order they were chosen in.
      scopes: JSON.stringify(SCOPES.filter((scope) => input.scopes.includes(scope))),
      secretHash: tokenHash(secret),
      createdAt: input.now ?? new Date(),
      expiresAt: input.expiresAt,
      clientId: input.clientId ?? null,
    })
    .returning(summaryColumns)
    .get();
  return { token: summary(row), secret };
}

/**
 * A new secret for a token (an OAuth refresh: one row per grant), valid until `expiresAt`;
 * the old secret stops working at once. Null when the token is revoked or gone (its
 * administrator removed).
 */
export async function rotateAccessTokenSecret(
  tx: Db,
  id: number,
  expiresAt: Date,
): Promise<string | null> {
  const secret = newSecret();
  const row = await tx
    .update(accessTokens)
    .set({ secretHash: tokenHash(secret), expiresAt })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id })
    .get();
  return row ? secret : null;
}

/**
 * The token a presented secret belongs to, when it may be used at `now`: known, not expired,
 * not revoked, and its administrator still there (a removed administrator's tokens are
 * deleted with them). With `requireSecondFactor` (production, as the bearer helper passes
 * it) its administrator must hold a second factor too, as every admin path requires
 * (docs/accounts.md): after a reset of their factors, their tokens stop with their sessions.
 *
 * Records the use, at most once a minute per token (a conditional UPDATE, so other instances
 * in the same minute write nothing); a failed write of it does not refuse the token.
 */
export async function verifyAccessToken(
  db: Db,
  secret: string,
  now: Date,
  options: { requireSecondFactor?: boolean } = {},
): Promise<AccessTokenPrincipal | null> {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const row = await db
    .select({
      id: accessTokens.id,
      administratorId: accessTokens.userId,
      name: accessTokens.name,
      scopes: accessTokens.scopes,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.secretHash, tokenHash(secret)),
        gt(accessTokens.expiresAt, now),
        isNull(accessTokens.revokedAt),
      ),
    )
    .get();
  if (!row) return null;
  if (options.requireSecondFactor && !(await holdsSecondFactor(db, row.administratorId))) {
    return null;
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    await recordUse(db, row.id, now);
  }
  return {
    id: row.id,
    administratorId: row.administratorId,
    name: row.name,
    scopes: parseScopes(row.scopes),
  };
}

async function recordUse(db: Db, id: number, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_STEP_MS);
  try {
    await writeBatch(db, [
      db
        .update(accessTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(accessTokens.id, id),
            or(isNull(accessTokens.lastUsedAt), lte(accessTokens.lastUsedAt, stale)),
          ),
        )
        .toSQL(),
    ]);
  } catch {
    // The last use is shown to the owner, nothing depends on it: a busy database must not
    // turn a valid token away. The next use a minute on writes it.
  }
}

/**
 * Revokes one of the administrator's tokens (inside the caller's write transaction); answers
 * its name and scopes for the audit entry, or null when it is not theirs or already revoked.
 */
export async function revokeAccessToken(
  tx: Db,
  administratorId: number,
  id: number,
  now: Date = new Date(),
): Promise<{ name: string; scopes: Scope[] } | null> {
  const row = await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.id, id),
        eq(accessTokens.userId, administratorId),
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ name: accessTokens.name, scopes: accessTokens.scopes })
    .get();
  return row ? { name: row.name, scopes: parseScopes(row.scopes) } : null;
}

/**
 * How many tokens the administrator made on the Account screen could be used at `now` (the
 * live tokens' cap; OAuth grants are not counted: their clients come and go by themselves).
 */
export async function countLiveTokens(db: Db, administratorId: number, now: Date): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, administratorId),
        isNull(accessTokens.clientId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** How long a token made on the Account screen stays listed once it expired or was revoked. */
export const ENDED_TOKEN_KEPT_MS = 30 * DAY_MS;

/**
 * Housekeeping (maintenance/prune.ts): tokens made on the Account screen that expired or were
 * revoked over 30 days ago are deleted, so the list does not grow for ever. An OAuth grant's
 * row (`client_id` set) is the OAuth code's to delete with its grant.
 */
export async function pruneAccessTokens(tx: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ENDED_TOKEN_KEPT_MS);
  await tx
    .delete(accessTokens)
    .where(
      and(
        isNull(accessTokens.clientId),
        or(lt(accessTokens.expiresAt, before), lt(accessTokens.revokedAt, before)),
      ),
    );
}
