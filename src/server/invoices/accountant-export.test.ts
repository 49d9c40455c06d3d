/**
 * The accountant's files through app.request() (docs/invoices.md, "Handing the files to your
 * accountant"): GET /api/invoices/export.csv has a row per issued document of the period with
 * its figures per tax group (a credit note's negative; a final invoice's deposits' tax as its
 * prepaid tax), and export.zip each one's PDF and XML, the same bytes as GET
 * /api/invoices/:id/pdf; a document issued outside the period is in neither; each download is
 * audited; signed out, 401.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { unzipSync } from 'fflate';
import { desc, eq } from 'drizzle-orm';
import { auditEvents } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { DOMESTIC_BUYER, EU_BUYER, invoicing, ITEMS } from '#tests/support/invoicing';
import { UNAUTHORIZED } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { storeProposal } from '#tests/support/accepted-proposal';

let deps: TestDeps;
let app: App;
let cookie: string;
const ids: Record<string, number> = {};

const get = (path: string, withCookie = true) =>
  app.request(path, { headers: withCookie ? { cookie } : {} });

beforeAll(async () => {
  deps = await createTestDeps();
  const env = await invoicing({ deps });
  app = createApp(deps);
  // Issued in December: outside January's files.
  deps.clock.set(new Date('2025-12-20T10:00:00Z'));
  ids.outside = (await env.admin.invoices.issue({ id: await env.draft() })).invoice.id;
  deps.clock.set(new Date('2026-01-15T10:00:00Z'));
  cookie = await signedInCookie(deps);
  ids.standard = (await env.admin.invoices.issue({ id: await env.draft() })).invoice.id;
  const [other] = await storeLeads(deps, 1, { email: 'zoe@lodz.example' });
  await env.admin.leads.update({ id: other!.lead.id, data: { buyer: EU_BUYER } });
  const { invoice: reverse } = await env.admin.invoices.create({
    leadId: other!.lead.id,
    items: [{ ...ITEMS[0], category: 'AE', rate: 0 }],
  });
  ids.reverse = (await env.admin.invoices.issue({ id: reverse.id })).invoice.id;
  const credited = await env.admin.invoices.credit({
    id: ids.standard,
    lines: [{ line: 1, quantity: 2.5 }],
    reason: 'Two and a half hours were not worked.',
  });
  ids.credit = credited.creditNote.id;
  await env.admin.invoices.recordPayment({
    id: ids.standard,
    amount: 100_000,
    paidAt: '2026-01-15',
  });
  // A draft is no document yet.
  await env.draft();
}, 60_000);

/** The CSV's rows by their header, its byte order mark left out. */
const parsed = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;

async function csvRows(path: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  return { response, rows: parsed(await response.text()) };
}

