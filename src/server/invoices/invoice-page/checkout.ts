/**
 * "Pay by card" on the client's invoice page (docs/invoices.md, "The client's page"): a Stripe
 * Checkout Session for what is still owed, read from the store alone, never from the request.
 * One idempotency key per invoice, link and amount owed: asked twice (a double click, two
 * tabs), Stripe answers the same session. The way back names the session, never the token.
 */
import { TRPCError } from '@trpc/server';
import type Stripe from 'stripe';
import { writeTransaction } from '#db';
import { invoiceCheckouts } from '#db/schema';
import { addressBucket } from '#server/platform/throttle-buckets';
import { assertRoom, take, type ThrottleBucket } from '#server/platform/throttle';
import { siteSettings } from '#server/site/site-settings';
import { openCheckoutSession } from '#server/proposals/payments/stripe-client';
import { CHECKOUT_REQUESTS } from '#server/proposals/payments/throttle-rules';
import type { CheckoutDeps } from '#server/proposals/payments/checkout';
import { invoicesJson } from '../invoice-store';
import { mailedTo } from '../issued-document';
import { INVOICE_CHECKOUT_LINK } from '../throttle-rules';
import { invoiceOfToken } from './link';

export const INVOICE_CHECKOUT_MESSAGES = {
  notSetUp: 'Card payments are not set up. Please pay by bank transfer.',
  nothingOwed: 'Nothing is owed on this invoice.',
} as const;

/** Where Stripe sends the client back, with `{CHECKOUT_SESSION_ID}` after it. */
export const INVOICE_CHECKOUT_RETURN_PATH = '/i/checkout/';

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

export async function startInvoiceCheckout(
  deps: CheckoutDeps,
  token: string,
  ip: string,
): Promise<{ url: string }> {
  const stripe = deps.config.stripe;
  if (!stripe) throw conflict(INVOICE_CHECKOUT_MESSAGES.notSetUp);
  const now = deps.clock.now();
  const byAddress: ThrottleBucket = {
    bucket: addressBucket(CHECKOUT_REQUESTS.kind, deps.config.sessionSecret, ip),
    rule: CHECKOUT_REQUESTS,
  };
  await assertRoom(deps.db, byAddress, now);
  const row = await invoiceOfToken({ ...deps, req: { ip } }, token);
  const [invoice] = await invoicesJson(deps, [row]);
  const due = invoice && invoice.kind === 'invoice' ? invoice.balance.outstanding : 0;
  if (due <= 0) throw conflict(INVOICE_CHECKOUT_MESSAGES.nothingOwed);
  await writeTransaction(deps.db, (tx) =>
    take(
      tx,
      [
        byAddress,
        { bucket: `${INVOICE_CHECKOUT_LINK.kind}:${row.id}`, rule: INVOICE_CHECKOUT_LINK },
      ],
      now,
    ),
  );
  const back = `${new URL(INVOICE_CHECKOUT_RETURN_PATH, (await siteSettings(deps)).address).href}{CHECKOUT_SESSION_ID}`;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: row.currency.toLowerCase(),
          unit_amount: due,
          product_data: { name: `Invoice ${row.number ?? ''}` },
        },
      },
    ],
    client_reference_id: `invoice-${row.id}`,
    metadata: { invoiceId: String(row.id), number: row.number ?? '' },
    customer_email: mailedTo(row) || undefined,
    success_url: back,
    cancel_url: `${back}?cancelled=1`,
  };
  const session = await openCheckoutSession(
    stripe,
    params,
    `invoice-${row.id}-${row.tokenHash?.slice(0, 16)}-due-${due}`,
    { logger: deps.logger, event: 'invoices.checkout_failed', fields: { invoiceId: row.id } },
  );
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(invoiceCheckouts)
      .values({
        sessionId: session.id,
        invoiceId: row.id,
        amount: due,
        currency: row.currency,
        createdAt: now,
      })
      .onConflictDoNothing()
      .run(),
  );
  deps.logger.info('invoices.checkout_started', { invoiceId: row.id, session: session.id });
  return { url: session.url };
}
