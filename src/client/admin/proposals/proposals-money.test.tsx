/**
 * Where the owner sees a proposal's money (docs/proposals.md, "Where the money shows"): the
 * lead's Proposals card and the Proposals list show what was paid and kept, and a proposal
 * whose deposit is covered reads "Deposit paid"; the Proposals screen lists Stripe's events
 * that matched nothing (docs/payments.md, "Money the site did not ask for").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Payment, Proposal, UnmatchedPayment } from '#shared/shapes/proposals';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { LeadProposals } from './lead-proposals';
import { ProposalsPage } from './proposals-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payment = (id: number, proposalId: number, amount: number, refunded = 0): Payment => ({
  id,
  proposalId,
  amount,
  currency: 'EUR',
  provider: 'stripe',
  providerRef: `pi_${id}`,
  paidAt: '2026-03-05T10:00:00.000Z',
  refundedAmount: refunded,
  note: null,
});

const base: Proposal = {
  id: 1,
  leadId: 7,
  number: 'P-2026-1',
  title: 'Support inbox pilot',
  summary: '',
  items: [{ description: 'Workshop', quantity: 2, unitAmount: 150_000 }],
  currency: 'EUR',
  deposit: { kind: 'percent', value: 30 },
  net: 300_000,
  tax: 0,
  total: 300_000,
  depositAmount: 90_000,
  validUntil: '2026-04-01',
  terms: '',
  status: 'accepted',
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: '2026-03-02T10:00:00.000Z',
  viewedAt: '2026-03-03T10:00:00.000Z',
  decidedAt: '2026-03-04T10:00:00.000Z',
  declineReason: null,
  acceptance: null,
  payments: [],
};

/** Paid in full; paid then half refunded; accepted and unpaid; still out. */
const proposals: Proposal[] = [
  { ...base, id: 4, number: 'P-2026-4', payments: [payment(1, 4, 90_000)] },
  { ...base, id: 3, number: 'P-2026-3', payments: [payment(2, 3, 90_000, 50_000)] },
  { ...base, id: 2, number: 'P-2026-2' },
  { ...base, id: 1, number: 'P-2026-1', status: 'sent', decidedAt: null },
];

/** Each row's proposal, status and paid cells, as the owner reads them. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      const number = /P-2026-\d/.exec(cells[0]!.textContent ?? '')?.[0];
      return [number, cells[1]!.textContent, cells[3]!.textContent];
    });
}

const expected = [
  ['P-2026-4', 'Deposit paid', '€900.00'],
  ['P-2026-3', 'Accepted', '€400.00'],
  ['P-2026-2', 'Accepted', 'Nothing yet'],
  ['P-2026-1', 'Sent', '—'],
];

describe('the money on the proposals screens', () => {
  it("the lead's Proposals card: what was paid and kept, and Deposit paid", async () => {
    fakeTrpcServer({
      'proposals.ofLead': () => ({ data: { proposals } }),
      'ai.usage': () => ({ data: { enabled: false } }),
    });
    renderAdmin(<LeadProposals leadId={7} />);
    const table = await screen.findByRole('table', { name: "This lead's proposals, newest first" });
    expect(within(table).getByRole('columnheader', { name: 'Paid' })).toBeInTheDocument();
    expect(rowsOf(table)).toEqual(expected);
  });

  it('the Proposals list: the same, and the unmatched Stripe payments beneath', async () => {
    const unmatched: UnmatchedPayment = {
      id: 1,
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      reason: 'currency',
      objectId: 'cs_test_1',
      paymentRef: 'pi_test_1',
      amount: 120_000,
      currency: 'KRW',
      proposal: { id: 4, number: 'P-2026-4' },
      receivedAt: '2026-03-06T10:00:00.000Z',
    };
    fakeTrpcServer({
      'proposals.list': () => ({
        data: {
          proposals: proposals.map((p) => ({
            ...p,
            lead: { id: 7, name: 'Ada', email: 'ada@example.com', company: null },
          })),
          total: 4,
          page: 1,
          pageSize: 25,
        },
      }),
      'proposals.settings': () => ({
        data: { settings: { currency: 'EUR', bankTransferText: '', priceList: '' } },
      }),
      'proposals.unmatchedPayments': () => ({
        data: { events: [unmatched], total: 1, page: 1, pageSize: 25 },
      }),
    });
    renderAdmin(<ProposalsPage search={{}} onSearch={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Proposals, newest first' });
    expect(rowsOf(table)).toEqual(expected);

    const card = await screen.findByRole('region', { name: 'Unmatched Stripe payments' });
    const listed = within(card).getByRole('table');
    const [row] = within(listed).getAllByRole('row').slice(1);
    expect(within(row!).getByText('₩120,000')).toBeVisible();
    expect(within(row!).getByText('Another currency than the one asked')).toBeVisible();
    expect(within(row!).getByText('P-2026-4')).toBeVisible();
    expect(within(row!).getByText('pi_test_1')).toBeVisible();
  });

  it('no unmatched Stripe payment: no such card', async () => {
    fakeTrpcServer({
      'proposals.list': () => ({ data: { proposals: [], total: 0, page: 1, pageSize: 25 } }),
      'proposals.settings': () => ({
        data: { settings: { currency: 'EUR', bankTransferText: '', priceList: '' } },
      }),
      'proposals.unmatchedPayments': () => ({
        data: { events: [], total: 0, page: 1, pageSize: 25 },
      }),
    });
    renderAdmin(<ProposalsPage search={{}} onSearch={() => {}} />);
    expect(await screen.findByRole('region', { name: 'Settings' })).toBeVisible();
    expect(
      await screen.findByText('No proposals yet. Start one from a lead’s page.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Unmatched Stripe payments' })).toBeNull();
  });
});
