/**
 * A client's link (`/e/<token>`, docs/engagements.md, "The link"): the engagement it opens, as
 * every link is looked up (platform/link-misses.ts: hashed, found by the hash, an unknown one
 * counted against the client's address). Unknown: 404. Replaced or revoked (`ended_at`), or
 * its engagement closed more than ENGAGEMENT_LIMITS.closedReadableDays ago: 410. Closed within
 * them: found, read-only (`status` closed; `writableEngagement` refuses a write).
 */
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { engagementLinks, engagements } from '#db/schema';
import { DAY_MS } from '#shared/calendar-days';
import { ENGAGEMENT_LIMITS } from '#shared/engagements/limits';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import { LinkGone } from '#server/platform/errors';
import { lookedUpToken, type LinkLookup } from '#server/platform/link-misses';
import type { EngagementRef } from './engagement-ref';
import { refOf } from './engagement-store';

export const engagementLinkNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: M.notFound });

/** Whether a closed engagement's page is past its readable days (then 410). */
export function pastReadable(closedAt: Date | null, now: Date): boolean {
  return (
    closedAt !== null &&
    now.getTime() - closedAt.getTime() > ENGAGEMENT_LIMITS.closedReadableDays * DAY_MS
  );
}

/** The engagement the token opens, or 404 (unknown) / 410 (ended, or closed long ago). */
export async function engagementOfToken(ctx: LinkLookup, token: string): Promise<EngagementRef> {
  const found = await lookedUpToken(ctx, token, async (hash) =>
    ctx.db
      .select({ link: engagementLinks, engagement: engagements })
      .from(engagementLinks)
      .innerJoin(engagements, eq(engagements.id, engagementLinks.engagementId))
      .where(eq(engagementLinks.tokenHash, hash))
      .get(),
  );
  if (!found) throw engagementLinkNotFound();
  const { link, engagement } = found;
  if (link.endedAt !== null) throw new LinkGone(M.gone);
  if (engagement.status === 'closed' && pastReadable(engagement.closedAt, ctx.clock.now())) {
    throw new LinkGone(M.gone);
  }
  return refOf(engagement);
}

/**
 * The engagement, if it may still be changed from its page: a closed one is read-only (409),
 * for the parts that write through the link (the thread's messages, the client's uploads).
 */
export function writableEngagement(ref: EngagementRef): EngagementRef {
  if (ref.status === 'closed') throw new TRPCError({ code: 'CONFLICT', message: M.readOnly });
  return ref;
}
