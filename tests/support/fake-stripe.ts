/**
 * A fake Stripe API in the test process (docs/testing.md): stripe-mock cannot be installed on
 * our machines, so the `stripe` package is pointed here by STRIPE_API_BASE
 * (`config.stripe.apiBase`). It answers what the site calls, POST /v1/checkout/sessions, with
 * a Checkout Session as Stripe shapes it, and records every request it was sent: the method,
 * the path, the form body read back into the nested params the package encoded, and the
 * Authorization and Idempotency-Key headers. A repeated Idempotency-Key is answered with the
 * first answer, as Stripe does. `signWebhook` signs an event as Stripe signs its webhooks.
 *
 * For a browser test it also plays Checkout's hosted page: GET /pay/<session> shows a "Pay"
 * button; pressing it (POST) marks the session paid, delivers the signed
 * `checkout.session.completed` to the webhook set with `deliverTo`, as Stripe would, and then
 * sends the browser to the session's success address.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeApiBase, StripeConfig } from '#server/platform/config';

/** A form-encoded Stripe request's params: `a[b][0]=x` read back as `{ a: { b: ['x'] } }`. */
export type StripeParams = { [key: string]: StripeParamValue };
type StripeParamValue = string | StripeParams | StripeParamValue[];

export interface StripeRequest {
  method: string;
  /** The path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  params: StripeParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>` */
  url: string;
  apiBase: StripeApiBase;
  requests: StripeRequest[];
  /** The sessions made, by id, as answered. */
  sessions: Map<string, Record<string, unknown>>;
  /** The next `times` requests are answered this HTTP status with Stripe's error body. */
  failNext(status: number, times?: number): void;
  /** Forgets the requests, sessions and idempotency keys seen (a fresh Stripe account). */
  reset(): void;
  /** Where the hosted page's payments are announced: the site's webhook address. */
  deliverTo(webhookUrl: string): void;
  close(): Promise<void>;
}

/** Test secrets in Stripe's formats (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). */
export const TEST_SECRET_KEY = 'sk_test_fake0123456789abcdef';
export const TEST_WEBHOOK_SECRET = 'whsec_fake0123456789abcdefghijklmnop';

/** The configuration that points the site at a fake Stripe. */
export function stripeConfigFor(fake: FakeStripe): StripeConfig {
  return {
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    apiBase: fake.apiBase,
  };
}

