/**
 * The webhook tests' set-up (src/server/proposals/payments/webhook.test.ts,
 * webhook-refunds.test.ts, webhook-unmatched.test.ts): an app with Stripe set up and the owner's
 * address, an accepted proposal (€1,200.00 deposit) and the Checkout Session the site made for it,
 * and readers of what the events wrote.
 */
import { asc, eq } from 'drizzle-orm';
import { leadEvents, proposalPayments } from '#db/schema';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import {
  storeCheckout,
  storeProposal,
  type StoredProposal,
} from '#tests/support/accepted-proposal';
import {
  checkoutCompletedEvent,
  deliverWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';

export const OWNER = 'owner@example.com';

export interface WebhookFixture {
  app: Awaited<ReturnType<typeof createTestApp>>['app'];
  deps: TestDeps;
  proposal: StoredProposal;
  /** The Checkout Session the site made for the proposal's deposit. */
  sessionId: string;
  deliver(
    event: unknown,
    opts?: { signature?: string | null; secret?: string; at?: Date; body?: string },
  ): Promise<Response>;
  /** The session paid in full, by `paymentIntent`. */
  paid(paymentIntent?: string): ReturnType<typeof checkoutCompletedEvent>;
  payments(): Promise<(typeof proposalPayments.$inferSelect)[]>;
  timeline(
    kind: 'payment_received' | 'payment_refunded',
  ): Promise<(typeof leadEvents.$inferSelect)[]>;
}

export async function webhookFixture(): Promise<WebhookFixture> {
  const { app, deps } = await createTestApp({
    config: testConfig({
      stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
      contactNotifyTo: OWNER,
    }),
  });
  const proposal = await storeProposal(deps, { title: 'AI readiness review' });
  const sessionId = await storeCheckout(deps, proposal);
  return {
    app,
    deps,
    proposal,
    sessionId,
    deliver: (event, opts = {}) =>
      deliverWebhook(app, event, { ...opts, at: opts.at ?? deps.clock.now() }),
    paid: (paymentIntent = 'pi_test_1') =>
      checkoutCompletedEvent({
        id: sessionId,
        proposalId: proposal.id,
        number: proposal.number,
        amountTotal: proposal.depositAmount,
        currency: 'eur',
        paymentIntent,
      }),
    payments: async () =>
      await deps.db.select().from(proposalPayments).orderBy(asc(proposalPayments.id)).all(),
    timeline: async (kind) =>
      await deps.db
        .select()
        .from(leadEvents)
        .where(eq(leadEvents.kind, kind))
        .orderBy(asc(leadEvents.id))
        .all(),
  };
}
