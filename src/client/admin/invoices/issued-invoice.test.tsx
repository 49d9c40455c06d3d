/**
 * An issued invoice's page (docs/invoices.md, "The admin's screens"): recording a payment
 * sends the amount in minor units and the day, the credit dialog sends all that is left or an
 * amount with its reason (and once nothing is left, the page is asked to take the focus the
 * gone Credit button cannot), the reminders' switch sends { stopped: true }, and Send again
 * warns that the earlier link stops working.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '#shared/shapes/invoices';
import { toastQueue } from '#client/ui/toast';
import { issuedInvoice } from '#tests/support/admin-invoices';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { IssuedInvoice } from './issued-invoice';

const whollyCredited = vi.fn();

afterEach(() => {
  whollyCredited.mockClear();
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const invoice = issuedInvoice();

const creditNote = issuedInvoice({
  id: 13,
  kind: 'credit_note',
  number: 'CN-2026-0001',
  paymentStatus: 'credited',
});

function issuedServer(changed: Partial<Invoice> = {}) {
  const answer = { ...invoice, ...changed };
  return fakeTrpcServer({
    'invoices.recordPayment': (input) => ({
      data: {
        payment: {
          id: 1,
          invoiceId: invoice.id,
          amount: (input as { amount: number }).amount,
          currency: 'EUR',
          provider: 'manual',
          providerRef: null,
          paidAt: '2026-03-10T00:00:00.000Z',
          note: null,
        },
        invoice: answer,
      },
    }),
    'invoices.credit': () => ({ data: { creditNote, invoice: answer } }),
    'invoices.reminders': () => ({ data: { invoice: { ...answer, remindersStopped: true } } }),
    'invoices.send': () => ({ data: { invoice: answer } }),
  });
}

describe('an issued invoice', () => {
  it('shows the document and its money, and records a payment by hand', async () => {
    const server = issuedServer();
    const user = userEvent.setup();
    renderAdmin(<IssuedInvoice invoice={invoice} onWhollyCredited={whollyCredited} />);
    const totals = within(await screen.findByLabelText('Totals'));
    expect(totals.getAllByRole('definition').map((amount) => amount.textContent)).toEqual([
      '€2,000.00',
      '€380.00',
      '€2,380.00',
      '€0.00',
      '€2,380.00',
    ]);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/invoices/${invoice.id}/pdf`,
    );

    const amount = screen.getByRole('textbox', { name: 'Amount (EUR)' });
    // The form starts with what is owed.
    expect(amount).toHaveValue('2380.00');
    await user.clear(amount);
    await user.type(amount, '1,000.50');
    await user.type(screen.getByLabelText('Paid on'), '2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(server.callsTo('invoices.recordPayment')).toHaveLength(1));
    expect(server.callsTo('invoices.recordPayment')[0]?.input).toEqual({
      id: invoice.id,
      amount: 100_050,
      paidAt: '2026-03-10',
    });
  });

  it('paid in full, the focus goes to the payments heading, as the form is about to go', async () => {
    const server = issuedServer({
      paymentStatus: 'paid',
      balance: { paid: 238_000, credited: 0, outstanding: 0 },
    });
    const user = userEvent.setup();
    renderAdmin(<IssuedInvoice invoice={invoice} onWhollyCredited={whollyCredited} />);
    await user.type(await screen.findByLabelText('Paid on'), '2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const heading = screen.getByRole('heading', { name: 'Payments and credit notes' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(server.callsTo('invoices.recordPayment')[0]?.input).toEqual({
      id: invoice.id,
      amount: 238_000,
      paidAt: '2026-03-10',
    });
  });

  it('credits all that is left with a reason, or an amount before tax', async () => {
    const server = issuedServer();
    const user = userEvent.setup();
    renderAdmin(<IssuedInvoice invoice={invoice} onWhollyCredited={whollyCredited} />);
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Credit INV-2026-0001' });
    expect(within(dialog).getByRole('radio', { name: 'All that is left' })).toBeChecked();
    // No reason: refused at its field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('invoices.credit')).toEqual([]);
    await user.type(reason, 'Workshop cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(server.callsTo('invoices.credit')).toHaveLength(1));
    expect(server.callsTo('invoices.credit')[0]?.input).toEqual({
      id: invoice.id,
      reason: 'Workshop cancelled',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Credit' }));
    dialog = await screen.findByRole('dialog', { name: 'Credit INV-2026-0001' });
    await user.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Amount before tax (EUR)' }),
      '150',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(server.callsTo('invoices.credit')).toHaveLength(2));
    expect(server.callsTo('invoices.credit')[1]?.input).toEqual({
      id: invoice.id,
      amount: 15_000,
      reason: 'Goodwill',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Something is left each time: the Credit button stays, and takes the focus back.
    expect(whollyCredited).not.toHaveBeenCalled();
  });

  it('asks the page to take the focus once all is credited, the Credit button gone', async () => {
    issuedServer({
      paymentStatus: 'credited',
      balance: { paid: 0, credited: 238_000, outstanding: 0 },
    });
    const user = userEvent.setup();
    renderAdmin(<IssuedInvoice invoice={invoice} onWhollyCredited={whollyCredited} />);
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit INV-2026-0001' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(whollyCredited).toHaveBeenCalledTimes(1));
  });

  it('names a card refund, kept as a negative payment, in its row', async () => {
    issuedServer();
    const card = {
      id: 1,
      invoiceId: invoice.id,
      amount: 238_000,
      currency: 'EUR',
      provider: 'stripe' as const,
      providerRef: 'pi_1',
      paidAt: '2026-03-02T10:00:00.000Z',
      note: null,
    };
    const refunded = { ...card, id: 2, amount: -38_000, providerRef: 'pi_1:refunded:38000' };
    renderAdmin(
      <IssuedInvoice
        invoice={{ ...invoice, payments: [card, refunded] }}
        onWhollyCredited={whollyCredited}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Payments, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['€2,380.00', 'Card (Stripe)'],
      ['-€380.00', 'Refund, card (Stripe)'],
    ]);
  });

  it('the reminders switch sends { stopped: true }', async () => {
    const server = issuedServer();
    const user = userEvent.setup();
    renderAdmin(<IssuedInvoice invoice={invoice} onWhollyCredited={whollyCredited} />);
    const toggle = await screen.findByRole('switch', { name: 'Stop reminders' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(server.callsTo('invoices.reminders')).toHaveLength(1));
    expect(server.callsTo('invoices.reminders')[0]?.input).toEqual({
      id: invoice.id,
      stopped: true,
    });
  });

  it('Send again says the earlier link stops working, then sends', async () => {
    const server = issuedServer();
    const user = userEvent.setup();
    renderAdmin(
      <IssuedInvoice
        invoice={{ ...invoice, sentAt: '2026-03-02T11:00:00.000Z' }}
        onWhollyCredited={whollyCredited}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this again' });
    expect(
      within(dialog).getByText(
        'The link in the earlier e-mail stops working: only the new one opens the page.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(server.callsTo('invoices.send')).toHaveLength(1));
    expect(server.callsTo('invoices.send')[0]?.input).toEqual({ id: invoice.id });
  });
});