/** One `a[b][0][c]` key's parts: `['a', 'b', '0', 'c']`. */
function keyParts(key: string): string[] {
  const first = /^[^[]+/.exec(key)?.[0] ?? key;
  const rest = [...key.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [first, ...rest];
}

/** The nested params of a form body, arrays where the package wrote indexes. */
export function parseStripeForm(body: string): StripeParams {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = keyParts(key);
    let node: StripeParams | StripeParamValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '');
      const container = node as Record<string, StripeParamValue>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as StripeParams | StripeParamValue[];
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomId()}` });
  res.end(JSON.stringify(body));
}

const randomId = () => randomBytes(12).toString('hex');

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  const failures: number[] = [];
  let origin = '';
  let webhookUrl: string | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const hosted = /^\/pay\/(cs_test_\w+)$/.exec(path);
      if (hosted) {
        hostedPage(res, req.method ?? 'GET', sessions.get(hosted[1]!), webhookUrl).catch(
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          },
        );
        return;
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const request: StripeRequest = {
        method: req.method ?? 'GET',
        path,
        params: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
        authorization: header('authorization'),
        idempotencyKey: header('idempotency-key'),
      };
      requests.push(request);
      const status = failures.shift();
      if (status !== undefined) {
        send(res, status, {
          error: { type: 'api_error', message: 'The fake Stripe was told to fail.' },
        });
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/checkout/sessions') {
        send(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` },
        });
        return;
      }
      const again = request.idempotencyKey && byIdempotencyKey.get(request.idempotencyKey);
      if (again) {
        send(res, 200, again);
        return;
      }
      const id = `cs_test_${randomId()}`;
      const params = request.params;
      const lines = Array.isArray(params.line_items) ? params.line_items : [];
      const amountTotal = lines.reduce<number>((sum, line) => {
        const item = line as StripeParams;
        const price = item.price_data as StripeParams | undefined;
        return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
      }, 0);
      const firstPrice = (lines[0] as StripeParams | undefined)?.price_data as
        | StripeParams
        | undefined;
      const session: Record<string, unknown> = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amountTotal,
        currency: firstPrice?.currency ?? null,
        client_reference_id: params.client_reference_id ?? null,
        customer_email: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        payment_intent: null,
        livemode: false,
        url: `${origin}/pay/${id}`,
      };
      sessions.set(id, session);
      if (request.idempotencyKey) byIdempotencyKey.set(request.idempotencyKey, session);
      send(res, 200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    sessions,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    deliverTo(url) {
      webhookUrl = url;
    },
    reset() {
      requests.length = 0;
      sessions.clear();
      byIdempotencyKey.clear();
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const signer = new Stripe(TEST_SECRET_KEY);

/** Checkout's hosted page: a button; its press pays, tells the webhook, and goes back. */
async function hostedPage(
  res: ServerResponse,
  method: string,
  session: Record<string, unknown> | undefined,
  webhookUrl: string | null,
): Promise<void> {
  if (!session) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('No such session');
    return;
  }
  const amount = `${String(session.amount_total)} ${String(session.currency).toUpperCase()}`;
  if (method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Fake Checkout</title>
<main><h1>Fake Checkout</h1><p>${amount} (minor units)</p>
<form method="post"><button type="submit">Pay</button></form></main></html>`);
    return;
  }
  if (!webhookUrl) throw new Error('deliverTo(webhookUrl) was not called');
  session.status = 'complete';
  session.payment_status = 'paid';
  const metadata = session.metadata as { proposalId?: string; number?: string };
  const payload = JSON.stringify(
    checkoutCompletedEvent({
      id: String(session.id),
      proposalId: Number(metadata.proposalId ?? session.client_reference_id),
      number: metadata.number,
      amountTotal: Number(session.amount_total),
      currency: String(session.currency),
    }),
  );
  const delivered = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload) },
    body: payload,
  });
  if (!delivered.ok) throw new Error(`the webhook answered ${delivered.status}`);
  // As Stripe does, the session's id in place of its template.
  const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id));
  res.writeHead(303, { location: back });
  res.end();
}

/**
 * The `Stripe-Signature` header Stripe sends with `payload`: `t=<seconds>,v1=<HMAC-SHA256 of
 * "<t>.<payload>" under the secret>`, by the package's own test helper.
 */
export function signWebhook(payload: string, options: { secret?: string; at?: Date } = {}): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: Math.floor((options.at ?? new Date()).getTime() / 1000),
  });
}

/** Anything that answers a request as the app does (`app.request`). */
interface RequestTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/**
 * Posts `event` to the site's webhook as Stripe does, signed at `at` (the app's clock): or with
 * another secret, another `signature` (null: none) or another `body` than the one signed.
 */
export function deliverWebhook(
  app: RequestTarget,
  event: unknown,
  opts: { at: Date; signature?: string | null; secret?: string; body?: string },
): Promise<Response> {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const signature =
    opts.signature === undefined
      ? signWebhook(payload, { secret: opts.secret, at: opts.at })
      : opts.signature;
  if (signature !== null) headers['stripe-signature'] = signature;
  return Promise.resolve(
    app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers,
      body: opts.body ?? payload,
    }),
  );
}

let eventCount = 0;
const eventId = () => `evt_test_${randomId()}${(eventCount += 1)}`;

/** A `checkout.session.completed` event of a paid session, as Stripe sends it. */
export function checkoutCompletedEvent(
  session: {
    id?: string;
    proposalId: number;
    number?: string;
    amountTotal: number;
    currency: string;
    paymentIntent?: string;
    paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  },
  id = eventId(),
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.id ?? `cs_test_${randomId()}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: session.paymentStatus ?? 'paid',
        amount_total: session.amountTotal,
        currency: session.currency,
        client_reference_id: String(session.proposalId),
        metadata: { proposalId: String(session.proposalId), number: session.number ?? '' },
        payment_intent: session.paymentIntent ?? `pi_test_${randomId()}`,
        customer_details: { email: 'client@example.com' },
      },
    },
  };
}

/** A `charge.refunded` event: `amountRefunded` is the charge's total refunded so far. */
export function chargeRefundedEvent(
  charge: { paymentIntent: string; amount: number; amountRefunded: number; currency: string },
  id = eventId(),
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_test_${randomId()}`,
        object: 'charge',
        amount: charge.amount,
        amount_refunded: charge.amountRefunded,
        currency: charge.currency,
        payment_intent: charge.paymentIntent,
        refunded: charge.amountRefunded >= charge.amount,
      },
    },
  };
}
