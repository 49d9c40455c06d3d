/**
 * The invoices' REST paths (docs/api.md, "Invoices") through app.request(): each success's
 * status and envelope, and the statuses of their refusals (400 naming the field as sent, 404,
 * 409, the seller's or buyer's missing fields as issues). What each procedure does is proven
 * through createCaller beside this file; the files (pdf, xml) in documents.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { INVOICE_MESSAGES as M } from '#shared/invoices/messages';
import { SETTINGS_MESSAGES } from '#shared/invoices/settings';
import { createApp } from '#server/app/app';
import { createTestDeps, signedInCookie } from '#tests/support/app';
import { invoicing, ITEMS, SELLER_PROFILE } from '#tests/support/invoicing';
import { rest, type AdminRest } from '#tests/support/rest';
import { INCOMPLETE_MESSAGES } from './refusals';

let as: AdminRest;
let leadId: number;

beforeEach(async () => {
  const deps = await createTestDeps();
  ({ leadId } = await invoicing({ deps }));
  const app = createApp(deps);
  const cookie = await signedInCookie(deps);
  as = (method, path, opts = {}) => rest(app, method, path, { ...opts, cookie });
});

const invoiceBody = { success: true, invoice: expect.objectContaining({ id: expect.any(Number) }) };
const draft = async () => {
  const created = await as('POST', '/api/invoices', { json: { leadId, items: ITEMS } });
  return (created.body as { invoice: { id: number } }).invoice.id;
};
const refusal = (path: string, message: string) => ({
  success: false,
  message,
  issues: [{ path, message }],
});

describe('the seller profile', () => {
  it('GET and PUT answer 200 with the profile, whether invoicing is on, and what is missing', async () => {
    const got = await as('GET', '/api/invoices/settings');
    expect([got.status, got.body]).toEqual([
      200,
      {
        success: true,
        settings: { ...SELLER_PROFILE, iban: 'DE89370400440532013000' },
        invoicingOn: true,
        missing: [],
      },
    ]);
    const put = await as('PUT', '/api/invoices/settings', {
      json: { ...SELLER_PROFILE, email: null },
    });
    expect([put.status, put.body]).toMatchObject([200, { invoicingOn: false, missing: ['email'] }]);
    const bad = await as('PUT', '/api/invoices/settings', {
      json: { ...SELLER_PROFILE, country: 'PL' },
    });
    expect([bad.status, bad.body]).toEqual([400, refusal('vatId', M.vatIdFormat)]);
  });

  it("PUT of a prefix this year's documents used: 409 naming it", async () => {
    await as('POST', `/api/invoices/${await draft()}/issue`);
    const fixed = await as('PUT', '/api/invoices/settings', {
      json: { ...SELLER_PROFILE, invoicePrefix: 'RE' },
    });
    expect([fixed.status, fixed.body]).toEqual([
      409,
      refusal('invoicePrefix', SETTINGS_MESSAGES.prefixFixed),
    ]);
  });
});

describe('drafts', () => {
  it('POST 201, GET, PATCH and DELETE 200; the list with its filter', async () => {
    const created = await as('POST', '/api/invoices', { json: { leadId, items: ITEMS } });
    expect([created.status, created.body]).toEqual([201, invoiceBody]);
    const id = await draft();
    expect((await as('GET', `/api/invoices/${id}`)).body).toEqual(invoiceBody);
    const patched = await as('PATCH', `/api/invoices/${id}`, { json: { currency: 'gbp' } });
    expect([patched.status, patched.body]).toMatchObject([200, { invoice: { currency: 'GBP' } }]);
    expect(await as('DELETE', `/api/invoices/${id}`)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const list = await as('GET', `/api/invoices?status=draft&from=&leadId=${leadId}&page=1`);
    expect([list.status, list.body]).toEqual([
      200,
      {
        success: true,
        invoices: [expect.objectContaining({ status: 'draft' })],
        total: 1,
        page: 1,
        pageSize: 25,
      },
    ]);
  });

  it('400 naming the field as sent, 404 for an unknown one', async () => {
    const bad = await as('POST', '/api/invoices', {
      json: { leadId, items: [{ ...ITEMS[0], rate: 101 }] },
    });
    expect([bad.status, bad.body]).toEqual([400, refusal('items.0.rate', M.rate)]);
    const status = await as('GET', '/api/invoices?status=paid');
    expect([status.status, status.body]).toEqual([400, refusal('status', DRAFT_MESSAGES.status)]);
    const lead = await as('POST', '/api/invoices', { json: { leadId: 999 } });
    expect([lead.status, lead.body]).toEqual([
      404,
      { success: false, message: DRAFT_MESSAGES.leadNotFound },
    ]);
    expect((await as('GET', '/api/invoices/999')).status).toBe(404);
    expect((await as('GET', '/api/invoices/abc')).status).toBe(400);
  });
});

describe('issued documents', () => {
  it('POST issue 200, again the same; PATCH and DELETE 409; credit and payment 201', async () => {
    const id = await draft();
    const issued = await as('POST', `/api/invoices/${id}/issue`);
    expect([issued.status, issued.body]).toMatchObject([
      200,
      { success: true, invoice: { number: 'INV-2026-0001' } },
    ]);
    expect((await as('POST', `/api/invoices/${id}/issue`, { json: {} })).body).toEqual(issued.body);
    const patched = await as('PATCH', `/api/invoices/${id}`, { json: { currency: 'GBP' } });
    expect([patched.status, patched.body]).toEqual([
      409,
      { success: false, message: DRAFT_MESSAGES.notDraft },
    ]);
    expect((await as('DELETE', `/api/invoices/${id}`)).status).toBe(409);
    const credit = await as('POST', `/api/invoices/${id}/credit`, {
      json: { lines: [{ line: 0, quantity: 1 }], reason: 'One day less' },
    });
    expect([credit.status, credit.body]).toMatchObject([
      201,
      { success: true, creditNote: { number: 'CN-2026-0001' }, invoice: { id } },
    ]);
    const over = await as('POST', `/api/invoices/${id}/credit`, {
      json: { amount: 10_000_000, reason: 'x' },
    });
    expect([over.status, over.body]).toMatchObject([400, { issues: [{ path: 'amount' }] }]);
    const paid = await as('POST', `/api/invoices/${id}/payments`, {
      json: { amount: 1000, paidAt: '2026-01-16' },
    });
    expect([paid.status, paid.body]).toMatchObject([
      201,
      { success: true, payment: { amount: 1000 }, invoice: { id } },
    ]);
    const tooMuch = await as('POST', `/api/invoices/${id}/payments`, {
      json: { amount: 10_000_000, paidAt: '2026-01-16' },
    });
    expect(tooMuch.status).toBe(409);
  });

  it('409 naming what the seller lacks, each missing field an issue', async () => {
    await as('PUT', '/api/invoices/settings', { json: { ...SELLER_PROFILE, city: '' } });
    const refused = await as('POST', `/api/invoices/${await draft()}/issue`);
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        success: false,
        message: INCOMPLETE_MESSAGES.seller,
        issues: [{ path: 'seller.city', message: INCOMPLETE_MESSAGES.field }],
      },
    ]);
  });
});
