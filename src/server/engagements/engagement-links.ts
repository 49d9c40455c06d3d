/**
 * An engagement's links (docs/engagements.md, "The link"): one working link at a time, kept
 * only as its token's hash. A new link ends the one before (`replaced`), "Revoke" ends the
 * working one (`revoked`); an ended link's row stays, so it answers 410 rather than 404, at
 * once on every instance (the row is read on each request, nothing is cached).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db';
import { engagementLinks } from '#db/schema';
import type { LinkEnd } from '#shared/engagements/values';
import { newToken, tokenHash } from '#server/platform/tokens';

/** Ends the engagement's working link, if any (`how`: replaced or revoked). */
export async function endLinks(tx: Db, engagementId: number, how: LinkEnd, now: Date) {
  await tx
    .update(engagementLinks)
    .set({ endedAt: now, endedHow: how })
    .where(and(eq(engagementLinks.engagementId, engagementId), isNull(engagementLinks.endedAt)));
}

/**
 * A new link for the engagement, in the caller's transaction: the one before ends. The token
 * is returned for the one mail that carries it (sealed in the outbox) and is kept nowhere.
 */
export async function mintLink(tx: Db, engagementId: number, now: Date): Promise<string> {
  await endLinks(tx, engagementId, 'replaced', now);
  const token = newToken();
  await tx
    .insert(engagementLinks)
    .values({ tokenHash: tokenHash(token), engagementId, createdAt: now });
  return token;
}

/** The working link's row (its creation time), or undefined. */
export function workingLink(db: Db, engagementId: number) {
  return db
    .select({ createdAt: engagementLinks.createdAt })
    .from(engagementLinks)
    .where(and(eq(engagementLinks.engagementId, engagementId), isNull(engagementLinks.endedAt)))
    .get();
}

/** The page's address for a token on the site's address: `/e/<token>`. */
export const engagementUrl = (siteAddress: string, token: string) =>
  new URL(`/e/${encodeURIComponent(token)}`, siteAddress).href;
