/**
 * The client withdraws their testimonial (docs/engagements.md, "Testimonials") with the link
 * mailed after approving: the testimonial is unpublished at once everywhere (its row's update
 * moves the `published_proof` counter every public page's cache is keyed by, and
 * entries/shown-testimonial.ts never shows a withdrawn one), `withdrawn_at` is set, it is never
 * published again (proof's store refuses), and the audit log records it. One write; a second
 * withdraw answers 410.
 */
import { and, eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { testimonialRequests } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import { leadSubject } from '#server/audit/subjects';
import type { Context } from '#server/http/trpc';
import { withdrawTestimonial } from '#server/proof/testimonials/testimonial-store';
import { takeActionPlace } from './client-answers';
import { endedError, requestNotFound, requestOfWithdrawToken } from './request-link';

/** The withdraw page's check before its form: 404 unknown, 410 once withdrawn. */
export async function withdrawableRequest(ctx: Context, token: string): Promise<void> {
  const link = await requestOfWithdrawToken(ctx, token);
  if (link.status !== 'approved') throw endedError('withdrawn') ?? requestNotFound();
}

export async function withdrawApproval(
  ctx: Context,
  token: string,
): Promise<{ status: 'withdrawn' }> {
  const link = await requestOfWithdrawToken(ctx, token);
  const now = ctx.clock.now();
  const refused = await writeTransaction(ctx.db, async (tx) => {
    await takeActionPlace(tx, ctx, now);
    const row = await tx
      .update(testimonialRequests)
      .set({ status: 'withdrawn' })
      .where(and(eq(testimonialRequests.id, link.id), eq(testimonialRequests.status, 'approved')))
      .returning()
      .get();
    if (!row) return endedError('withdrawn');
    if (row.testimonialId !== null) await withdrawTestimonial(tx, row.testimonialId, now);
    await auditInsert(tx, now, {
      action: 'testimonial_withdrawn',
      actor: null,
      target: `testimonial request ${row.id}`,
      ip: ctx.req.ip,
      subject: leadSubject(row.leadId),
    });
    return null;
  });
  if (refused) throw refused;
  ctx.logger.info('testimonial.withdrawn', { requestId: ctx.req.requestId, request: link.id });
  return { status: 'withdrawn' };
}
