/**
 * "Pay the deposit" (docs/payments.md): a Stripe Checkout Session for what is
 * still owed of an accepted proposal's deposit, made through the official package. The
 * amount, currency and names come from the stored proposal alone, never from the request.
 * One idempotency key per proposal and amount: asked twice (a double click, two tabs) within
 * Stripe's 24 hours, Stripe answers the same session.
 */
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { writeTransaction, type Db } from '#db';
import { proposalPayments, stripeCheckouts } from '#db/schema';
import { depositDue } from '#shared/proposal-payments';
import { addressBucket } from '#server/platform/throttle-buckets';
import { assertRoom, take, type ThrottleBucket } from '#server/platform/throttle';
import type { Config } from '#server/platform/config';
import type { Clock } from '#server/platform/clock';
import type { Logger } from '#server/platform/logger';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import { siteSettings } from '#server/site/site-settings';
import { proposalOfToken } from '../client-page/link';
import { parseSignature } from '../proposal-json';
import { CHECKOUT_RETURN_PATH } from './checkout-return';
import { openCheckoutSession, STRIPE_FAILED } from './stripe-client';
import { CHECKOUT_PER_PROPOSAL, CHECKOUT_REQUESTS } from './throttle-rules';

export const CHECKOUT_MESSAGES = {
  notSetUp: 'Card payments are not set up. Please pay by bank transfer.',
  notAccepted: 'The deposit can be paid once the proposal is accepted.',
  noDeposit: 'This proposal asks for no deposit.',
  paid: 'The deposit is already paid.',
  stripeFailed: STRIPE_FAILED,
} as const;

/** Stripe's limit on a product's name is generous; a long title is cut to stay readable. */
const NAME_MAX = 200;

export interface CheckoutDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
}

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * Answers the Checkout page's address for the proposal of `token`, or throws: 409 without
 * Stripe, 404 for an unknown link, 409 before acceptance, without a deposit or once it is
 * paid, 429 past the throttles, 503 when Stripe fails.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  token: string,
  ip: string,
): Promise<{ url: string }> {
  const stripe = deps.config.stripe;
  if (!stripe) throw conflict(CHECKOUT_MESSAGES.notSetUp);
  const now = deps.clock.now();
  const byAddress: ThrottleBucket = {
    bucket: addressBucket(CHECKOUT_REQUESTS.kind, deps.config.sessionSecret, ip),
    rule: CHECKOUT_REQUESTS,
  };
  // A read: a throttled address is refused before anything else, an unknown link writes nothing.
  await assertRoom(deps.db, byAddress, now);
  // An unknown link (or one that cannot be a token) is a miss counted like every link's.
  const proposal = await proposalOfToken({ ...deps, req: { ip } }, token);
  if (proposal.status !== 'accepted') throw conflict(CHECKOUT_MESSAGES.notAccepted);
  if (proposal.depositAmount <= 0) throw conflict(CHECKOUT_MESSAGES.noDeposit);
  const payments = await deps.db
    .select()
    .from(proposalPayments)
    .where(eq(proposalPayments.proposalId, proposal.id))
    .orderBy(asc(proposalPayments.id))
    .all();
  const due = depositDue(proposal.depositAmount, payments);
  if (due <= 0) throw conflict(CHECKOUT_MESSAGES.paid);

  await writeTransaction(deps.db, (tx) =>
    take(
      tx,
      [
        byAddress,
        {
          bucket: `${CHECKOUT_PER_PROPOSAL.kind}:${proposal.id}`,
          rule: CHECKOUT_PER_PROPOSAL,
        },
      ],
      now,
    ),
  );

  // The way back names the session, never the link's token: Stripe fills in the session's id
  // (checkout-return.ts finds the proposal by it). Written as text: a URL would escape braces.
  const back = `${new URL(CHECKOUT_RETURN_PATH, (await siteSettings(deps)).address).href}{CHECKOUT_SESSION_ID}`;
  const title =
    proposal.title.length > NAME_MAX ? `${proposal.title.slice(0, NAME_MAX - 1)}…` : proposal.title;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: proposal.currency.toLowerCase(),
          unit_amount: due,
          product_data: { name: `Deposit: ${title} (${proposal.number})` },
        },
      },
    ],
    client_reference_id: String(proposal.id),
    metadata: { proposalId: String(proposal.id), number: proposal.number },
    customer_email: parseSignature(proposal.acceptance)?.email || undefined,
    // Stripe's own invoice until the site issues its own: one supply, one invoice number
    // (docs/invoices.md, "Deposits").
    ...(!invoicingOn(await readInvoiceSettings(deps.db)) && {
      invoice_creation: { enabled: true },
    }),
    success_url: back,
    cancel_url: `${back}?cancelled=1`,
  };
  const session = await openCheckoutSession(
    stripe,
    params,
    // The link's hash in it too: another database (a staging copy) on the same Stripe
    // account has its own proposal 1, and must not be answered this one's session.
    `proposal-${proposal.id}-${proposal.tokenHash?.slice(0, 16)}-deposit-${due}`,
    { logger: deps.logger, event: 'payments.checkout_failed', fields: { proposalId: proposal.id } },
  );
  // The session is what Stripe's events are matched against (stripe-events.ts): only one
  // stored here counts, in this currency and for this amount. The same session answered
  // again (the idempotency key) is stored once.
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(stripeCheckouts)
      .values({
        sessionId: session.id,
        proposalId: proposal.id,
        amount: due,
        currency: proposal.currency,
        createdAt: now,
      })
      .onConflictDoNothing()
      .run(),
  );
  deps.logger.info('payments.checkout_started', { proposalId: proposal.id, session: session.id });
  return { url: session.url };
}