describe('GET /api/invoices/export.csv', () => {
  it("has a row per issued document of the period, each tax group's net and tax in columns", async () => {
    const { response, rows } = await csvRows(
      '/api/invoices/export.csv?from=2026-01-01&to=2026-01-31',
    );
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="invoices-2026-01-01-to-2026-01-31.csv"',
    );
    expect(Object.keys(rows[0]!)).toEqual([
      'number',
      'kind',
      'role',
      'issue date',
      'supply date or period',
      'due date',
      'buyer name',
      'buyer country',
      'buyer VAT ID',
      'currency',
      'net S 19%',
      'tax S 19%',
      'net AE 0%',
      'tax AE 0%',
      'gross',
      'prepaid',
      'prepaid tax',
      'paid',
      'credited',
    ]);
    const figures = rows.map((row) => [
      row.number,
      row.kind,
      row['buyer country'],
      row['buyer VAT ID'],
      row['net S 19%'],
      row['tax S 19%'],
      row['net AE 0%'],
      row['tax AE 0%'],
      row.gross,
      row.paid,
      row.credited,
    ]);
    expect(figures).toEqual([
      [
        'INV-2026-0001',
        'invoice',
        'DE',
        DOMESTIC_BUYER.vatId,
        '5475.00',
        '1040.25',
        '',
        '',
        '6515.25',
        '1000.00',
        '446.25',
      ],
      [
        'INV-2026-0002',
        'invoice',
        'PL',
        EU_BUYER.vatId,
        '',
        '',
        '3600.00',
        '0.00',
        '3600.00',
        '0.00',
        '0.00',
      ],
      [
        'CN-2026-0001',
        'credit_note',
        'DE',
        DOMESTIC_BUYER.vatId,
        '-375.00',
        '-71.25',
        '',
        '',
        '-446.25',
        '0.00',
        '0.00',
      ],
    ]);
    expect(rows[0]).toMatchObject({ 'issue date': '2026-01-15', 'due date': '2026-01-29' });
  });

  it('without days covers the current month in the site zone, and is audited with its period', async () => {
    const { rows } = await csvRows('/api/invoices/export.csv');
    expect(rows.map((row) => row.number)).toEqual([
      'INV-2026-0001',
      'INV-2026-0002',
      'CN-2026-0001',
    ]);
    const december = await csvRows('/api/invoices/export.csv?from=2025-12-01&to=2025-12-31');
    expect(december.rows.map((row) => row.number)).toEqual(['INV-2025-0001']);
    const entry = await deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'export_downloaded'))
      .orderBy(desc(auditEvents.id))
      .all();
    expect(entry.map((e) => e.target).slice(0, 2)).toEqual([
      'invoices.csv from=2025-12-01 to=2025-12-31',
      'invoices.csv from=2026-01-01 to=2026-01-31',
    ]);
  });

  it('refuses a period that ends before it starts (400 on to)', async () => {
    const response = await get('/api/invoices/export.csv?from=2026-01-31&to=2026-01-01');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ path: 'to' }] });
  });
});

describe('a deposit invoice and its final invoice', () => {
  it("show the deposit's tax again as the final invoice's prepaid tax", async () => {
    // Its own app: €4,000.00 at 19 %, a 30 % deposit of €1,428.00 (€228.00 of it VAT).
    const own = await createTestDeps();
    const env = await invoicing({ deps: own });
    const items = [
      {
        description: 'Workshop',
        quantity: 2,
        unitAmount: 200_000,
        category: 'S' as const,
        rate: 19,
      },
    ];
    const proposal = await storeProposal(own, { leadId: env.leadId, items });
    await env.admin.proposals.recordPayment({
      id: proposal.id,
      amount: 142_800,
      paidAt: '2026-01-14',
    });
    const final = await env.admin.invoices.finalDraft({ id: proposal.id });
    await env.admin.invoices.issue({ id: final.invoice.id });
    const response = await createApp(own).request('/api/invoices/export.csv', {
      headers: { cookie: await signedInCookie(own) },
    });
    expect(
      parsed(await response.text()).map((row) => [
        row.role,
        row['net S 19%'],
        row['tax S 19%'],
        row.gross,
        row.prepaid,
        row['prepaid tax'],
        row.paid,
      ]),
    ).toEqual([
      ['deposit', '1200.00', '228.00', '1428.00', '0.00', '0.00', '1428.00'],
      ['final', '4000.00', '760.00', '4760.00', '1428.00', '228.00', '0.00'],
    ]);
  });
});

describe('GET /api/invoices/export.zip', () => {
  it("holds each document's PDF and XML, the same bytes as its own download", async () => {
    const response = await get('/api/invoices/export.zip?from=2026-01-01&to=2026-01-31');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'CN-2026-0001.pdf',
      'CN-2026-0001.xml',
      'INV-2026-0001.pdf',
      'INV-2026-0001.xml',
      'INV-2026-0002.pdf',
      'INV-2026-0002.xml',
    ]);
    const pdf = new Uint8Array(await (await get(`/api/invoices/${ids.reverse}/pdf`)).arrayBuffer());
    expect(Buffer.from(files['INV-2026-0002.pdf']!).equals(Buffer.from(pdf))).toBe(true);
    const xml = await (await get(`/api/invoices/${ids.credit}/xml`)).text();
    expect(new TextDecoder().decode(files['CN-2026-0001.xml'])).toBe(xml);
  });
});

describe('signed out', () => {
  it('both answer 401', async () => {
    for (const path of ['/api/invoices/export.csv', '/api/invoices/export.zip']) {
      const response = await get(path, false);
      expect([response.status, await response.json()]).toEqual([401, UNAUTHORIZED]);
    }
  });
});
