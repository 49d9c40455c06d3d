/**
 * The owner asks a client for their words (docs/engagements.md, "Testimonials"): one open
 * request a lead (the partial unique index `testimonial_requests_open_idx` holds it when
 * twenty requests come at once: one is stored, the others answer 409), open 30 days. The row,
 * its mail (the link's token only in the sealed outbox text) and the audit entry are one write.
 */
import { and, eq, lte } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { testimonialRequests } from '#db/schema';
import { isUniqueViolation } from '#db/unique-violation';
import { daysAfter } from '#shared/calendar-days';
import {
  TESTIMONIAL_REQUEST_LIMITS,
  TESTIMONIAL_REQUEST_MESSAGES as M,
  type TestimonialRequestShape,
} from '#shared/engagements/testimonial-requests';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import { leadById } from '#server/leads/lead-query';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { newToken, tokenHash } from '#server/platform/tokens';
import { mailSite } from '#server/site/site-brand';
import { queueRequestMail } from './mails';
import type { RequestRow } from './request-link';
import { suggestWords } from './suggest-words';

export const leadNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.leadNotFound });
const openExists = () => new TRPCError({ code: 'CONFLICT', message: M.openExists });

export function requestJson(row: RequestRow): TestimonialRequestShape {
  return {
    id: row.id,
    leadId: row.leadId,
    status: row.status,
    suggestedText: row.suggestedText,
    suggestedByAi: row.suggestedByAi,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    testimonialId: row.testimonialId,
  };
}

export async function createTestimonialRequest(
  ctx: Context & { user: SessionUser },
  input: { id: number; text?: string | undefined; ai: boolean },
): Promise<TestimonialRequestShape> {
  const lead = await leadById(ctx.db, input.id);
  if (!lead) throw leadNotFound();
  // The model's words when asked for (and only then flagged as the model's), else the owner's.
  const suggestedByAi = input.ai;
  const suggestedText = input.ai ? await suggestWords(ctx, lead) : (input.text ?? '');
  const site = await mailSite(ctx);
  const token = newToken();
  const now = ctx.clock.now();
  let row: RequestRow;
  try {
    row = await writeTransaction(ctx.db, async (tx) => {
      // An open request past its 30 days no longer holds the lead's one open place.
      await tx
        .update(testimonialRequests)
        .set({ status: 'expired' })
        .where(
          and(
            eq(testimonialRequests.leadId, lead.id),
            eq(testimonialRequests.status, 'open'),
            lte(testimonialRequests.expiresAt, now),
          ),
        );
      const stored = await tx
        .insert(testimonialRequests)
        .values({
          leadId: lead.id,
          tokenHash: tokenHash(token),
          suggestedText,
          suggestedByAi,
          createdAt: now,
          createdBy: ctx.user.username,
          expiresAt: daysAfter(now, TESTIMONIAL_REQUEST_LIMITS.openDays),
        })
        .returning()
        .get();
      await queueRequestMail(tx, lead, site, { token, requestId: stored.id }, now);
      await auditAdminChange(
        tx,
        ctx,
        'testimonial_requested',
        `testimonial request ${stored.id}`,
        leadSubject(lead.id),
      );
      return stored;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw openExists();
    throw error;
  }
  await mailQueued(ctx);
  return requestJson(row);
}
