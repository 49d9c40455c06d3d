/**
 * What /oauth/token does with a code or a refresh token (docs/mcp.md, "OAuth"), inside one
 * write transaction each: the checks, the access token (an `access_tokens` row, ../access-tokens/),
 * the refresh token (only its hash kept), and the revocations a replay causes. Answers the
 * tokens, or the RFC 6749 error; a refusal that revokes still commits its revocation.
 */
import { and, eq, isNotNull, isNull, lt, notExists, or } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { accessTokens, oauthAuthorizations, oauthClients, oauthRefreshTokens } from '#db/schema';
import { newToken, tokenHash } from '#server/platform/tokens';
import { SCOPES } from '../scopes';
import {
  ENDED_TOKEN_KEPT_MS,
  GRANT_TTL_MS,
  issueAccessToken,
  revokeAccessToken,
  rotateAccessTokenSecret,
} from '../access-tokens/store';
import { findClient } from './clients';
import { verifierMatches } from './pkce';
import { DAY_MS } from '#shared/calendar-days';

/** An access token's life: short, as the refresh token renews it. */
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
/** A refresh token's life from its issue; each use gives a new one. */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;

/** What a client is told when its grant has ended (RFC 6749 `error_description`). */
export const GRANT_MESSAGES = {
  revoked: 'Access was revoked by the owner of the account: connect again to ask for it.',
  over: 'The grant is 90 days old and has ended: connect again to ask the owner for consent.',
  replayed: 'The refresh token was used already; the grant is revoked.',
} as const;

/** How long a registered client is kept while it holds no grant and no request. */
export const UNUSED_CLIENT_KEPT_MS = DAY_MS;

/** When a grant that began at `start` ends, and a life from `now` cut to that end. */
const grantEnd = (start: Date) => new Date(start.getTime() + GRANT_TTL_MS);
const lifeWithin = (now: Date, ttlMs: number, end: Date) =>
  new Date(Math.min(now.getTime() + ttlMs, end.getTime()));

export type Granted =
  | {
      ok: true;
      tokens: {
        access_token: string;
        token_type: 'Bearer';
        expires_in: number;
        refresh_token: string;
        scope: string;
      };
    }
  | { ok: false; error: 'invalid_grant' | 'invalid_client'; description: string };

const refused = (
  description: string,
  error: 'invalid_grant' | 'invalid_client' = 'invalid_grant',
) => ({ ok: false, error, description }) as const;

/**
 * Revokes an access token whoever holds it (a replayed code or refresh token), and uses up
 * its refresh tokens: whoever presents one next hears of the replay, not of its owner.
 */
async function revokeGrant(tx: Db, accessTokenId: number, now: Date): Promise<void> {
  const row = await tx
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .where(eq(accessTokens.id, accessTokenId))
    .get();
  if (row) await revokeAccessToken(tx, row.userId, accessTokenId, now);
  await tx
    .update(oauthRefreshTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oauthRefreshTokens.accessTokenId, accessTokenId), isNull(oauthRefreshTokens.usedAt)),
    );
}

async function newRefreshToken(
  tx: Db,
  grant: { accessTokenId: number; clientId: string; end: Date },
  now: Date,
): Promise<string> {
  const refreshToken = newToken();
  await tx.insert(oauthRefreshTokens).values({
    tokenHash: tokenHash(refreshToken),
    accessTokenId: grant.accessTokenId,
    clientId: grant.clientId,
    createdAt: now,
    expiresAt: lifeWithin(now, REFRESH_TOKEN_TTL_MS, grant.end),
  });
  return refreshToken;
}

const answer = (
  accessToken: { secret: string; expiresAt: Date },
  refreshToken: string,
  scopes: readonly string[],
  now: Date,
): Granted => ({
  ok: true,
  tokens: {
    access_token: accessToken.secret,
    token_type: 'Bearer',
    expires_in: Math.round((accessToken.expiresAt.getTime() - now.getTime()) / 1000),
    refresh_token: refreshToken,
    scope: scopes.join(' '),
  },
});

/**
 * grant_type=authorization_code: the code once only (a second use is refused and revokes
 * what the first issued, RFC 6749 section 4.1.2), before its expiry, by the client it was
 * issued to, with the same redirect address and the PKCE verifier of its challenge.
 */
export function exchangeCode(
  db: Db,
  params: { code: string; verifier: string; clientId: string; redirectUri: string },
  now: Date,
): Promise<Granted> {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select()
      .from(oauthAuthorizations)
      .where(eq(oauthAuthorizations.codeHash, tokenHash(params.code)))
      .get();
    if (!row || row.userId === null) return refused('The code is unknown or has expired.');
    if (row.usedAt !== null) {
      if (row.accessTokenId !== null) await revokeGrant(tx, row.accessTokenId, now);
      return refused('The code was used already; what it issued is revoked.');
    }
    if (row.expiresAt <= now) return refused('The code is unknown or has expired.');
    if (row.clientId !== params.clientId) return refused('The code was issued to another client.');
    if (row.redirectUri !== params.redirectUri) {
      return refused('redirect_uri is not the one the code was asked with.');
    }
    if (!verifierMatches(params.verifier, row.codeChallenge)) {
      return refused('code_verifier does not match the code_challenge.');
    }
    const client = await findClient(tx, row.clientId);
    if (!client) return refused('The client is unknown.', 'invalid_client');
    const scopes = SCOPES.filter((scope) => row.scope.split(' ').includes(scope));
    const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
    const issued = await issueAccessToken(tx, {
      administratorId: row.userId,
      name: client.name,
      scopes,
      expiresAt,
      clientId: client.id,
      now,
    });
    await tx
      .update(oauthAuthorizations)
      .set({ usedAt: now, accessTokenId: issued.token.id })
      .where(eq(oauthAuthorizations.id, row.id));
    const refreshToken = await newRefreshToken(
      tx,
      { accessTokenId: issued.token.id, clientId: client.id, end: grantEnd(now) },
      now,
    );
    return answer({ secret: issued.secret, expiresAt }, refreshToken, scopes, now);
  });
}

