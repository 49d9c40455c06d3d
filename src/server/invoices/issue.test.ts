/**
 * Issuing (docs/invoices.md, "Issuing"): the next number of the series for the issue year in
 * the site's zone, the parties frozen, the document hash, the audit entry; a repeated issue
 * answers the same number; what is missing (409) or wrong (400) issues nothing and takes no
 * number; the first issue of a new year in the site's zone starts at 0001.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoiceNumbers } from '#db/schema';
import { INVOICE_MESSAGES as M } from '#shared/invoices/messages';
import type { Invoice } from '#shared/shapes/invoices';
import { createTestDeps, testConfig } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { domesticBuyer, seller } from '#tests/support/invoices';
import { DOMESTIC_BUYER, invoicing, ITEMS, SELLER_PROFILE } from '#tests/support/invoicing';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { INCOMPLETE_MESSAGES } from './refusals';

/** The test's own canonical JSON: keys sorted at every level, as docs/invoices.md says. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What was issued, rebuilt from the API's answer alone. */
function issuedDocument(invoice: Invoice) {
  const { name, addressLines, postcode, city, country, vatId, reference } = invoice.buyer!;
  const buyer = { name, addressLines, postcode, city, country, vatId, reference };
  return {
    kind: invoice.kind,
    role: invoice.role,
    number: invoice.number,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    supplyDate: invoice.supplyDate,
    supplyPeriod: invoice.supplyPeriod,
    items: invoice.items.map(({ net: _net, ...item }) => item),
    exemptionText: invoice.exemptionText,
    paymentTerms: invoice.paymentTerms,
    seller: invoice.seller,
    buyer,
    prepaid: invoice.totals.prepaid,
    credits: null,
    deposits: [],
    note: invoice.note,
  };
}

