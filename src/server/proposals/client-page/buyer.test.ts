/**
 * The client's invoicing details on their proposal's page (docs/invoices.md, "The buyer"):
 * asked once accepted while invoicing is on, saved on the lead as its buyer by the plain form
 * (303 and a notice) or the API, refused by field with what was typed kept, and refused
 * before acceptance.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '#db/schema';
import { BUYER_TEXTS } from '#shared/proposal-page/buyer-form';
import { storeProposal } from '#tests/support/accepted-proposal';
import { SELLER_PROFILE } from '#tests/support/invoices';
import { rest } from '#tests/support/rest';
import { adminCaller, createTestApp } from '#tests/support/app';
import { BUYER_MESSAGES } from './buyer';

const details = {
  name: 'Łódź Analytics Sp. z o.o.',
  address1: 'ul. Piotrkowska 1',
  address2: '',
  address3: '',
  postcode: '90-001',
  city: 'Łódź',
  country: 'pl',
  vatId: '',
  reference: 'PO-77',
  email: 'invoices@lodz.example',
};

async function page(options: { invoicing?: boolean } = {}) {
  const { app, deps } = await createTestApp();
  if (options.invoicing ?? true)
    await (await adminCaller(deps)).invoices.saveSettings(SELLER_PROFILE);
  const proposal = await storeProposal(deps);
  const post = (fields: Record<string, string>) =>
    app.request(`/p/${proposal.token}/buyer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams(fields).toString(),
    });
  const buyerOf = async () =>
    (
      await deps.db
        .select({ buyer: leads.buyer })
        .from(leads)
        .where(eq(leads.id, proposal.leadId))
        .get()
    )?.buyer;
  return { app, deps, proposal, post, buyerOf };
}

describe('the client’s invoicing details', () => {
  it('are asked once accepted, saved by the plain form, and shown again', async () => {
    const { app, proposal, post, buyerOf } = await page();
    expect(await (await app.request(`/p/${proposal.token}`)).text()).toContain(BUYER_TEXTS.heading);
    const saved = await post(details);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/p/${proposal.token}?done=buyer`);
    expect(JSON.parse((await buyerOf()) ?? 'null')).toEqual({
      name: details.name,
      addressLines: [details.address1],
      postcode: details.postcode,
      city: details.city,
      country: 'PL',
      vatId: null,
      reference: 'PO-77',
      email: 'invoices@lodz.example',
    });
    const again = await (await app.request(`/p/${proposal.token}?done=buyer`)).text();
    expect(again).toContain(BUYER_TEXTS.saved);
    expect(again).toContain('value="Łódź Analytics Sp. z o.o."');
  });

  it('refuses a field with what was typed kept, and nothing is saved', async () => {
    const { post, buyerOf } = await page();
    const refused = await post({ ...details, vatId: 'PL123' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/id="buyer-vatId"[^>]*value="PL123"[^>]*aria-invalid="true"/);
    expect(html).toContain('id="buyer-vatId-error"');
    expect(await buyerOf()).toBeNull();
  });

  it('through the API too, and never before acceptance; not asked while invoicing is off', async () => {
    const { app, deps, proposal } = await page();
    const answer = await rest(app, 'POST', `/api/p/${proposal.token}/buyer`, {
      json: {
        name: 'Acme',
        addressLines: ['1 Main St'],
        postcode: '',
        city: 'Dublin',
        country: 'IE',
      },
    });
    expect(answer).toMatchObject({ status: 200, body: { proposal: { buyer: { name: 'Acme' } } } });
    const sent = await storeProposal(deps, { status: 'sent' });
    const early = await rest(app, 'POST', `/api/p/${sent.token}/buyer`, {
      json: {
        name: 'Acme',
        addressLines: ['1 Main St'],
        postcode: '',
        city: 'Dublin',
        country: 'IE',
      },
    });
    expect(early).toMatchObject({ status: 409, body: { message: BUYER_MESSAGES.notAccepted } });
    const off = await page({ invoicing: false });
    expect(await (await off.app.request(`/p/${off.proposal.token}`)).text()).not.toContain(
      BUYER_TEXTS.heading,
    );
  });
});
