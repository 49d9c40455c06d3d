/**
 * An issued document's files through GET /api/invoices/:id/pdf|xml (docs/invoices.md, "The
 * document"): made from the stored record, the same bytes each time; the XML of a standard
 * invoice, a reverse-charge one and a credit note passes the EN 16931 check (one Java start);
 * and the API's answer, the XML and the PDF's text carry the same figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/money';
import type { Invoice } from '#shared/shapes/invoices';
import { createApp, type App } from '#server/app/app';
import { createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { checkCii, type CiiVerdict } from '#tests/support/einvoice';
import { EU_BUYER, invoicing, ITEMS, type Invoicing } from '#tests/support/invoicing';
import { pdfLayoutText } from '#tests/support/pdf-parts';
import { pdfText } from '#tests/support/pdf-text';
import { storeLeads } from '#tests/support/stored-leads';
import { decimalAmount } from './cii-xml';

let env: Invoicing;
let deps: TestDeps;
let app: App;
let cookie: string;
const issued: Record<string, Invoice> = {};
const xml: Record<string, string> = {};
let verdicts: Record<string, CiiVerdict>;

const get = (path: string) => app.request(path, { headers: { cookie } });

beforeAll(async () => {
  deps = await createTestDeps();
  env = await invoicing({ deps });
  app = createApp(deps);
  cookie = await signedInCookie(deps);
  const standard = await env.draft({
    items: [
      ...ITEMS,
      { ...ITEMS[0], description: 'Returning-client discount', quantity: 1, unitAmount: -50_000 },
    ],
    supplyPeriod: { from: '2026-01-05', to: '2026-01-14' },
  });
  issued.standard = (await env.admin.invoices.issue({ id: standard })).invoice;
  const [other] = await storeLeads(deps, 1, { email: 'zoe@lodz.example' });
  await env.admin.leads.update({ id: other!.lead.id, data: { buyer: EU_BUYER } });
  const { invoice: draft } = await env.admin.invoices.create({
    leadId: other!.lead.id,
    items: [{ ...ITEMS[0], category: 'AE', rate: 0 }],
  });
  issued.reverse = (await env.admin.invoices.issue({ id: draft.id })).invoice;
  issued.credit = (
    await env.admin.invoices.credit({
      id: standard,
      lines: [{ line: 1, quantity: 2.5 }],
      reason: 'Two and a half hours were not worked.',
    })
  ).creditNote;
  for (const [name, invoice] of Object.entries(issued)) {
    xml[name] = await (await get(`/api/invoices/${invoice.id}/xml`)).text();
  }
  verdicts = await checkCii(xml);
}, 60_000);

describe('the files of an issued document', () => {
  it('pass the EN 16931 check: the D16B schema and the CEN rules, no failed assertion', () => {
    expect(Object.keys(verdicts)).toEqual(['standard', 'reverse', 'credit']);
    for (const [name, verdict] of Object.entries(verdicts)) {
      expect({ name, ...verdict }).toEqual({ name, schemaErrors: [], failedRules: [] });
    }
    // The credit note names the invoice it corrects: its number and issue date (BT-25, BT-26).
    expect(xml.credit).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>INV-2026-0001<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260115</,
    );
    expect(xml.credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('are answered inline, never cached, named by the number, the same bytes each time', async () => {
    const pdf = await get(`/api/invoices/${issued.standard!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="INV-2026-0001.pdf"');
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    const first = Buffer.from(await pdf.arrayBuffer());
    // A year and a half later (a new session: the old one ended), the same file.
    deps.clock.set(new Date('2027-06-01T10:00:00Z'));
    cookie = await signedInCookie(deps);
    const again = Buffer.from(
      await (await get(`/api/invoices/${issued.standard!.id}/pdf`)).arrayBuffer(),
    );
    expect(again.equals(first)).toBe(true);
    const xmlAgain = await get(`/api/invoices/${issued.standard!.id}/xml`);
    expect(xmlAgain.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await xmlAgain.text()).toBe(xml.standard);
  });

  it('carry the figures of the API answer: the XML and the PDF text alike', async () => {
    for (const [name, invoice] of Object.entries(issued)) {
      const money = (minor: number) => formatMoney(minor, invoice.currency);
      const decimal = (minor: number) => decimalAmount(minor, invoice.currency);
      const value = (tag: string) =>
        [...xml[name]!.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]);
      const { totals } = invoice;
      expect({ name, gross: value('ram:GrandTotalAmount') }).toEqual({
        name,
        gross: [decimal(totals.gross)],
      });
      expect(value('ram:TaxBasisTotalAmount')).toEqual([decimal(totals.net)]);
      expect(value('ram:TaxTotalAmount')).toEqual([decimal(totals.tax)]);
      expect(value('ram:DuePayableAmount')).toEqual([decimal(totals.due)]);
      expect(value('ram:BasisAmount')).toEqual(totals.groups.map((g) => decimal(g.base)));
      expect(value('ram:CalculatedAmount')).toEqual(totals.groups.map((g) => decimal(g.tax)));
      expect(value('ram:LineTotalAmount').slice(0, -1)).toEqual(
        invoice.items.map((item) => decimal(item.net)),
      );
      const pdf = new Uint8Array(
        await (await get(`/api/invoices/${invoice.id}/pdf`)).arrayBuffer(),
      );
      const rows = (await pdfLayoutText(pdf)).replace(/\s+/g, ' ');
      const text = (await pdfText(pdf)).join(' ').replace(/\s+/g, ' ');
      expect(text).toContain(`Number: ${invoice.number}`);
      expect(rows).toContain(`Net total ${money(totals.net)}`);
      expect(rows).toContain(`Total VAT ${money(totals.tax)}`);
      expect(rows).toContain(`Total ${money(totals.gross)}`);
      expect(rows).toContain(`Amount due ${money(totals.due)}`);
      for (const group of totals.groups) {
        expect(text).toContain(`base ${money(group.base)}, VAT ${money(group.tax)}`);
      }
      for (const item of invoice.items) expect(rows).toContain(` ${money(item.net)} `);
    }
  });

  it('a draft has none yet: 409', async () => {
    const draft = await env.draft();
    const answer = await get(`/api/invoices/${draft}/pdf`);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      success: false,
      message: 'A draft has no PDF or XML yet: issue it first',
    });
  });
});