describe('issuing', () => {
  it('numbers it, freezes both parties, records its hash and audits, in one write', async () => {
    const { admin, deps, draft, leadId } = await invoicing();
    const at = deps.clock.now().toISOString();
    const { invoice } = await admin.invoices.issue({ id: await draft() });
    expect(invoice).toMatchObject({
      number: 'INV-2026-0001',
      status: 'issued',
      paymentStatus: 'unpaid',
      // The test clock: Thursday 15 January 2026, 10:00 UTC; 14 days of terms.
      issueDate: '2026-01-15',
      dueDate: '2026-01-29',
      supplyDate: '2026-01-15',
      supplyPeriod: null,
      paymentTerms: 'Payment within 14 days of the invoice date.',
      issuedAt: at,
      seller: {
        name: seller.name,
        addressLines: seller.addressLines,
        vatId: 'DE136695976',
        iban: 'DE89370400440532013000',
        email: seller.email,
      },
      // The buyer gave no address of its own: the lead's.
      buyer: { name: domesticBuyer.name, vatId: 'DE811569869', email: 'ada@client.example' },
    });
    const expected = createHash('sha256')
      .update(sortedJson(issuedDocument(invoice)))
      .digest('hex');
    expect(invoice.documentHash).toBe(expected);
    const issued = (await auditEntries(deps.db)).filter((e) => e.action === 'invoice_issued');
    expect(issued.map((e) => [e.target, e.subjectKind, e.subjectId])).toEqual([
      ['INV-2026-0001', 'lead', leadId],
    ]);
  });

  it('answers the same number when issued again, and never changes after', async () => {
    const { admin, deps, draft, leadId } = await invoicing();
    const id = await draft();
    const first = (await admin.invoices.issue({ id })).invoice;
    expect((await admin.invoices.issue({ id })).invoice).toEqual(first);
    expect((await auditEntries(deps.db)).filter((e) => e.action === 'invoice_issued')).toHaveLength(
      1,
    );
    // The profile and the buyer change; the issued document does not.
    await admin.invoices.saveSettings({ ...SELLER_PROFILE, legalName: 'Renamed GmbH' });
    await admin.leads.update({
      id: leadId,
      data: { buyer: { ...DOMESTIC_BUYER, name: 'Other KG' } },
    });
    expect((await admin.invoices.get({ id })).invoice).toEqual(first);
    expect((await admin.invoices.issue({ id: await draft() })).invoice).toMatchObject({
      number: 'INV-2026-0002',
      seller: { name: 'Renamed GmbH' },
      buyer: { name: 'Other KG' },
    });
  });

  it('409 naming what the seller profile lacks, and no number is taken', async () => {
    const deps = await createTestDeps();
    const { admin, draft } = await invoicing({ deps });
    await admin.invoices.saveSettings({ ...SELLER_PROFILE, legalName: '', email: null });
    const refused = await failure(admin.invoices.issue({ id: await draft() }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', INCOMPLETE_MESSAGES.seller]);
    expect('issues' in refused && refused.issues).toEqual([
      { path: 'seller.legalName', message: INCOMPLETE_MESSAGES.field },
      { path: 'seller.email', message: INCOMPLETE_MESSAGES.field },
    ]);
    expect(await deps.db.select().from(invoiceNumbers).all()).toEqual([]);
  });

  it('409 naming what the buyer lacks, then issues once the lead has one', async () => {
    const { admin, draft, leadId } = await invoicing({ leadBuyer: null });
    const id = await draft();
    const refused = await failure(admin.invoices.issue({ id }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', INCOMPLETE_MESSAGES.buyer]);
    expect('issues' in refused && refused.issues).toEqual(
      ['name', 'addressLines', 'city', 'country'].map((field) => ({
        path: `buyer.${field}`,
        message: INCOMPLETE_MESSAGES.field,
      })),
    );
    expect((await admin.invoices.get({ id })).invoice.status).toBe('draft');
    await admin.leads.update({ id: leadId, data: { buyer: DOMESTIC_BUYER } });
    expect((await admin.invoices.issue({ id })).invoice.number).toBe('INV-2026-0001');
  });

  it('400 naming the field a tax rule finds wrong, and the next issue still gets 0001', async () => {
    const { admin, deps, draft } = await invoicing();
    const reverse = await draft({ items: [{ ...ITEMS[0], category: 'AE', rate: 0 }] });
    expect(await issuesOf(admin.invoices.issue({ id: reverse }))).toEqual([
      { path: 'buyer.vatId', message: M.reverseChargeSameCountry },
    ]);
    const exempt = await draft({ items: [{ ...ITEMS[0], category: 'E', rate: 0 }] });
    expect(await issuesOf(admin.invoices.issue({ id: exempt }))).toEqual([
      { path: 'exemptionText', message: M.exemptionTextNeeded },
    ]);
    const due = await draft({ dueDate: '2026-01-20' });
    deps.clock.set(new Date('2026-01-21T08:00:00Z'));
    expect(await issuesOf(admin.invoices.issue({ id: due }))).toEqual([
      { path: 'dueDate', message: M.dueBeforeIssue },
    ]);
    const empty = await draft({ items: [] });
    expect(await issuesOf(admin.invoices.issue({ id: empty }))).toEqual([
      { path: 'items', message: M.itemsMin },
    ]);
    expect((await admin.invoices.issue({ id: await draft() })).invoice.number).toBe(
      'INV-2026-0001',
    );
  });

  it('takes the year of the issue day in the site zone: 0001 again after midnight there', async () => {
    const config = testConfig({ siteTimezone: 'Pacific/Auckland' });
    const { admin, deps, draft } = await invoicing({ deps: await createTestDeps({ config }) });
    // 23:59 on 31 December in Auckland (UTC+13): still 2026 there.
    deps.clock.set(new Date('2026-12-31T10:59:00Z'));
    const late = (await admin.invoices.issue({ id: await draft() })).invoice;
    expect([late.number, late.issueDate]).toEqual(['INV-2026-0001', '2026-12-31']);
    deps.clock.set(new Date('2026-12-31T11:00:00Z'));
    const first = (await admin.invoices.issue({ id: await draft() })).invoice;
    expect([first.number, first.issueDate]).toEqual(['INV-2027-0001', '2027-01-01']);
    const note = await admin.invoices.credit({ id: first.id, reason: 'Cancelled' });
    expect(note.creditNote.number).toBe('CN-2027-0001');
    expect((await admin.invoices.issue({ id: await draft() })).invoice.number).toBe(
      'INV-2027-0002',
    );
  });
});
