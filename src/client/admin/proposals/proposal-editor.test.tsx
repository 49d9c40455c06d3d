/**
 * The proposal editor (docs/proposals.md, "Admin screens"): prices typed in major units reach
 * the server in minor units, the figures and the preview follow the typing by the server's
 * own rule, each item's VAT is sent only when chosen (docs/invoices.md, "Proposals and
 * deposits"), and what the schema or the server refuses shows at its own field.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_MESSAGES } from '#shared/invoices/messages';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { enterText } from '#tests/support/enter-text';
import { DraftEditor } from './draft-editor';
import {
  majorText,
  minorAmount,
  PRICE_MESSAGE,
  toUpdate,
  valuesOf,
  type ProposalValues,
} from './proposal-values';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const draft: Proposal = {
  id: 5,
  leadId: 7,
  number: 'P-2026-3',
  title: 'Support inbox pilot',
  summary: '',
  items: [],
  currency: 'EUR',
  deposit: null,
  net: 0,
  tax: 0,
  total: 0,
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
};

const withItems = (items: { description: string; quantity: string; unitPrice: string }[]) => {
  const values: ProposalValues = valuesOf(draft);
  return {
    ...values,
    items: items.map((item, key) => ({ key, category: '' as const, rate: '', ...item })),
  };
};

describe('amounts typed in major units', () => {
  it('reads the digits, not a float: 0.29 is 29 cents, 1,500.5 is 150050', () => {
    expect(minorAmount('0.29', 'EUR')).toBe(29);
    expect(minorAmount(' 1,500.5 ', 'EUR')).toBe(150050);
    expect(minorAmount('1500', 'EUR')).toBe(150000);
    expect(minorAmount('1500', 'JPY')).toBe(1500);
  });

  it('refuses more decimals than the currency has, and anything not an amount', () => {
    expect(minorAmount('1.005', 'EUR')).toBeNull();
    expect(minorAmount('1.5', 'JPY')).toBeNull();
    expect(minorAmount('-3', 'EUR')).toBeNull();
    expect(minorAmount('abc', 'EUR')).toBeNull();
    expect(minorAmount('', 'EUR')).toBeNull();
  });

  it('writes a stored amount back as the owner typed it', () => {
    expect(majorText(150050, 'EUR')).toBe('1500.50');
    expect(majorText(1500, 'JPY')).toBe('1500');
  });
});

describe('what Save sends', () => {
  it('sends the items in minor units and the deposit as the server takes it', () => {
    const values = {
      ...withItems([{ description: 'Workshop', quantity: '1.5', unitPrice: '1000.00' }]),
      depositKind: 'percent' as const,
      depositValue: '30',
    };
    expect(toUpdate(5, values, 'EUR')).toEqual({
      ok: true,
      input: expect.objectContaining({
        id: 5,
        items: [{ description: 'Workshop', quantity: 1.5, unitAmount: 100000 }],
        deposit: { kind: 'percent', value: 30 },
        validUntil: null,
      }),
    });
  });

  it('keys each refusal by its field: a price not read, a blank description, a deposit above the total', () => {
    const values = {
      ...withItems([
        { description: 'Workshop', quantity: '1', unitPrice: 'a lot' },
        { description: ' ', quantity: '2', unitPrice: '10' },
      ]),
      depositKind: 'amount' as const,
      depositValue: '5000',
    };
    const result = toUpdate(5, values, 'EUR');
    expect(result).toEqual({
      ok: false,
      errors: {
        'items.0.unitAmount': PRICE_MESSAGE,
        'items.1.description': PROPOSAL_MESSAGES.descriptionRequired,
        deposit: PROPOSAL_MESSAGES.depositAboveTotal,
      },
    });
  });
});

/** The seller profile: 19 % standard rate by default; the editor reads only its default VAT. */
function editorServer({ invoicingOn = false } = {}) {
  return fakeTrpcServer({
    'leads.get': () => ({
      data: {
        lead: { id: 7, name: 'Ada', email: 'ada@example.com' },
        timeline: [],
        suppressed: null,
      },
    }),
    'invoices.settings': () => ({
      data: {
        settings: { defaultCategory: 'S', defaultRate: 19 },
        invoicingOn,
        missing: invoicingOn ? [] : ['legalName'],
      },
    }),
    'proposals.update': () =>
      invalidInput([{ path: 'items.0.description', message: 'Refused by the server' }]),
  });
}

