/**
 * The client's answers to a testimonial request (docs/engagements.md, "Testimonials"): read
 * it, approve it (an unpublished testimonial with the approval's consent record, and a mail
 * with the withdraw link), decline it. Each answer is judged and written in one transaction
 * with a conditional update (`WHERE status = 'open'`), so twenty approvals at once make one
 * testimonial and the others answer 410; the throttle's place is taken first (429 before 410).
 */
import { and, eq, gt } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { testimonialRequests } from '#db/schema';
import {
  TESTIMONIAL_CONSENT_TEXT,
  type ClientTestimonialRequest,
  type ConsentRecord,
  type TestimonialApproveInput,
} from '#shared/engagements/testimonial-requests';
import type { Context } from '#server/http/trpc';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { logAddress } from '#server/platform/address';
import { take } from '#server/platform/throttle';
import { addressBucket } from '#server/platform/throttle-buckets';
import { newToken, tokenHash } from '#server/platform/tokens';
import { createApprovedTestimonial } from '#server/proof/testimonials/testimonial-store';
import { mailSite } from '#server/site/site-brand';
import { queueApprovedMail } from './mails';
import {
  endedError,
  leadOfRequest,
  requestOfToken,
  shownStatus,
  type RequestRow,
} from './request-link';
import { TESTIMONIAL_ACTIONS } from './throttle-rules';

/** What a browser says it is, as the consent record keeps it: one line, at most this long. */
const USER_AGENT_MAX = 500;
/** The testimonial's name when the client did not tick "My name". */
export const UNNAMED_CLIENT = 'A client';
const CONSENT_HOW = 'Approved by the client on the testimonial request page';

/** The client's address's place: 10 answers an hour, whichever requests they are for. */
export async function takeActionPlace(tx: Db, ctx: Context, now: Date): Promise<void> {
  const bucket = addressBucket(TESTIMONIAL_ACTIONS.kind, ctx.config.sessionSecret, ctx.req.ip);
  await take(tx, [{ bucket, rule: TESTIMONIAL_ACTIONS }], now);
}

/** GET /api/t/:token: the request while it is open; 410 once it ended, 404 unknown. */
export async function clientRequest(
  ctx: Context,
  token: string,
): Promise<ClientTestimonialRequest> {
  const row = await requestOfToken(ctx, token);
  const status = shownStatus(row, ctx.clock.now());
  const ended = endedError(status);
  if (ended) throw ended;
  const lead = await leadOfRequest(ctx, row);
  return {
    status,
    suggestedText: row.suggestedText,
    suggestedByAi: row.suggestedByAi,
    consentText: TESTIMONIAL_CONSENT_TEXT,
    expiresAt: row.expiresAt.toISOString(),
    name: lead.name,
    company: lead.company ?? '',
  };
}

/** Marks the open request `to`; null when it was no longer open (another answer came first). */
async function decided(tx: Db, row: RequestRow, to: 'approved' | 'declined', now: Date) {
  return tx
    .update(testimonialRequests)
    .set({ status: to, decidedAt: now })
    .where(
      and(
        eq(testimonialRequests.id, row.id),
        eq(testimonialRequests.status, 'open'),
        gt(testimonialRequests.expiresAt, now),
      ),
    )
    .returning()
    .get();
}

/** The refusal of a request that was no longer open when its answer's write ran. */
async function refusalNow(tx: Db, id: number, now: Date) {
  const row = await tx
    .select()
    .from(testimonialRequests)
    .where(eq(testimonialRequests.id, id))
    .get();
  return (row && endedError(shownStatus(row, now))) ?? endedError('approved');
}

export async function approveRequest(
  ctx: Context,
  input: TestimonialApproveInput,
): Promise<{ status: 'approved' }> {
  const link = await requestOfToken(ctx, input.token);
  const lead = await leadOfRequest(ctx, link);
  const site = await mailSite(ctx);
  const now = ctx.clock.now();
  const withdrawToken = newToken();
  const record: ConsentRecord = {
    consentText: TESTIMONIAL_CONSENT_TEXT,
    at: now.toISOString(),
    address: logAddress(ctx.req.ip),
    userAgent: (ctx.req.headers.get('user-agent') ?? '')
      .replace(/[\p{Cc}\u0085\u2028\u2029]+/gu, ' ')
      .slice(0, USER_AGENT_MAX),
    suggestedText: link.suggestedText,
    suggestedByAi: link.suggestedByAi,
    approvedText: input.text,
    show: input.show,
    requestId: link.id,
  };
  // A refusal is answered after the commit: the throttle's place stays taken (429 before 410).
  const refused = await writeTransaction(ctx.db, async (tx) => {
    await takeActionPlace(tx, ctx, now);
    const row = await decided(tx, link, 'approved', now);
    if (!row) return refusalNow(tx, link.id, now);
    const testimonial = await createApprovedTestimonial(
      tx,
      {
        quote: input.text,
        name: input.show.name ? lead.name : UNNAMED_CLIENT,
        company: input.show.company ? (lead.company ?? '') : '',
        leadId: row.leadId,
      },
      { at: now, how: CONSENT_HOW, record: JSON.stringify(record) },
    );
    await tx
      .update(testimonialRequests)
      .set({ testimonialId: testimonial.id, withdrawTokenHash: tokenHash(withdrawToken) })
      .where(eq(testimonialRequests.id, row.id));
    await queueApprovedMail(
      tx,
      lead,
      site,
      { withdrawToken, requestId: row.id, text: input.text },
      now,
    );
    return null;
  });
  if (refused) throw refused;
  ctx.logger.info('testimonial.approved', { requestId: ctx.req.requestId, request: link.id });
  await mailQueued(ctx);
  return { status: 'approved' };
}

export async function declineRequest(ctx: Context, token: string): Promise<{ status: 'declined' }> {
  const link = await requestOfToken(ctx, token);
  const now = ctx.clock.now();
  const refused = await writeTransaction(ctx.db, async (tx) => {
    await takeActionPlace(tx, ctx, now);
    const row = await decided(tx, link, 'declined', now);
    return row ? null : refusalNow(tx, link.id, now);
  });
  if (refused) throw refused;
  ctx.logger.info('testimonial.declined', { requestId: ctx.req.requestId, request: link.id });
  return { status: 'declined' };
}
