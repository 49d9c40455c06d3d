/**
 * The Invoices screen (docs/invoices.md, "The admin's screens"): a row per document with its
 * number (or Draft), kind, buyer, days, gross and status, in the server's order (the overdue first);
 * the status filter changes what is asked of the server; while the seller profile is not
 * complete, a notice names what it lacks.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { draftInvoice, issuedInvoice } from '#tests/support/admin-invoices';
import { InvoicesPage } from './invoices-page';
import type { InvoiceSearch } from './search-params';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's page, the overdue first, then newest: an overdue deposit invoice, a draft, a paid invoice. */
const listed = [
  issuedInvoice({ id: 28, role: 'deposit', paymentStatus: 'overdue' }),
  draftInvoice({ id: 30 }),
  issuedInvoice({
    id: 29,
    number: 'INV-2026-0002',
    paymentStatus: 'paid',
    balance: { paid: 238_000, credited: 0, outstanding: 0 },
  }),
];

function listServer({ invoicingOn = true } = {}) {
  return fakeTrpcServer({
    'invoices.list': (input) => {
      const status = (input as { status?: string }).status;
      const invoices = status === 'draft' ? listed.filter((i) => i.status === 'draft') : listed;
      return { data: { invoices, total: invoices.length, page: 1, pageSize: 25 } };
    },
    'invoices.settings': () => ({
      data: {
        settings: {},
        invoicingOn,
        missing: invoicingOn ? [] : ['legalName', 'vatId'],
      },
    }),
  });
}

/** The screen with its search held as the route holds it. */
function Screen() {
  const [search, setSearch] = useState<InvoiceSearch>({});
  return <InvoicesPage search={search} onSearch={setSearch} />;
}

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('the Invoices screen', () => {
  it('lists each document in the server’s order, and the filter asks for drafts', async () => {
    const server = listServer();
    const user = userEvent.setup();
    renderAdmin(<Screen />);
    const table = await screen.findByRole('table', {
      name: 'Invoices, overdue first, then newest',
    });
    const rows = rowsOf(table);
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      ['Ada Industries Ltd', 'Mar 2, 2026', 'Mar 16, 2026', '€2,380.00', 'Overdue'],
      ['The lead (named when issued)', '—', '—', '€0.00', 'Draft'],
      ['Ada Industries Ltd', 'Mar 2, 2026', 'Mar 16, 2026', '€2,380.00', 'Paid'],
    ]);
    expect(rows[0]?.[0]).toContain('INV-2026-0001');
    expect(rows[0]?.[0]).toContain('Deposit invoice');
    expect(rows[1]?.[0]).toContain('Draft');
    expect(screen.getByRole('link', { name: 'INV-2026-0002' })).toHaveAttribute(
      'href',
      '/admin/invoices/29',
    );
    expect(screen.getByRole('link', { name: 'Seller profile' })).toHaveAttribute(
      'href',
      '/admin/invoices/settings',
    );
    // Invoicing is on: no notice.
    expect(screen.queryByRole('region', { name: 'Invoicing is off' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Drafts' }));
    await waitFor(() =>
      expect(server.callsTo('invoices.list').at(-1)?.input).toEqual({ page: 1, status: 'draft' }),
    );
    const drafts = await screen.findByRole('table', {
      name: 'Drafts invoices, overdue first, then newest',
    });
    expect(rowsOf(drafts)).toHaveLength(1);
  });

  it('says invoicing is off and lists what the seller profile lacks', async () => {
    listServer({ invoicingOn: false });
    renderAdmin(<Screen />);
    const notice = await screen.findByRole('region', { name: 'Invoicing is off' });
    const missing = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual(['legal name', 'VAT ID']);
    expect(within(notice).getByRole('link', { name: 'Complete the seller profile' })).toBeVisible();
  });

  it('an empty list says where invoices start', async () => {
    fakeTrpcServer({
      'invoices.list': () => ({ data: { invoices: [], total: 0, page: 1, pageSize: 25 } }),
      'invoices.settings': () => ({ data: { settings: {}, invoicingOn: true, missing: [] } }),
    });
    renderAdmin(<Screen />);
    expect(await screen.findByText('No invoices yet. Start one from a lead’s page.')).toBeVisible();
  });

  it('links the accountant’s files of the period typed, this month when left empty', async () => {
    listServer();
    const user = userEvent.setup();
    renderAdmin(<Screen />);
    const files = await screen.findByRole('region', { name: 'For your accountant' });
    const csv = within(files).getByRole('link', { name: 'Download the list (CSV)' });
    const zip = within(files).getByRole('link', { name: 'Download the files (ZIP)' });
    expect([csv.getAttribute('href'), zip.getAttribute('href')]).toEqual([
      '/api/invoices/export.csv',
      '/api/invoices/export.zip',
    ]);
    await user.type(within(files).getByLabelText('From'), '2026-01-01');
    await user.type(within(files).getByLabelText('To'), '2026-03-31');
    expect(zip).toHaveAttribute('href', '/api/invoices/export.zip?from=2026-01-01&to=2026-03-31');
  });
});
