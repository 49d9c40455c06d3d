/**
 * `npm run audit -- --invoice`: a lead and an issued final invoice (a deposit deducted, a
 * balance still owed) written straight into the audited server's database, with a link token
 * chosen here (only its hash is stored, as the site stores it), so the client's page
 * `/i/<token>` can be audited like any visitor's page (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { invoiceContentInput } from '../src/shared/invoices/schemas';
import { documentHash, documentOf, issuedColumns } from '../src/server/invoices/issued-document';
import { invoiceContent } from '../tests/support/invoices';
import { withDatabase } from '../tests/e2e/support/database';

/** 43 characters of base64url, as newToken() makes them. */
export const SAMPLE_INVOICE_TOKEN = 'SampleInvoiceTokenForTheAuditOnly0123456789';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function writeSampleInvoice(dbPath: string): string {
  const now = new Date();
  const deposits = [
    { number: 'INV-2026-0001', issueDate: '2026-11-03', gross: 214_200, tax: 34_200 },
  ];
  const content = invoiceContentInput.parse(invoiceContent({ prepaid: 214_200 }));
  const columns = issuedColumns(content, {
    number: 'INV-2026-0002',
    buyerEmail: 'ada@client.example',
    now,
  });
  const row = {
    kind: 'invoice' as const,
    role: 'final' as const,
    ...columns,
    deposits: JSON.stringify(deposits),
    note: null,
    creditsInvoiceId: null,
  };
  const hash = documentHash(documentOf(row, null));
  withDatabase(dbPath, (db) => {
    const lead = db
      .prepare(
        `insert into leads (email, name, company, status, created_at, last_activity_at)
         values ('ada@client.example', 'Ada Client', 'Client Ltd', 'won', ?, ?) returning id`,
      )
      .get(now.getTime(), now.getTime()) as { id: number };
    const values: Record<string, unknown> = {
      ...row,
      leadId: lead.id,
      documentHash: hash,
      tokenHash: createHash('sha256').update(SAMPLE_INVOICE_TOKEN).digest('base64url'),
      issuedAt: now.getTime(),
      updatedAt: now.getTime(),
      sentAt: now.getTime(),
      createdAt: now.getTime(),
    };
    const keys = Object.keys(values);
    db.prepare(
      `insert into invoices (${keys.map(snake).join(', ')}) values (${keys.map(() => '?').join(', ')})`,
    ).run(
      ...keys.map((key) => {
        const value = values[key];
        return value instanceof Date ? value.getTime() : (value as string | number | null);
      }),
    );
  });
  return `/i/${SAMPLE_INVOICE_TOKEN}`;
}
