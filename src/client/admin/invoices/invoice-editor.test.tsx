/**
 * A draft invoice's editor (docs/invoices.md, "The admin's screens"): the figures of what is
 * typed are the shared `invoiceTotals`'s, Save sends the items as typed in minor units, Issue
 * and send asks the server to mail it, and a 409 naming what the buyer lacks is listed with a
 * link to the lead; deleting a draft that carries a payment says the payment goes with it; once
 * a credit leaves nothing to credit, the heading takes the focus.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { formatMoney } from '#shared/money';
import { invoiceTotals } from '#shared/invoices/totals';
import { vatLabel } from '#shared/proposal-vat';
import type { Invoice } from '#shared/shapes/invoices';
import { toastQueue } from '#client/ui/toast';
import { PRICE_MESSAGE } from '../proposals/proposal-values';
import { draftInvoice, issuedInvoice } from '#tests/support/admin-invoices';
import { fakeTrpcServer, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { DraftInvoiceEditor } from './draft-invoice-editor';
import { InvoicePage } from './invoice-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const draft = draftInvoice();

/** The profile: invoicing on, 19 % standard rate; the lead without a buyer yet. */
function editorServer(handlers: Record<string, Handler> = {}) {
  return fakeTrpcServer({
    'invoices.settings': () => ({
      data: {
        settings: {
          legalName: 'Northwind Consulting GmbH',
          addressLines: ['Hauptstraße 1'],
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
          email: 'billing@northwind.example',
          vatRegistered: true,
          vatId: 'DE136695976',
          exemptionText: null,
          companyNumber: null,
          iban: null,
          bic: null,
          paymentTermsDays: 14,
          defaultCategory: 'S',
          defaultRate: 19,
          invoicePrefix: 'INV',
          creditNotePrefix: 'CN',
          reminderOffsets: [],
          bankTransferText: '',
        },
        invoicingOn: true,
        missing: [],
      },
    }),
    'leads.get': () => ({
      data: {
        lead: { id: 7, name: 'Ada', email: 'ada@example.com', buyer: null },
        timeline: [],
        suppressed: null,
      },
    }),
    'invoices.update': (input) => ({
      data: { invoice: { ...draft, ...(input as Partial<Invoice>) } },
    }),
    ...handlers,
  });
}

/**
 * Adds row `n` (from 1) and enters its description, quantity and unit price, each pasted
 * whole: every keystroke draws the preview again, and what is proven here is the figures of
 * what was entered, not typing.
 */
async function typeItem(
  user: UserEvent,
  n: number,
  item: { description: string; quantity: string; price: string },
) {
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  const row = within(screen.getByRole('listitem', { name: `Item ${n}` }));
  const enter = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.paste(text);
  };
  await enter(row.getByRole('textbox', { name: `Item ${n} description` }), item.description);
  await enter(row.getByRole('textbox', { name: 'Quantity' }), item.quantity);
  await enter(row.getByRole('textbox', { name: 'Unit price (EUR)' }), item.price);
  return row;
}