describe('the draft editor', () => {
  it('shows the total and deposit as typed, in the figures and then the preview', async () => {
    editorServer();
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Item 1 description' }), 'Workshop');
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.type(screen.getByRole('textbox', { name: 'Unit price (EUR)' }), '999.99');
    await user.click(screen.getByRole('radio', { name: 'Percent' }));
    await user.type(screen.getByRole('textbox', { name: 'Deposit (%)' }), '30');

    // 1.5 × 999.99 = 1,499.985, rounded to the cent as the server does.
    const list = within(screen.getByRole('status', { name: 'Figures' }));
    expect(list.getByText('€1,499.99')).toBeVisible();
    expect(list.getByText('Deposit (30%)')).toBeVisible();
    expect(list.getByText('€450.00')).toBeVisible();
    // The client's page, drawn by the server's own card once the typing pauses.
    const preview = screen.getByTitle("The client's page");
    await waitFor(() => expect(preview.getAttribute('srcdoc')).toContain('€450.00'));
    const page = preview.getAttribute('srcdoc') ?? '';
    expect(page).toContain('€1,499.99');
    expect(page).toContain('Workshop');
    expect(page).toContain('<h1 class="text-2xl font-bold text-ink">Support inbox pilot</h1>');
  });

  it("shows a price it cannot read at its field and sends nothing; the server's refusal at its own", async () => {
    const server = editorServer();
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Item 1 description' }), 'Workshop');
    const price = screen.getByRole('textbox', { name: 'Unit price (EUR)' });
    await user.type(price, 'a lot');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price).toHaveAccessibleDescription(PRICE_MESSAGE);
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('proposals.update')).toEqual([]);

    await user.clear(price);
    await user.type(price, '1500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const description = screen.getByRole('textbox', { name: 'Item 1 description' });
    await waitFor(() => expect(description).toHaveAccessibleDescription('Refused by the server'));
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('proposals.update')[0]?.input).toMatchObject({
      id: 5,
      items: [{ description: 'Workshop', quantity: 1, unitAmount: 150000 }],
    });
  });

  it('with invoicing on, taxes an item left to the profile at its default: net, VAT 19% and the gross total', async () => {
    editorServer({ invoicingOn: true });
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={draft} />);
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Item 1 description' }), 'Workshop');
    await user.type(screen.getByRole('textbox', { name: 'Unit price (EUR)' }), '1000');
    await screen.findByRole('button', { name: /^From the profile \(VAT 19%\)/ });

    const figures = within(screen.getByRole('status', { name: 'Figures' }));
    const terms = figures.getAllByRole('term').map((term) => term.textContent);
    const amounts = figures.getAllByRole('definition').map((amount) => amount.textContent);
    expect(terms).toEqual(['Net', 'VAT 19%', 'Total']);
    expect(amounts).toEqual(['€1,000.00', '€190.00', '€1,190.00']);
    // The preview draws the same rows with the server's own card.
    const preview = screen.getByTitle("The client's page");
    await waitFor(() => expect(preview.getAttribute('srcdoc')).toContain('€1,190.00'));
    expect(preview.getAttribute('srcdoc')).toContain('VAT 19%');
  });

  it('sends VAT only when chosen: S at 0 is refused at the rate before saving, S at 7 is sent', async () => {
    const server = editorServer();
    const user = userEvent.setup();
    renderAdmin(<DraftEditor proposal={draft} />);
    const add = await screen.findByRole('button', { name: 'Add item' });
    await user.click(add);
    await user.click(add);
    const first = within(screen.getByRole('listitem', { name: 'Item 1' }));
    const second = within(screen.getByRole('listitem', { name: 'Item 2' }));
    await enterText(user, first.getByRole('textbox', { name: 'Item 1 description' }), 'Workshop');
    await enterText(user, first.getByRole('textbox', { name: 'Unit price (EUR)' }), '1000');
    await enterText(user, second.getByRole('textbox', { name: 'Item 2 description' }), 'Travel');
    await enterText(user, second.getByRole('textbox', { name: 'Unit price (EUR)' }), '200');
    // Invoicing is off: an item left unset has no VAT.
    expect(second.getByRole('button', { name: /^No VAT/ })).toBeVisible();

    await user.click(first.getByRole('button', { name: /^No VAT/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard rate (S)' }));
    const rate = first.getByRole('textbox', { name: 'Rate (%)' });
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rate).toHaveAccessibleDescription(INVOICE_MESSAGES.standardRate);
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('proposals.update')).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('proposals.update')).toHaveLength(1));
    // Each item whole: the one left unset carries neither a category nor a rate.
    expect(server.callsTo('proposals.update')[0]?.input).toEqual(
      expect.objectContaining({
        items: [
          { description: 'Workshop', quantity: 1, unitAmount: 100000, category: 'S', rate: 7 },
          { description: 'Travel', quantity: 1, unitAmount: 20000 },
        ],
      }),
    );
  });
});