/**
 * grant_type=refresh_token: rotated on use (OAuth 2.1 section 4.3.1): a new refresh token, the
 * old one dead, the access token's secret replaced. An old one presented again means it was
 * copied: the grant is revoked. A grant revoked by its owner (the Account screen, a new
 * password, the command line) refreshes no more and says so; nor does one 90 days old.
 */
export function refresh(
  db: Db,
  params: { refreshToken: string; clientId: string },
  now: Date,
): Promise<Granted> {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select({
        id: oauthRefreshTokens.id,
        accessTokenId: oauthRefreshTokens.accessTokenId,
        clientId: oauthRefreshTokens.clientId,
        expiresAt: oauthRefreshTokens.expiresAt,
        usedAt: oauthRefreshTokens.usedAt,
        grantedAt: accessTokens.createdAt,
        revokedAt: accessTokens.revokedAt,
        scopes: accessTokens.scopes,
      })
      .from(oauthRefreshTokens)
      .innerJoin(accessTokens, eq(accessTokens.id, oauthRefreshTokens.accessTokenId))
      .where(eq(oauthRefreshTokens.tokenHash, tokenHash(params.refreshToken)))
      .get();
    if (!row) return refused('The refresh token is unknown or has expired.');
    if (row.clientId !== params.clientId) {
      return refused('The refresh token was issued to another client.');
    }
    // A replay revokes the grant and uses up its refresh tokens (revokeGrant), so a revoked
    // grant with an unused one left was ended by its owner.
    if (row.revokedAt !== null && row.usedAt === null) return refused(GRANT_MESSAGES.revoked);
    if (row.usedAt !== null) {
      // A grant its owner ended already stays theirs to explain to the newest token's holder.
      if (row.revokedAt === null) await revokeGrant(tx, row.accessTokenId, now);
      return refused(GRANT_MESSAGES.replayed);
    }
    const end = grantEnd(row.grantedAt);
    if (end <= now) return refused(GRANT_MESSAGES.over);
    if (row.expiresAt <= now) return refused('The refresh token is unknown or has expired.');
    const used = await tx
      .update(oauthRefreshTokens)
      .set({ usedAt: now })
      .where(and(eq(oauthRefreshTokens.id, row.id), isNull(oauthRefreshTokens.usedAt)))
      .returning({ id: oauthRefreshTokens.id })
      .all();
    if (used.length === 0) return refused('The refresh token was used already.');
    const expiresAt = lifeWithin(now, ACCESS_TOKEN_TTL_MS, end);
    const secret = await rotateAccessTokenSecret(tx, row.accessTokenId, expiresAt);
    if (secret === null) return refused(GRANT_MESSAGES.revoked);
    const stored: unknown = JSON.parse(row.scopes);
    const scopes = SCOPES.filter((scope) => Array.isArray(stored) && stored.includes(scope));
    const refreshToken = await newRefreshToken(
      tx,
      { accessTokenId: row.accessTokenId, clientId: row.clientId, end },
      now,
    );
    return answer({ secret, expiresAt }, refreshToken, scopes, now);
  });
}

/**
 * Housekeeping (maintenance/prune.ts): a grant's access token (its refresh tokens go with it)
 * 30 days after it expired or was revoked, and a client a day old that holds nothing. A grant in use never gets there: each refresh
 * moves its expiry, and its last refresh token has expired by then.
 */
export async function pruneGrants(tx: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ENDED_TOKEN_KEPT_MS);
  await tx
    .delete(accessTokens)
    .where(
      and(
        isNotNull(accessTokens.clientId),
        or(lt(accessTokens.expiresAt, before), lt(accessTokens.revokedAt, before)),
      ),
    );
  // Anyone may register a client (throttled per address and in all): one that holds no grant
  // and no request a day after it registered goes, so the table does not only grow; a client
  // that comes back later registers again. A client in use keeps its row.
  await tx
    .delete(oauthClients)
    .where(
      and(
        lt(oauthClients.createdAt, new Date(now.getTime() - UNUSED_CLIENT_KEPT_MS)),
        notExists(
          tx
            .select({ id: accessTokens.id })
            .from(accessTokens)
            .where(eq(accessTokens.clientId, oauthClients.id)),
        ),
        notExists(
          tx
            .select({ id: oauthAuthorizations.id })
            .from(oauthAuthorizations)
            .where(eq(oauthAuthorizations.clientId, oauthClients.id)),
        ),
      ),
    );
}
