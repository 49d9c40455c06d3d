/**
 * A proposal once sent, read only (docs/proposals.md, "Admin screens"): the record of its
 * acceptance, what can still be done with it, its VAT (docs/invoices.md, "Proposals and
 * deposits"), and its payments with the form for one by hand; a signed proposal kept after its
 * client's erasure is read only (docs/proposals.md, "Records").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal } from '#shared/shapes/proposals';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ProposalPage } from './proposal-page';
import { SentProposal } from './sent-proposal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const sent: Proposal = {
  id: 5,
  leadId: 7,
  number: 'P-2026-3',
  title: 'Support inbox pilot',
  summary: '',
  items: [{ description: 'Workshop', quantity: 2, unitAmount: 150000 }],
  currency: 'EUR',
  deposit: { kind: 'percent', value: 30 },
  net: 300000,
  tax: 0,
  total: 300000,
  depositAmount: 90000,
  validUntil: '2026-04-01',
  terms: '',
  status: 'sent',
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: '2026-03-02T10:00:00.000Z',
  viewedAt: null,
  decidedAt: null,
  declineReason: null,
  acceptance: null,
  payments: [],
};

const hash = 'a'.repeat(64);
const accepted: Proposal = {
  ...sent,
  status: 'accepted',
  viewedAt: '2026-03-03T10:00:00.000Z',
  decidedAt: '2026-03-04T10:00:00.000Z',
  acceptance: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    at: '2026-03-04T10:00:00.000Z',
    documentHash: hash,
  },
  payments: [
    {
      id: 1,
      proposalId: 5,
      amount: 40000,
      currency: 'EUR',
      provider: 'manual',
      providerRef: null,
      paidAt: '2026-03-05T00:00:00.000Z',
      refundedAmount: 0,
      note: 'Transfer 123',
    },
  ],
};

describe('a sent proposal', () => {
  it('offers Revise and Withdraw while it is out, and no payments yet', async () => {
    fakeTrpcServer({});
    renderAdmin(<SentProposal proposal={sent} />);
    expect(await screen.findByRole('button', { name: 'Revise' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    const document = screen.getByRole('region', { name: 'As sent' });
    expect(within(document).getByRole('row', { name: 'Total €3,000.00' })).toBeVisible();
  });

  it('with VAT: each item says its rate, and the net and the tax come before the gross total', async () => {
    fakeTrpcServer({});
    const taxed: Proposal = {
      ...sent,
      items: [{ ...sent.items[0]!, category: 'S', rate: 19 }],
      tax: 57000,
      total: 357000,
      depositAmount: 107100,
    };
    renderAdmin(<SentProposal proposal={taxed} />);
    const document = await screen.findByRole('region', { name: 'As sent' });
    const [, item, ...figures] = within(document)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(item).toEqual(['Workshop2 × €1,500.00VAT 19%', '€3,000.00']);
    expect(figures).toEqual([
      ['Net', '€3,000.00'],
      ['VAT 19%', '€570.00'],
      ['Total', '€3,570.00'],
      ['Deposit (30%)', '€1,071.00'],
    ]);
  });

  it('once accepted: the signature record, the payments, and what is still due in the form', async () => {
    fakeTrpcServer({});
    renderAdmin(<SentProposal proposal={accepted} />);
    const state = await screen.findByRole('region', { name: 'Where it stands' });
    expect(within(state).getByText('Ada Lovelace')).toBeVisible();
    expect(within(state).getByText('ada@example.com')).toBeVisible();
    expect(within(state).getByText(hash)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revise' })).toBeNull();

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('€400.00 paid of a €900.00 deposit.')).toBeVisible();
    expect(within(payments).getByText('By hand: Transfer 123')).toBeVisible();
    expect(within(payments).getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('500.00');
  });

  it("kept after its client's erasure: said in the heading, its payments shown, none taken", async () => {
    const kept: Proposal = { ...accepted, leadId: null };
    fakeTrpcServer({ 'proposals.get': () => ({ data: { proposal: kept } }) });
    renderAdmin(<ProposalPage idParam="5" />);
    expect(
      await screen.findByText(
        'Its client was erased: this signed proposal is kept as a record, read only.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'the lead' })).toBeNull();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('By hand: Transfer 123')).toBeVisible();
    expect(within(payments).queryByRole('textbox', { name: 'Amount (EUR)' })).toBeNull();
  });

  it('records a payment in minor units, and shows a refused day at its field', async () => {
    const server = fakeTrpcServer({
      'proposals.recordPayment': () =>
        invalidInput([{ path: 'paidAt', message: 'Paid on must be a day (YYYY-MM-DD)' }]),
    });
    const user = userEvent.setup();
    renderAdmin(<SentProposal proposal={accepted} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (EUR)' });
    await user.clear(amount);
    await user.type(amount, '1,234.5');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Second transfer');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Paid on')).toHaveAccessibleDescription(
        'Paid on must be a day (YYYY-MM-DD)',
      ),
    );
    expect(server.callsTo('proposals.recordPayment')[0]?.input).toEqual({
      id: 5,
      amount: 123450,
      paidAt: '',
      note: 'Second transfer',
    });
  });
});
