/**
 * A lead's Invoices section (docs/invoices.md, "The admin's screens"): its invoices, the
 * client's invoicing details (given or changed here, the server's refusal at its field), New
 * invoice (a draft opened at once), and Final invoice for each accepted proposal that has none
 * yet, which asks `invoices.finalDraft` and opens the draft.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal } from '#shared/shapes/proposals';
import { toastQueue } from '#client/ui/toast';
import { draftInvoice, issuedInvoice } from '#tests/support/admin-invoices';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { enterText } from '#tests/support/enter-text';
import { LeadInvoices } from './lead-invoices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const proposal: Proposal = {
  id: 3,
  leadId: 7,
  number: 'P-2026-3',
  title: 'Support inbox pilot',
  summary: '',
  items: [{ description: 'Workshop', quantity: 2, unitAmount: 150_000 }],
  currency: 'EUR',
  deposit: null,
  net: 300_000,
  tax: 0,
  total: 300_000,
  depositAmount: 0,
  validUntil: null,
  terms: '',
  status: 'accepted',
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: '2026-03-02T10:00:00.000Z',
  viewedAt: null,
  decidedAt: '2026-03-04T10:00:00.000Z',
  declineReason: null,
  acceptance: null,
  payments: [],
};

/** P-2026-3 accepted without a final invoice; P-2026-4 accepted and invoiced; P-2026-5 sent. */
const proposals: Proposal[] = [
  proposal,
  { ...proposal, id: 4, number: 'P-2026-4' },
  { ...proposal, id: 5, number: 'P-2026-5', status: 'sent', decidedAt: null },
];

const LEAD = { id: 7, email: 'ada@client.example', buyer: null };

/**
 * The page of the lead's list shown holds a standalone invoice only; P-2026-4's final invoice is
 * further back, and found by the list of the lead's final invoices.
 */
function leadServer() {
  const shown = [issuedInvoice({ id: 19, number: 'INV-2026-0002', role: 'standalone' })];
  const finals = [issuedInvoice({ id: 20, role: 'final', proposalId: 4 })];
  return fakeTrpcServer({
    'invoices.list': (input) => {
      const invoices = (input as { role?: string }).role === 'final' ? finals : shown;
      return { data: { invoices, total: 26, page: 1, pageSize: 25 } };
    },
    'proposals.ofLead': () => ({ data: { proposals } }),
    'invoices.finalDraft': () => ({
      data: { invoice: draftInvoice({ id: 21, role: 'final', proposalId: 3 }) },
    }),
    'invoices.create': () => ({ data: { invoice: draftInvoice({ id: 22 }) } }),
    'leads.update': (input) => {
      const buyer = (input as { data: { buyer: { vatId: string | null } } }).data.buyer;
      return buyer.vatId === 'FR123'
        ? invalidInput([{ path: 'data.buyer.vatId', message: 'Not a French VAT ID' }])
        : { data: { ...LEAD, buyer } };
    },
  });
}

describe("a lead's invoices", () => {
  it('lists them and drafts the final invoice of the accepted proposal that has none', async () => {
    const server = leadServer();
    const user = userEvent.setup();
    const { router } = renderAdmin(<LeadInvoices lead={LEAD} />);
    const section = await screen.findByRole('region', { name: 'Invoices' });
    const table = await within(section).findByRole('table', {
      name: "This lead's invoices, overdue first, then newest",
    });
    expect(within(table).getByRole('link', { name: 'INV-2026-0002' })).toBeVisible();
    expect(server.callsTo('invoices.list').map((call) => call.input)).toEqual(
      expect.arrayContaining([
        { leadId: 7, page: 1 },
        { leadId: 7, role: 'final' },
      ]),
    );

    // P-2026-4 has its final invoice (not on the page shown), P-2026-5 is not accepted: one
    // button only.
    const finals = await within(section).findAllByRole('button', { name: /^Final invoice for/ });
    expect(finals.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Final invoice for P-2026-3',
    ]);
    await user.click(finals[0]!);
    await waitFor(() => expect(server.callsTo('invoices.finalDraft')).toHaveLength(1));
    expect(server.callsTo('invoices.finalDraft')[0]?.input).toEqual({ id: 3 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invoices/21'));
  });

  it('New invoice creates a draft on the lead and opens it', async () => {
    const server = leadServer();
    const user = userEvent.setup();
    const { router } = renderAdmin(<LeadInvoices lead={LEAD} />);
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    await waitFor(() => expect(server.callsTo('invoices.create')).toHaveLength(1));
    expect(server.callsTo('invoices.create')[0]?.input).toEqual({ leadId: 7 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invoices/22'));
  });

  it('takes the client’s invoicing details, the refusal at its field, then back to the button', async () => {
    const server = leadServer();
    const user = userEvent.setup();
    renderAdmin(<LeadInvoices lead={LEAD} />);
    const details = await screen.findByRole('region', { name: 'Invoicing details' });
    expect(details).toHaveTextContent('Not given yet');
    await user.click(within(details).getByRole('button', { name: 'Add invoicing details' }));
    const form = within(details).getByRole('form', { name: 'Invoicing details' });
    expect(within(form).getByRole('textbox', { name: 'Legal name' })).toHaveFocus();
    await user.paste('Zoë Łódź-Ørsted SARL');
    const field = (name: string | RegExp) => within(form).getByRole('textbox', { name });
    await enterText(user, field('Address line 1'), '3 rue Bleue');
    await enterText(user, field('Postcode'), '75009');
    await enterText(user, field('City'), 'Paris');
    await enterText(user, field(/^Country/), 'fr');
    const vatId = field(/^VAT ID/);
    await enterText(user, vatId, 'FR123');
    await user.click(within(form).getByRole('button', { name: 'Save invoicing details' }));
    await waitFor(() => expect(vatId).toHaveAccessibleDescription(/Not a French VAT ID/));
    await user.clear(vatId);
    await user.click(within(form).getByRole('button', { name: 'Save invoicing details' }));
    await waitFor(() => expect(server.callsTo('leads.update')).toHaveLength(2));
    expect(server.callsTo('leads.update')[1]?.input).toEqual({
      id: 7,
      data: {
        buyer: {
          name: 'Zoë Łódź-Ørsted SARL',
          addressLines: ['3 rue Bleue'],
          postcode: '75009',
          city: 'Paris',
          // As typed: the server's schema makes it upper case.
          country: 'fr',
          vatId: null,
          reference: null,
          email: null,
        },
      },
    });
    const button = await within(details).findByRole('button', { name: 'Add invoicing details' });
    await waitFor(() => expect(button).toHaveFocus());
  });
});
