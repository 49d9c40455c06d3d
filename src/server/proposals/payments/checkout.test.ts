/**
 * "Pay the deposit" (docs/payments.md): the Checkout Session the site asks Stripe
 * for, read back from the fake Stripe the package was pointed at, and every refusal, through
 * the REST path, the plain form and the tRPC procedure.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCaller,
  createTestApp,
  callerFor,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { SELLER_PROFILE } from '#tests/support/invoicing';
import { storeProposal } from '#tests/support/accepted-proposal';
import {
  startFakeStripe,
  stripeConfigFor,
  TEST_SECRET_KEY,
  type FakeStripe,
} from '#tests/support/fake-stripe';
import { rest } from '#tests/support/rest';
import type { App } from '#server/app/app';
import { writeTransaction } from '#db';
import { proposalPayments, stripeCheckouts } from '#db/schema';
import { parseStripe } from '#server/platform/config-stripe';
import { TOO_MANY_LINKS } from '#shared/link-token';
import { LINK_MISSES } from '#server/platform/link-misses';
import { CHECKOUT_MESSAGES } from './checkout';

let fake: FakeStripe;
let app: App;
let deps: TestDeps;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.reset();
  ({ app, deps } = await createTestApp({
    config: testConfig({ stripe: stripeConfigFor(fake), trustProxy: true }),
  }));
});

const checkout = (token: string, opts: { json?: unknown; ip?: string } = {}) =>
  rest(app, 'POST', `/api/p/${token}/checkout`, { ip: '198.51.100.20', ...opts });

async function payByHand(proposalId: number, amount: number) {
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(proposalPayments)
      .values({
        proposalId,
        amount,
        currency: 'EUR',
        provider: 'manual',
        paidAt: deps.clock.now(),
      })
      .run(),
  );
}

describe('POST /api/p/:token/checkout', () => {
  it('asks Stripe for exactly the stored deposit, whatever amount the request names', async () => {
    const proposal = await storeProposal(deps, { title: 'AI readiness review' });
    const answer = await checkout(proposal.token, {
      json: { amount: 1, currency: 'usd', unit_amount: 1, depositAmount: 1 },
    });
    expect(answer.status).toBe(200);
    const [request, ...more] = fake.requests;
    expect(more).toEqual([]);
    expect(request).toEqual({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${TEST_SECRET_KEY}`,
      idempotencyKey: expect.stringMatching(
        new RegExp(`^proposal-${proposal.id}-[\\w-]{16}-deposit-120000$`),
      ) as string,
      params: {
        mode: 'payment',
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'eur',
              unit_amount: '120000',
              product_data: { name: `Deposit: AI readiness review (${proposal.number})` },
            },
          },
        ],
        client_reference_id: String(proposal.id),
        metadata: { proposalId: String(proposal.id), number: proposal.number },
        customer_email: proposal.email,
        invoice_creation: { enabled: 'true' },
        // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}: no link token.
        success_url: 'http://localhost/p/checkout/{CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost/p/checkout/{CHECKOUT_SESSION_ID}?cancelled=1',
      },
    });
    expect(JSON.stringify(request)).not.toContain(proposal.token);
    const session = [...fake.sessions.values()][0]!;
    expect(answer.body).toEqual({ url: session.url });
    expect(session.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
  });

  it('no longer asks Stripe for an invoice once the site issues its own', async () => {
    await (await adminCaller(deps)).invoices.saveSettings(SELLER_PROFILE);
    const proposal = await storeProposal(deps);
    expect((await checkout(proposal.token)).status).toBe(200);
    expect(fake.requests[0]?.params).not.toHaveProperty('invoice_creation');
  });

  it('stores the session Stripe made, what it asks and in which currency, once', async () => {
    const proposal = await storeProposal(deps, { currency: 'GBP' });
    await checkout(proposal.token);
    await checkout(proposal.token);
    const [session] = [...fake.sessions.values()];
    expect(await deps.db.select().from(stripeCheckouts).all()).toEqual([
      {
        sessionId: session!.id,
        proposalId: proposal.id,
        amount: 120_000,
        currency: 'GBP',
        paymentId: null,
        createdAt: deps.clock.now(),
      },
    ]);
  });

  it('asks for what is still owed when part of the deposit was paid by hand', async () => {
    const proposal = await storeProposal(deps);
    await payByHand(proposal.id, 20_000);
    expect((await checkout(proposal.token)).status).toBe(200);
    const price = (
      fake.requests[0]!.params.line_items as { price_data: { unit_amount: string } }[]
    )[0]!.price_data;
    expect(price.unit_amount).toBe('100000');
  });

  it('asked twice, answers the same session (one idempotency key per proposal and amount)', async () => {
    const proposal = await storeProposal(deps);
    const first = await checkout(proposal.token);
    const second = await checkout(proposal.token);
    expect(second.body).toEqual(first.body);
    expect(fake.sessions.size).toBe(1);
  });

  it('refuses an unknown link (404), before acceptance, without deposit or once paid (409)', async () => {
    const unknown = await checkout('x'.repeat(43));
    expect(unknown.status).toBe(404);
    const sent = await storeProposal(deps, { status: 'sent' });
    expect((await checkout(sent.token)).body).toEqual({
      success: false,
      message: CHECKOUT_MESSAGES.notAccepted,
    });
    const noDeposit = await storeProposal(deps, { deposit: null });
    expect(await checkout(noDeposit.token)).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.noDeposit },
    });
    const paid = await storeProposal(deps);
    await payByHand(paid.id, paid.depositAmount);
    expect(await checkout(paid.token)).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.paid },
    });
    expect(fake.requests).toEqual([]);
  });

  it('without Stripe set up answers 409 saying so', async () => {
    const off = await createTestApp();
    const proposal = await storeProposal(off.deps);
    const answer = await rest(off.app, 'POST', `/api/p/${proposal.token}/checkout`);
    expect(answer).toMatchObject({
      status: 409,
      body: { success: false, message: CHECKOUT_MESSAGES.notSetUp },
    });
  });

  it('answers 503 with Retry-After when Stripe fails, and logs no secret', async () => {
    const proposal = await storeProposal(deps);
    // The package tries once more after a 500.
    fake.failNext(500, 2);
    const answer = await checkout(proposal.token);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toEqual({ success: false, message: CHECKOUT_MESSAGES.stripeFailed });
    expect(JSON.stringify(deps.logger.lines)).not.toContain(TEST_SECRET_KEY);
  });

  it('12 requests at once from one address: 10 reach Stripe, 2 are 429', async () => {
    const proposals = await Promise.all(Array.from({ length: 12 }, () => storeProposal(deps)));
    const answers = await Promise.all(proposals.map((p) => checkout(p.token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(fake.requests).toHaveLength(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address still gets its own 10.
    const other = await storeProposal(deps);
    expect((await checkout(other.token, { ip: '198.51.100.99' })).status).toBe(200);
  });

  it('reaches the Stripe that STRIPE_API_BASE names, as the environment gives it', async () => {
    const stripe = parseStripe({
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_from_the_environment_0123',
      STRIPE_API_BASE: fake.url,
    });
    const fromEnv = await createTestApp({ config: testConfig({ stripe }) });
    const proposal = await storeProposal(fromEnv.deps);
    const answer = await rest(fromEnv.app, 'POST', `/api/p/${proposal.token}/checkout`);
    expect(answer.status).toBe(200);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
  });

  it('is the tRPC procedure proposals.checkout too', async () => {
    const proposal = await storeProposal(deps);
    const { caller } = callerFor(deps);
    const { url } = await caller.proposals.checkout({ token: proposal.token });
    expect(url).toBe([...fake.sessions.values()][0]!.url);
  });
});

describe('POST /p/:token/checkout (the form, without JavaScript)', () => {
  const post = (token: string, headers: Record<string, string> = {}) =>
    app.request(`/p/${token}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'amount=1',
    });

  it("answers 303 to Stripe's Checkout page", async () => {
    const proposal = await storeProposal(deps);
    const response = await post(proposal.token, {
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe([...fake.sessions.values()][0]!.url);
    const price = (
      fake.requests[0]!.params.line_items as { price_data: { unit_amount: string } }[]
    )[0]!.price_data;
    expect(price.unit_amount).toBe('120000');
  });

  it('refuses a post from another site (403) and shows a refusal with the way back', async () => {
    const proposal = await storeProposal(deps);
    const cross = await post(proposal.token, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const sent = await storeProposal(deps, { status: 'sent' });
    const refused = await post(sent.token);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain(CHECKOUT_MESSAGES.notAccepted);
    expect(html).toContain(`href="/p/${sent.token}"`);
    expect(fake.requests).toEqual([]);
  });
});

describe('unknown links at checkout', () => {
  const form = (token: string, ip: string) =>
    app.request(`/p/${token}/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
      },
    });

  it("are counted as the other links' misses: past 30 from one address, every link is 429", async () => {
    const proposal = await storeProposal(deps);
    const ip = '198.51.100.77';
    // Half through the API (well-formed and not), half through the plain form.
    for (let i = 0; i < LINK_MISSES.limit; i++) {
      const token = i % 3 === 0 ? 'short' : `${'u'.repeat(40)}${String(i).padStart(3, '0')}`;
      const status =
        i % 2 ? (await checkout(token, { ip })).status : (await form(token, ip)).status;
      expect(status).toBe(404);
    }
    expect(await checkout(proposal.token, { ip })).toMatchObject({
      status: 429,
      body: { message: expect.stringContaining(TOO_MANY_LINKS) as string },
    });
    expect((await form(proposal.token, ip)).status).toBe(429);
    // The client's page shares the count.
    expect((await rest(app, 'GET', `/api/p/${proposal.token}`, { ip })).status).toBe(429);
    // Another address is not held.
    expect((await checkout(proposal.token, { ip: '198.51.100.78' })).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });
});
