import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db';
import { accessTokens } from '#db/schema';
import { scopeValues, type Scope } from '#shared/access-tokens';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { DAY_MS } from '#shared/calendar-days';

/**
 * The access tokens and OAuth grants an administrator holds, as identity ends and lists them:
 * a new password, a reset or a removal ends them in the same write (docs/mcp.md). Kept here,
 * below mcp/, so that identity never imports the MCP feature; mcp/access-tokens/store.ts makes and
 * checks the tokens on top of these.
 */

/** The stored JSON array of scopes; anything not a known scope is dropped (grants nothing). */
export function parseScopes(json: string): Scope[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return scopeValues.filter((scope) => value.includes(scope));
  } catch {
    return [];
  }
}

/**
 * An OAuth grant's whole life from the consent, however often it is refreshed (its row's
 * `createdAt`); then a person must consent again (mcp/oauth/grants.ts, docs/mcp.md, "OAuth").
 */
export const GRANT_TTL_MS = 90 * DAY_MS;

/**
 * A token as the list shows it. A grant's row holds its access token's hour; the owner is
 * shown when the grant itself ends.
 */
export function summary(row: {
  id: number;
  name: string;
  scopes: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  clientId: string | null;
}): AccessTokenSummary {
  const expiresAt =
    row.clientId === null ? row.expiresAt : new Date(row.createdAt.getTime() + GRANT_TTL_MS);
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    createdAt: row.createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export const summaryColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  scopes: accessTokens.scopes,
  createdAt: accessTokens.createdAt,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
  clientId: accessTokens.clientId,
};

/**
 * Revokes every token and OAuth grant of the administrator (inside the caller's write
 * transaction): a new password, or the command line's `revoke-tokens`, ends what the old
 * one let anyone make (docs/mcp.md). Answers the names and scopes revoked.
 */
export async function revokeAllAccessTokens(
  tx: Db,
  administratorId: number,
  now: Date,
): Promise<{ name: string; scopes: Scope[] }[]> {
  const rows = await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, administratorId), isNull(accessTokens.revokedAt)))
    .returning({ name: accessTokens.name, scopes: accessTokens.scopes })
    .all();
  return rows.map((row) => ({ name: row.name, scopes: parseScopes(row.scopes) }));
}

/**
 * The administrator's tokens that are not revoked, newest first; expired ones stay listed
 * (the screen says so) until they are revoked, since an OAuth grant's row outlives each of
 * its short-lived secrets.
 */
export async function listAccessTokens(
  db: Db,
  administratorId: number,
): Promise<AccessTokenSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, administratorId), isNull(accessTokens.revokedAt)))
    .orderBy(desc(accessTokens.id))
    .all();
  return rows.map(summary);
}
