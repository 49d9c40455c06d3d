/**
 * The payments' procedures (docs/payments.md; docs/api.md, "Proposals"): a plain
 * object spread into the `proposals` router (app/app-router.ts), as the leads' are.
 * - `checkout`: POST /api/p/:token/checkout, public: the Stripe Checkout page of the deposit.
 * - `recordPayment`: POST /api/proposals/:id/payments, admin: a payment received by hand.
 * - `unmatchedPayments`: GET /api/payments/unmatched, admin: Stripe's events of money the site
 *   did not ask for, which changed nothing (unmatched.ts).
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { proposals } from '#db/schema';
import { proposalTokenInput } from '#shared/proposal-page/inputs';
import { manualPaymentInput, PROPOSAL_MESSAGES } from '#shared/proposals';
import { UNMATCHED_PAGE_SIZE } from '#shared/proposal-payments';
import { pageField } from '#shared/validation';
import { outputs } from '#shared/shapes/proposals';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { dayStart } from '#server/analytics/days';
import { publicProcedure } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { siteSettings } from '#server/site/site-settings';
import { mailSite } from '#server/site/site-brand';
import { leadOf, paymentJson } from '../proposal-json';
import { proposalWithPayments } from '../proposal-store';
import { startCheckout } from './checkout';
import { recordPayment } from './record-payment';
import { unmatchedPage } from './unmatched';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Any token: one that cannot exist is as unknown as one that does not (404, a link's miss). */
export const checkoutInput = proposalTokenInput;

export const proposalPaymentProcedures = {
  /** Stripe's events that matched no Checkout of this site's, newest first, 25 a page. */
  unmatchedPayments: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/payments/unmatched', query: ['page'], answer: 'spread' },
    })
    .input(z.prefault(z.object({ page: pageField }), {}))
    .output(outputs.unmatched)
    .query(async ({ ctx, input }) => ({
      ...(await unmatchedPage(ctx.db, input.page)),
      page: input.page,
      pageSize: UNMATCHED_PAGE_SIZE,
    })),

  /**
   * The Checkout page's address for the deposit (`{ url }`); the body is never read, so no
   * amount a request names can reach Stripe (checkout.ts).
   */
  checkout: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/p/:token/checkout',
        body: { fields: [], optional: true },
        summary: "Start paying an accepted proposal's deposit on Stripe Checkout",
      },
    })
    .input(checkoutInput)
    .output(z.strictObject({ url: z.string() }))
    .mutation(({ ctx, input }) => startCheckout(ctx, input.token, ctx.req.ip)),

  /** A payment the owner received outside Stripe (a bank transfer), on an accepted proposal. */
  recordPayment: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/proposals/:id/payments',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(manualPaymentInput)
    .output(outputs.payment)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      // A day is the start of that day in the site's zone; a date and time keeps its offset.
      const paidAt = DAY.test(input.paidAt)
        ? dayStart(input.paidAt, (await siteSettings(ctx)).timeZone)
        : new Date(input.paidAt);
      // Read before the write: the deposit invoice's mail names the site (deposit-paid.ts).
      const site = await mailSite(ctx);
      const payment = await writeTransaction(ctx.db, async (tx) => {
        const proposal = await tx.select().from(proposals).where(eq(proposals.id, input.id)).get();
        if (!proposal) {
          throw new TRPCError({ code: 'NOT_FOUND', message: PROPOSAL_MESSAGES.notFound });
        }
        if (proposal.status !== 'accepted') {
          throw new TRPCError({ code: 'CONFLICT', message: PROPOSAL_MESSAGES.paymentNotAccepted });
        }
        const row = await recordPayment(tx, {
          proposal: { id: proposal.id, leadId: leadOf(proposal) },
          amount: input.amount,
          currency: proposal.currency,
          provider: 'manual',
          providerRef: null,
          paidAt,
          note: input.note || null,
          recordedBy: ctx.user.username,
          now,
          witness: { actor: ctx.user, ip: ctx.req.ip, site },
        });
        // A manual payment has no provider ref, so no conflict can skip it.
        if (!row) throw new Error('a manual payment was not stored');
        await auditAdminChange(
          tx,
          ctx,
          'payment_recorded',
          `proposal ${proposal.number} (${proposal.id}): ${input.amount} ${proposal.currency}`,
          leadSubject(leadOf(proposal)),
        );
        return row;
      });
      const proposal = await proposalWithPayments(ctx, input.id);
      if (!proposal)
        throw new TRPCError({ code: 'NOT_FOUND', message: PROPOSAL_MESSAGES.notFound });
      return { payment: paymentJson(payment), proposal };
    }),
};
