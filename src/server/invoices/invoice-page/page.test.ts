/**
 * Sending an issued invoice and the client's page `/i/<token>` (docs/invoices.md, "Sending",
 * "The client's page"): the mail carries the PDF and the link; the page and GET /api/i/:token
 * show what is owed with no script; the files are the admin's own bytes; "Pay by card" asks
 * Stripe for what is still owed, read from the store; the signed event records the payment
 * once; a refund of it in Stripe is credited on the invoice; a newer mail ends the older link;
 * an unknown link is 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailsSettled } from '#server/platform/mail';
import { createTestApp, testConfig, type RecordingMailer } from '#tests/support/app';
import { stripeUnmatched } from '#db/schema';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  deliverWebhook,
  startFakeStripe,
  stripeConfigFor,
  type FakeStripe,
} from '#tests/support/fake-stripe';
import { invoicing } from '#tests/support/invoicing';
import { rest } from '#tests/support/rest';

const OWNER = 'owner@harbor.example';
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** An invoice of the sample items (5,475.00 at 19 %: 6,515.25), issued and sent. */
async function sent() {
  const { app, deps } = await createTestApp({
    config: testConfig({ stripe: stripeConfigFor(fake), contactNotifyTo: OWNER }),
  });
  const set = await invoicing({ deps });
  const id = await set.draft();
  const { invoice } = await set.admin.invoices.issue({ id, send: true });
  await mailsSettled(deps.mailer);
  const mails = () => (deps.mailer as RecordingMailer).sent;
  const tokenOf = (text: string) => /\/i\/([\w-]+)/.exec(text)?.[1] ?? '';
  const mail = mails().find((m) => m.subject === `Invoice ${invoice.number ?? ''}`);
  const get = (path: string) => app.request(path);
  const post = (path: string) =>
    app.request(path, {
      method: 'POST',
      headers: {
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
  return {
    ...set,
    app,
    deps,
    invoice,
    mail,
    mails,
    token: tokenOf(mail?.text ?? ''),
    tokenOf,
    get,
    post,
  };
}

describe('the client’s invoice page', () => {
  it('is mailed with the PDF and its link, and shows what is owed with no script', async () => {
    const { app, admin, invoice, mail, token, get } = await sent();
    expect(mail?.to).toBe('ada@client.example');
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(['INV-2026-0001.pdf']);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await admin.invoices.get({ id: invoice.id })).invoice.sentAt).not.toBeNull();

    const page = await get(`/i/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Invoice INV-2026-0001');
    expect(text).toContain('Still to pay €6,515.25');
    expect(text).toContain('Pay by card');
    expect(text).toContain(`IBAN ${invoice.seller?.iban ?? ''}`);

    const api = await rest(app, 'GET', `/api/i/${token}`);
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({
      success: true,
      invoice: { number: 'INV-2026-0001', balance: { outstanding: 651_525 }, payByCard: true },
    });
    expect(JSON.stringify(api.body)).not.toMatch(/"id"|leadId/);

    for (const extension of ['pdf', 'xml'] as const) {
      const mine = await (
        await (await admin.invoices[extension]({ id: invoice.id })).open()
      ).arrayBuffer();
      const theirs = await (await get(`/i/${token}/${extension}`)).arrayBuffer();
      expect(Buffer.from(theirs).equals(Buffer.from(mine))).toBe(true);
    }
    expect((await get('/i/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('ends the older link when the invoice is sent again', async () => {
    const { admin, invoice, token, mails, tokenOf, get, deps, draft } = await sent();
    await admin.invoices.send({ id: invoice.id });
    await mailsSettled(deps.mailer);
    const again = mails().filter((m) => m.subject === 'Invoice INV-2026-0001');
    expect(again).toHaveLength(2);
    const newer = tokenOf(again[1]?.text ?? '');
    expect(newer).not.toBe(token);
    expect((await get(`/i/${token}`)).status).toBe(404);
    expect((await get(`/i/${newer}`)).status).toBe(200);
    // A draft is never sent.
    await expect(admin.invoices.send({ id: await draft() })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('is paid by card for what is still owed, once, through the signed event, and the owner told', async () => {
    const { app, admin, invoice, token, deps, get, post, mails } = await sent();
    await admin.invoices.recordPayment({ id: invoice.id, amount: 151_525, paidAt: '2026-01-14' });
    const started = await post(`/i/${token}/checkout`);
    expect(started.status).toBe(303);
    const [session] = [...fake.sessions.values()];
    expect(started.headers.get('location')).toBe(session?.url);
    expect(fake.requests[0]?.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: '500000', currency: 'eur' } }],
      success_url: 'http://localhost/i/checkout/{CHECKOUT_SESSION_ID}',
    });
    expect(JSON.stringify(fake.requests)).not.toContain(token);

    const event = checkoutCompletedEvent({
      id: String(session?.id),
      proposalId: 0,
      number: 'INV-2026-0001',
      amountTotal: 500_000,
      currency: 'eur',
      paymentIntent: 'pi_invoice_1',
    });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => deliverWebhook(app, event, { at: deps.clock.now() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const { invoice: paid } = await admin.invoices.get({ id: invoice.id });
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      balance: { paid: 651_525, outstanding: 0 },
    });
    expect(paid.payments).toHaveLength(2);
    await mailsSettled(deps.mailer);
    const notices = mails().filter((m) => m.to === OWNER);
    expect(notices.map((m) => m.subject)).toEqual([
      `Invoice paid: €5,000.00 from ${invoice.buyer?.name ?? ''}`,
    ]);
    expect(notices[0]?.text).toContain('Invoice INV-2026-0001, paid by card (Stripe)');
    expect(notices[0]?.text).toContain('It is now paid in full.');
    expect(notices[0]?.text).toContain(`http://localhost/admin/invoices/${invoice.id}`);
    const text = (await (await get(`/i/${token}`)).text()).replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Paid in full. Thank you.');
    expect(text).not.toContain('Pay by card');
    // Nothing owed: no second session.
    const refused = await post(`/i/${token}/checkout`);
    expect(refused.status).toBe(409);
    expect(fake.requests).toHaveLength(1);
  });

  it('is credited for a card payment refunded in Stripe, each total once, never as unmatched', async () => {
    const { app, admin, invoice, token, deps, post, mails } = await sent();
    await post(`/i/${token}/checkout`);
    const [session] = [...fake.sessions.values()];
    const deliver = (event: object) => deliverWebhook(app, event, { at: deps.clock.now() });
    await deliver(
      checkoutCompletedEvent({
        id: String(session?.id),
        proposalId: 0,
        number: 'INV-2026-0001',
        amountTotal: 651_525,
        currency: 'eur',
        paymentIntent: 'pi_invoice_refunded',
      }),
    );
    const charge = { paymentIntent: 'pi_invoice_refunded', amount: 651_525, currency: 'eur' };
    const part = chargeRefundedEvent({ ...charge, amountRefunded: 119_000 });
    expect((await Promise.all([deliver(part), deliver(part)])).map((a) => a.status)).toEqual([
      200, 200,
    ]);
    const documents = async () =>
      (await admin.invoices.list({ leadId: invoice.leadId ?? 0 })).invoices;
    const [note, partly] = await documents();
    expect(note).toMatchObject({
      kind: 'credit_note',
      credits: { number: 'INV-2026-0001' },
      totals: expect.objectContaining({ gross: 119_000 }),
    });
    expect(partly).toMatchObject({
      paymentStatus: 'paid',
      balance: { paid: 532_525, credited: 119_000, outstanding: 0 },
    });
    // An older total told again later adds nothing; the whole refund credits the rest.
    await deliver(chargeRefundedEvent({ ...charge, amountRefunded: 119_000 }));
    await deliver(chargeRefundedEvent({ ...charge, amountRefunded: 651_525 }));
    const [rest, , whole] = await documents();
    expect(rest?.totals.gross).toBe(532_525);
    expect(whole).toMatchObject({
      paymentStatus: 'credited',
      balance: { paid: 0, credited: 651_525, outstanding: 0 },
    });
    expect(await deps.db.select().from(stripeUnmatched).all()).toEqual([]);
    await mailsSettled(deps.mailer);
    expect(
      mails()
        .filter((m) => m.to === OWNER && m.subject.startsWith('Invoice refunded'))
        .map((m) => m.subject),
    ).toEqual([
      `Invoice refunded: €1,190.00 to ${invoice.buyer?.name ?? ''}`,
      `Invoice refunded: €5,325.25 to ${invoice.buyer?.name ?? ''}`,
    ]);
    const toClient = mails().filter((m) => m.subject.startsWith('Credit note'));
    expect(toClient.map((m) => m.to)).toEqual(['ada@client.example', 'ada@client.example']);
    expect(toClient[0]?.text).toContain(
      'We refunded €1,190.00 of your payment of invoice INV-2026-0001.',
    );
  });
});