describe('the draft invoice editor', () => {
  it("shows invoiceTotals' figures for the typed items, and Save sends those items", async () => {
    const server = editorServer();
    const user = userEvent.setup();
    renderAdmin(<DraftInvoiceEditor invoice={draft} />);
    // New rows start at the profile's default VAT once it is read (the preview names the seller).
    await screen.findByText('Northwind Consulting GmbH');
    await typeItem(user, 1, { description: 'Workshop', quantity: '1.5', price: '999.99' });
    const second = await typeItem(user, 2, {
      description: 'Licences',
      quantity: '3',
      price: '10.01',
    });
    await user.click(second.getByRole('button', { name: /^Hours/ }));
    await user.click(await screen.findByRole('option', { name: 'Units' }));
    await user.click(second.getByRole('button', { name: /^Standard rate \(S\)/ }));
    await user.click(await screen.findByRole('option', { name: 'Zero rated (Z)' }));
    const third = await typeItem(user, 3, {
      description: 'Discount',
      quantity: '1',
      price: '-100',
    });
    const rate = third.getByRole('textbox', { name: 'Rate (%)' });
    await user.clear(rate);
    await user.paste('7');

    const typed = [
      {
        description: 'Workshop',
        quantity: 1.5,
        unitCode: 'HUR',
        unitAmount: 99_999,
        category: 'S',
        rate: 19,
      },
      {
        description: 'Licences',
        quantity: 3,
        unitCode: 'C62',
        unitAmount: 1_001,
        category: 'Z',
        rate: 0,
      },
      {
        description: 'Discount',
        quantity: 1,
        unitCode: 'HUR',
        unitAmount: -10_000,
        category: 'S',
        rate: 7,
      },
    ] as const;
    const totals = invoiceTotals(typed);
    const money = (amount: number) => formatMoney(amount, 'EUR');
    const figures = within(screen.getByRole('status', { name: 'Figures' }));
    expect(figures.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Net',
      ...totals.groups.map((group) => `${vatLabel(group)} on ${money(group.base)}`),
      'Gross',
    ]);
    expect(figures.getAllByRole('definition').map((amount) => amount.textContent)).toEqual([
      money(totals.net),
      ...totals.groups.map((group) => money(group.tax)),
      money(totals.gross),
    ]);
    // By hand: 1,499.99 + 30.03 − 100.00 net; 19 % of 1,499.99 is 285.00, 7 % of −100 is −7.00.
    expect(figures.getByText('€1,708.02')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('invoices.update')).toHaveLength(1));
    expect(server.callsTo('invoices.update')[0]?.input).toEqual({
      id: draft.id,
      items: typed,
      dueDate: null,
      supplyDate: null,
      supplyPeriod: null,
      exemptionText: null,
    });
  });

  it('a price it cannot read is refused at its field, which takes the focus; nothing is sent', async () => {
    const server = editorServer();
    const user = userEvent.setup();
    renderAdmin(<DraftInvoiceEditor invoice={draft} />);
    await screen.findByText('Northwind Consulting GmbH');
    const row = await typeItem(user, 1, { description: 'Workshop', quantity: '1', price: 'a lot' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const price = row.getByRole('textbox', { name: 'Unit price (EUR)' });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining(PRICE_MESSAGE));
    await waitFor(() => expect(price).toHaveFocus());
    expect(server.callsTo('invoices.update')).toEqual([]);
  });

  it('Issue and send asks the server to issue with { send: true }', async () => {
    const server = editorServer({
      'invoices.issue': () => ({
        data: { invoice: { ...draft, status: 'issued', number: 'INV-2026-0001' } },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<DraftInvoiceEditor invoice={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Issue and send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Issue and send this invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue and send' }));
    await waitFor(() => expect(server.callsTo('invoices.issue')).toHaveLength(1));
    expect(server.callsTo('invoices.issue')[0]?.input).toEqual({ id: draft.id, send: true });
    // Nothing typed: nothing saved first.
    expect(server.callsTo('invoices.update')).toEqual([]);
  });

  it('once issued, the page shows the issued document and the focus is on its numbered heading', async () => {
    // The server's record: the draft, then issued (the page reads it again after the issue).
    let stored = draft;
    const server = editorServer({
      'invoices.get': () => ({ data: { invoice: stored } }),
      'invoices.issue': () => {
        stored = issuedInvoice({ id: draft.id });
        return { data: { invoice: stored } };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<InvoicePage idParam={String(draft.id)} />);
    await user.click(await screen.findByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Issue this invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /^INV-2026-0001/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    expect(server.callsTo('invoices.issue')[0]?.input).toEqual({ id: draft.id });
  });

  it('warns that a draft’s payment goes with it before deleting it, and says nothing of one without', async () => {
    editorServer();
    const user = userEvent.setup();
    const payment = {
      id: 1,
      invoiceId: draft.id,
      amount: 142_800,
      currency: 'EUR',
      provider: 'stripe' as const,
      providerRef: 'pi_1',
      paidAt: '2026-03-01T10:00:00.000Z',
      note: 'Deposit on proposal P-2026-1',
    };
    renderAdmin(
      <DraftInvoiceEditor invoice={{ ...draft, role: 'deposit', payments: [payment] }} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this draft' });
    expect(dialog).toHaveTextContent(
      'The payments recorded on it go with it: issue it instead to keep them on an invoice.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    cleanup();
    renderAdmin(<DraftInvoiceEditor invoice={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const plain = await screen.findByRole('alertdialog', { name: 'Delete this draft' });
    expect(plain).not.toHaveTextContent('payments recorded');
  });

  it('puts the focus on the heading once a credit leaves nothing to credit', async () => {
    const issued = issuedInvoice({ id: draft.id });
    let stored = issued;
    editorServer({
      'invoices.get': () => ({ data: { invoice: stored } }),
      'invoices.credit': () => {
        stored = {
          ...issued,
          paymentStatus: 'credited',
          balance: { paid: 0, credited: issued.totals.gross, outstanding: 0 },
        };
        return {
          data: { invoice: stored, creditNote: issuedInvoice({ id: 99, kind: 'credit_note' }) },
        };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<InvoicePage idParam={String(draft.id)} />);
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: /^Credit INV-/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /^INV-2026-0001/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Credit' })).toBeNull();
  });

  it('lists what the buyer lacks when issuing is refused (409), with a link to the lead', async () => {
    editorServer({
      'invoices.issue': () => ({
        error: {
          message: "Give the buyer's details on the lead before issuing (invoice.buyer_incomplete)",
          code: 'CONFLICT',
          httpStatus: 409,
          issues: [
            { path: 'buyer.name', message: 'Required before issuing' },
            { path: 'buyer.city', message: 'Required before issuing' },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<DraftInvoiceEditor invoice={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Issue this invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

    const notice = await screen.findByRole('alert', {
      name: "Not issued: the buyer's details on the lead are incomplete",
    });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['legal name', 'city']);
    expect(
      within(notice).getByRole('link', { name: 'Give the buyer’s details on the lead' }),
    ).toHaveAttribute('href', '/admin/leads/7');
    // The reason takes the focus; no toast repeats it.
    await waitFor(() => expect(notice).toHaveFocus());
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });
});
