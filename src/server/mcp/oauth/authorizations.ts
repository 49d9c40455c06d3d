/**
 * The rows of `oauth_authorizations` (db/schema.ts): a request waiting on the consent screen,
 * then a code, then a used code. The one place their lifetimes are written.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#db';
import { oauthAuthorizations, oauthClients } from '#db/schema';

/** How long the consent screen may take (the request waits server-side). */
export const REQUEST_TTL_MS = 10 * 60_000;
/** A code's life once allowed: long enough for a slow client, short for a stolen one. */
export const CODE_TTL_MS = 5 * 60_000;

/** A request still waiting for its Allow or Deny, with its client's name. */
export async function pendingRequest(db: Db, id: string, now: Date) {
  return db
    .select({
      id: oauthAuthorizations.id,
      clientId: oauthAuthorizations.clientId,
      clientName: oauthClients.name,
      redirectUri: oauthAuthorizations.redirectUri,
      scope: oauthAuthorizations.scope,
      state: oauthAuthorizations.state,
    })
    .from(oauthAuthorizations)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthAuthorizations.clientId))
    .where(
      and(
        eq(oauthAuthorizations.id, id),
        isNull(oauthAuthorizations.userId),
        gt(oauthAuthorizations.expiresAt, now),
      ),
    )
    .get();
}
export type PendingRequest = NonNullable<Awaited<ReturnType<typeof pendingRequest>>>;

/**
 * The redirect back to the client, with `code` or `error`, its `state`, and `iss` (RFC 9207:
 * the client can tell which server answered).
 */
export function clientRedirect(
  redirectUri: string,
  params: Record<string, string | null | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}
