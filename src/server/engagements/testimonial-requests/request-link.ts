/**
 * A testimonial request's links (docs/engagements.md, "Testimonials"): `/t/<token>` and the
 * withdraw link, each kept only as its hash and looked up the one way every link is
 * (platform/link-misses.ts: an unknown token is a miss counted against the client's address).
 * Unknown: 404. Known but ended (expired, approved, declined, withdrawn): 410, never its words.
 */
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { leads, testimonialRequests } from '#db/schema';
import { TESTIMONIAL_REQUEST_MESSAGES as M } from '#shared/engagements/testimonial-requests';
import type { TestimonialRequestStatus } from '#shared/engagements/values';
import { LinkGone } from '#server/platform/errors';
import { lookedUpToken, type LinkLookup } from '#server/platform/link-misses';

export type RequestRow = typeof testimonialRequests.$inferSelect;

export const requestNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });

/** The status as the client meets it: an open request past its day reads `expired`. */
export function shownStatus(row: RequestRow, now: Date): TestimonialRequestStatus {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** The 410 of a request that can no longer be answered, or null while it can. */
export function endedError(status: TestimonialRequestStatus): LinkGone | null {
  switch (status) {
    case 'open':
      return null;
    case 'expired':
      return new LinkGone(M.expired);
    case 'withdrawn':
      return new LinkGone(M.withdrawn);
    case 'approved':
    case 'declined':
      return new LinkGone(M.decided);
  }
}

/** The request its link was sent with, or 404. */
export async function requestOfToken(ctx: LinkLookup, token: string): Promise<RequestRow> {
  const found = await lookedUpToken(ctx, token, async (hash) =>
    ctx.db.select().from(testimonialRequests).where(eq(testimonialRequests.tokenHash, hash)).get(),
  );
  if (!found) throw requestNotFound();
  return found;
}

/** The request whose withdraw link this is (mailed after approving), or 404. */
export async function requestOfWithdrawToken(ctx: LinkLookup, token: string): Promise<RequestRow> {
  const found = await lookedUpToken(ctx, token, async (hash) =>
    ctx.db
      .select()
      .from(testimonialRequests)
      .where(eq(testimonialRequests.withdrawTokenHash, hash))
      .get(),
  );
  if (!found) throw requestNotFound();
  return found;
}

/** The lead a request was sent to: its name, company and address. */
export async function leadOfRequest(ctx: LinkLookup, row: RequestRow) {
  const lead = await ctx.db
    .select({ name: leads.name, company: leads.company, email: leads.email })
    .from(leads)
    .where(eq(leads.id, row.leadId))
    .get();
  if (!lead) throw requestNotFound();
  return lead;
}
