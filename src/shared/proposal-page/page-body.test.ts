/**
 * The card of the client's proposal page as pure HTML: what each state offers, the owner's
 * words escaped, and the admin's preview with its forms switched off.
 */
import { describe, expect, it } from 'vitest';
import type { ClientProposal } from '../shapes/proposal-page';
import type { Proposal } from '../shapes/proposals';
import { previewPageView, proposalPageBody, type ProposalPageView } from './page-body';
import { PROPOSAL_PAGE_TEXTS as T } from './texts';

const PROPOSAL: ClientProposal = {
  number: 'P-2026-7',
  version: 2,
  linkVersion: 2,
  title: 'Assistant',
  summary: 'See [our site](https://harbor.example) and [this](javascript:alert(1)).',
  items: [{ description: 'Build <b>it</b>', quantity: 1.5, unitAmount: 100_000 }],
  currency: 'EUR',
  deposit: { kind: 'amount', value: 50_000 },
  total: 150_000,
  depositAmount: 50_000,
  depositDue: 50_000,
  validUntil: '2026-03-01',
  terms: '',
  status: 'viewed',
  sentAt: '2026-02-01T09:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  acceptance: null,
  depositWay: 'none',
  bankTransferText: null,
  invoicing: false,
  buyer: null,
};

const view = (proposal: Partial<ClientProposal>, rest: Partial<ProposalPageView> = {}) =>
  proposalPageBody({
    proposal: { ...PROPOSAL, ...proposal },
    action: '/p/TOKEN',
    timeZone: 'Europe/London',
    ...rest,
  });

const accepted: Partial<ClientProposal> = {
  status: 'accepted',
  decidedAt: '2026-02-02T23:30:00.000Z',
  acceptance: {
    name: 'Ada <Lovelace>',
    email: 'ada@client.example',
    at: '2026-02-02T23:30:00.000Z',
    documentHash: 'a'.repeat(64),
  },
};

describe('proposalPageBody', () => {
  it('escapes the owner words, keeps only safe links, and stacks quantity and price on a phone', () => {
    const html = view({});
    expect(html).toContain('Build &lt;b&gt;it&lt;/b&gt;');
    expect(html).toContain('href="https://harbor.example"');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(
      '<span class="mt-1 block text-sm text-muted sm:hidden">1.5 × €1,000.00</span>',
    );
    expect(html).toContain('€1,500.00');
    expect(html).toContain(T.numberLine('P-2026-7', 2));
    expect(html).toContain('action="/p/TOKEN/accept"');
    expect(html).toContain('action="/p/TOKEN/decline"');
  });

  it('with VAT: each item names its rate, and the net and each rate’s tax stand above the total', () => {
    const html = view({
      items: [
        { description: 'Build', quantity: 1, unitAmount: 100_000, category: 'S', rate: 19 },
        { description: 'Books', quantity: 1, unitAmount: 5_000, category: 'Z', rate: 0 },
      ],
      total: 124_000,
    });
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Build 1 × €1,000.00 VAT 19%');
    expect(text).toContain('Books 1 × €50.00 VAT 0% (zero rated)');
    // The footer's labels are written twice (a phone's and a wider screen's), the amount once.
    expect(text).toMatch(
      /Net Net €1,050\.00 VAT 19% VAT 19% €190\.00 VAT 0% \(zero rated\) VAT 0% \(zero rated\) €0\.00 Total Total €1,240\.00/,
    );
    expect(view({})).not.toContain('>Net<');
  });

  it("starts the owner's Markdown headings at h3, under the section's h2", () => {
    const html = view({ terms: '# Terms\n\n## Payment\n\n### Late fees\n\nText.' });
    expect(html).toContain('<h3>Terms</h3>');
    expect(html).toContain('<h3>Payment</h3>');
    expect(html).toContain('<h4>Late fees</h4>');
    expect(html).not.toMatch(/<h1|<h2>/);
  });

  it("flows a paragraph's single line breaks as spaces, in the summary and the terms", () => {
    const html = view({
      summary: 'We build\nan assistant.',
      terms: '## Payment\n\nInvoices are due\nwithin 30 days.  \nBank: see the invoice.',
    });
    expect(html).toContain('<p>We build\nan assistant.</p>');
    expect(html).toContain('Invoices are due\nwithin 30 days.<br>\nBank: see the invoice.');
    expect(html.match(/<br>/g)).toHaveLength(1);
  });

  it('once accepted: who and when in the site zone, the signed PDF, and the deposit offered its way', () => {
    const bank = view({ ...accepted, depositWay: 'bank', bankTransferText: 'IBAN <DE00>' });
    // 23:30 UTC on 2 February is still 2 February in London.
    expect(bank).toContain('Accepted by Ada &lt;Lovelace&gt; on');
    expect(bank).toContain('2 February 2026.');
    expect(bank).toContain('href="/p/TOKEN/pdf"');
    expect(bank).toContain('IBAN &lt;DE00&gt;');
    expect(bank).not.toContain('/accept"');
    const stripe = view({ ...accepted, depositWay: 'stripe' });
    expect(stripe).toContain('<form method="post" action="/p/TOKEN/checkout"');
    expect(stripe).toContain(`>${T.payDeposit}</button>`);
    expect(view({ ...accepted, depositWay: 'paid' })).toContain(T.depositPaid);
  });

  it('asks what is still due of the deposit once part of it was paid and kept', () => {
    const stripe = view({ ...accepted, depositWay: 'stripe', depositDue: 20_000 });
    expect(stripe).toContain('€200.00 of the €500.00 deposit is still due.');
    const bank = view({ ...accepted, depositWay: 'bank', depositDue: 20_000 });
    expect(bank).toContain('Please pay the €200.00 still due of the €500.00 deposit by bank');
    // The table still shows the deposit the proposal asks.
    expect(stripe).toContain('€500.00</td>');
  });

  it('says why a closed one cannot be answered, and offers no form', () => {
    for (const [status, words] of [
      ['withdrawn', T.withdrawn],
      ['expired', 'This proposal expired on'],
      ['declined', 'This proposal was declined on'],
    ] as const) {
      const html = view({ status, decidedAt: '2026-02-03T10:00:00.000Z' });
      expect(html).toContain(words);
      expect(html).not.toContain('<form');
    }
    const replaced = view({ linkVersion: 1 });
    expect(replaced).toContain(T.replacedBy(1, 2));
    expect(replaced).not.toContain('<form');
  });

  it('draws the admin preview with its forms switched off and no link to act on', () => {
    const p = PROPOSAL;
    const draft: Proposal = {
      number: p.number,
      version: p.version,
      title: p.title,
      summary: p.summary,
      items: p.items,
      currency: p.currency,
      deposit: p.deposit,
      net: p.total,
      tax: 0,
      total: p.total,
      depositAmount: p.depositAmount,
      validUntil: p.validUntil,
      terms: p.terms,
      sentAt: null,
      decidedAt: null,
      declineReason: null,
      acceptance: null,
      id: 3,
      leadId: 1,
      status: 'draft',
      createdAt: '2026-02-01T09:00:00.000Z',
      viewedAt: null,
      payments: [],
    };
    const html = proposalPageBody(previewPageView(draft, 'UTC'));
    expect(html).toContain('<fieldset disabled');
    expect(html).toContain(T.acceptButton);
    expect(html).not.toContain('action=');
  });
});
