/**
 * The buyer on the lead (docs/invoices.md, "The buyer"): PATCH /api/leads/:id `{ buyer }`,
 * checked by the invoices' own schema (a VAT ID of its country, kept compact), answered on the
 * lead (null until given), cleared by null; a refusal changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES as M } from '#shared/invoices/messages';
import {
  createTestDeps,
  signedInCookie,
  adminCaller,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { EU_BUYER } from '#tests/support/invoicing';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { issuesOf } from '#tests/support/trpc-errors';
import { createApp } from '#server/app/app';

let deps: TestDeps;
let admin: Caller;
let leadId: number;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
  const [stored] = await storeLeads(deps, 1, { name: 'Zoë', email: 'zoe@lodz.example' });
  leadId = stored!.lead.id;
});

describe("the lead's buyer", () => {
  it('is null until given, then kept compact beside the other fields, and cleared by null', async () => {
    const before = (await admin.leads.get({ id: leadId })).lead;
    expect(before.buyer).toBeNull();
    const lead = await admin.leads.update({
      id: leadId,
      data: { buyer: { ...EU_BUYER, vatId: 'pl 526-025-02-74', reference: undefined } },
    });
    expect(lead.buyer).toEqual({ ...EU_BUYER, vatId: 'PL5260250274', reference: null });
    // Nothing else of the lead changed.
    expect({ ...lead, buyer: null }).toEqual(before);
    expect((await admin.leads.list({})).leads[0]?.buyer?.name).toBe(EU_BUYER.name);
    expect((await admin.leads.update({ id: leadId, data: { buyer: null } })).buyer).toBeNull();
  });

  it('refuses a VAT ID of another country, a missing name or city, and changes nothing', async () => {
    await admin.leads.update({ id: leadId, data: { buyer: EU_BUYER } });
    const refused = await issuesOf(
      admin.leads.update({
        id: leadId,
        data: { buyer: { ...EU_BUYER, vatId: 'DE136695976', name: ' ', city: '', country: 'XX' } },
      }),
    );
    expect(refused).toEqual([
      { path: 'data.buyer.name', message: M.nameRequired },
      { path: 'data.buyer.city', message: M.cityRequired },
      { path: 'data.buyer.country', message: M.country },
    ]);
    const wrongCountry = await issuesOf(
      admin.leads.update({ id: leadId, data: { buyer: { ...EU_BUYER, vatId: 'DE136695976' } } }),
    );
    expect(wrongCountry).toEqual([{ path: 'data.buyer.vatId', message: M.vatIdFormat }]);
    expect((await admin.leads.get({ id: leadId })).lead.buyer).toEqual(EU_BUYER);
  });

  it('through PATCH /api/leads/:id: 200 with the lead, 400 naming `buyer.vatId` as sent', async () => {
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const path = `/api/leads/${leadId}`;
    const ok = await rest(app, 'PATCH', path, { cookie, json: { buyer: EU_BUYER } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, lead: { id: leadId, buyer: EU_BUYER } });
    const bad = await rest(app, 'PATCH', path, {
      cookie,
      json: { buyer: { ...EU_BUYER, vatId: 'PL5260250275' } },
    });
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        message: M.vatIdFormat,
        issues: [{ path: 'buyer.vatId', message: M.vatIdFormat }],
      },
    ]);
  });
});
