/**
 * What the draft editor says before Send (docs/proposals.md, "Sending"): a "Valid until" day
 * that has passed is shown at its field and Send asks nothing of the server; items without a
 * price are named in Send's question, and confirming it sends them as free of charge.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { DraftEditor } from './draft-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const PRICED = { description: 'Discovery workshop', quantity: 2, unitAmount: 150_000 };
const UNPRICED = { description: 'Data audit', quantity: 1, unitAmount: 0 };

const draft = (changes: Partial<Proposal>): Proposal => ({
  id: 5,
  leadId: 7,
  number: 'P-2026-3',
  title: 'Support inbox pilot',
  summary: '',
  items: [PRICED],
  currency: 'GBP',
  deposit: null,
  net: 300_000,
  tax: 0,
  total: 300_000,
  depositAmount: 0,
  validUntil: null,
  terms: 'Our terms.',
  status: 'draft',
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  viewedAt: null,
  decidedAt: null,
  declineReason: null,
  acceptance: null,
  payments: [],
  ...changes,
});

function server(proposal: Proposal) {
  return fakeTrpcServer({
    'leads.get': () => ({
      data: {
        lead: { id: 7, name: 'Ada', email: 'ada@example.com' },
        timeline: [],
        suppressed: null,
      },
    }),
    // Invoicing not set up: the items keep no VAT.
    'invoices.settings': () => ({
      data: {
        settings: { defaultCategory: 'O', defaultRate: null },
        invoicingOn: false,
        missing: ['legalName'],
      },
    }),
    'proposals.send': () => ({ data: { proposal: { ...proposal, status: 'sent' } } }),
    'proposals.get': () => ({ data: { proposal: { ...proposal, status: 'sent' } } }),
    'proposals.ofLead': () => ({ data: { proposals: [] } }),
    'proposals.list': () => ({ data: { proposals: [], total: 0, page: 1, pageSize: 25 } }),
  });
}

describe('a "Valid until" day that has passed', () => {
  it('is shown at its field before Send, and Send opens no question and sends nothing', async () => {
    const proposal = draft({ validUntil: '2020-01-10' });
    const fake = server(proposal);
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={proposal} />);
    const field = await screen.findByLabelText('Valid until');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(PROPOSAL_MESSAGES.validUntilPast) as string,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('proposals.send')).toEqual([]);
    expect(field).toHaveFocus();
  });

  it('is not shown for a day to come', async () => {
    const proposal = draft({ validUntil: '2999-12-31' });
    server(proposal);
    renderAdmin(<DraftEditor proposal={proposal} />);
    const field = await screen.findByLabelText('Valid until');
    expect(field).not.toHaveAccessibleDescription(
      expect.stringContaining(PROPOSAL_MESSAGES.validUntilPast) as string,
    );
  });
});

describe('items without a price', () => {
  it("are named in Send's question; confirming sends them as free of charge", async () => {
    const proposal = draft({ items: [PRICED, UNPRICED] });
    const fake = server(proposal);
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={proposal} />);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this proposal' });
    expect(dialog).toHaveTextContent('1 item has no price and will read £0.00: “Data audit”.');
    expect(dialog).toHaveTextContent('Send only if it is free of charge.');
    await user.click(within(dialog).getByRole('button', { name: 'Send free of charge' }));
    await waitFor(() =>
      expect(fake.callsTo('proposals.send')).toEqual([
        { path: 'proposals.send', input: { id: 5, noCharge: ['Data audit'] } },
      ]),
    );
  });

  it('leave the question as it was when every item has a price', async () => {
    const proposal = draft({});
    const fake = server(proposal);
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={proposal} />);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this proposal' });
    expect(dialog).not.toHaveTextContent('no price');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fake.callsTo('proposals.send')).toEqual([
        { path: 'proposals.send', input: { id: 5 } },
      ]),
    );
  });
});
