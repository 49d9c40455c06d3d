import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfFonts } from '#tests/support/pdf-parts';
import { pdfText } from '#tests/support/pdf-text';
import { TYPED_NAME } from '#tests/support/invoices';
import { formatMoney, proposalAmounts } from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { documentHash } from '../document-hash';
import { proposalPdf, proposalPdfFilename, type ProposalPdfInput } from './proposal-pdf';

afterEach(() => {
  vi.useRealTimers();
});

const items = [
  { description: 'Discovery workshop (two days, on site)', quantity: 2, unitAmount: 180_000 },
  { description: 'Retrieval prototype on your documents', quantity: 1, unitAmount: 950_000 },
  { description: 'Evaluation set and report', quantity: 1.5, unitAmount: 120_000 },
];
const deposit = { kind: 'percent' as const, value: 30 };

function proposal(changes: Partial<Proposal> = {}): Proposal {
  const amounts = proposalAmounts(changes.items ?? items, changes.deposit ?? deposit);
  return {
    id: 7,
    leadId: 3,
    number: 'P-2026-3',
    title: 'Document assistant for Zoë’s Bäckerei',
    summary: '## The goal\n\nAnswers from **your own** handbooks, with sources.\n\n- One\n- Two',
    items,
    currency: 'EUR',
    deposit,
    ...amounts,
    validUntil: '2026-12-31',
    terms: 'Payment within 30 days of the invoice.',
    status: 'accepted',
    version: 2,
    createdAt: '2026-11-20T08:00:00.000Z',
    sentAt: '2026-11-20T09:00:00.000Z',
    viewedAt: '2026-11-21T10:15:00.000Z',
    decidedAt: '2026-11-22T11:45:21.000Z',
    declineReason: null,
    acceptance: null,
    payments: [],
    ...changes,
  };
}

const hash = documentHash(proposal());
const accepted: ProposalPdfInput = {
  proposal: proposal(),
  companyName: 'Harbor Lane AI',
  timeZone: 'Europe/Berlin',
  acceptance: {
    documentHash: hash,
    signature: {
      name: 'Helen Łukasiewicz',
      email: 'helen@example.com',
      emailProof: 'code',
      at: '2026-11-22T11:45:21.000Z',
      ip: '203.0.113.0/24',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
    },
    trail: [
      { what: 'sent', at: new Date('2026-11-20T09:00:00Z') },
      { what: 'viewed', at: new Date('2026-11-21T10:15:00Z') },
      { what: 'accepted', at: new Date('2026-11-22T11:45:21Z') },
    ],
  },
};

describe('proposalPdf', () => {
  it('prints the proposal as shown, then the certificate with the signer, the hash, both clocks and the trail', async () => {
    const bytes = await proposalPdf(accepted);
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(2);
    const [shown = '', certificate = ''] = pages;
    const total = formatMoney(accepted.proposal.total, 'EUR');
    expect(total).toBe('€14,900.00');
    for (const text of [
      'Document assistant for Zoë’s Bäckerei',
      'Proposal P-2026-3 · version 2',
      'Valid until 31 December 2026',
      'The goal',
      'Answers from your own handbooks, with sources.',
      'Retrieval prototype on your documents',
      '€1,800.00', // the evaluation's 1.5 × €1,200.00
      total,
      'Deposit (30%)',
      '€4,470.00',
      'Payment within 30 days of the invoice.',
    ]) {
      // Lines as a reader sees them: DejaVu's wider letters wrap a long description.
      expect(shown.replace(/\s+/g, ' ')).toContain(text);
    }
    expect(shown).not.toContain('**');
    expect(certificate).toContain('Certificate of acceptance');
    for (const text of [
      hash,
      'P-2026-3, version 2',
      // Printed as typed, in the embedded font.
      'Helen Łukasiewicz',
      'helen@example.com\n(confirmed by a code mailed to it)',
      '2026-11-22 11:45:21 UTC',
      'Sunday 22 November 2026, 12:45:21 CET',
      '203.0.113.0/24',
      'iPhone OS 18_1',
      'First opened by the client',
      '2026-11-21 10:15:00 UTC',
    ]) {
      expect(certificate).toContain(text);
    }
    expect(certificate).toContain('Proposal P-2026-3 v2 · Page 2 of 2 · Harbor Lane AI');
  });

  it('makes the same bytes from the same inputs, and no certificate before acceptance', async () => {
    // A year apart on the clock: nothing of the moment of rendering gets in.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T12:00:00Z') });
    const first = await proposalPdf(accepted);
    vi.setSystemTime(new Date('2027-11-22T12:00:00Z'));
    const second = await proposalPdf(accepted);
    vi.useRealTimers();
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const draft = await proposalPdf({ ...accepted, acceptance: null });
    const pages = await pdfText(draft);
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('Certificate');
  });

  it('carries long terms over as many pages as they take, text beyond Latin-1 included', async () => {
    const clause = (n: number) =>
      `${n}. The client’s data stays in the EU → processed only as agreed; ` +
      'liability is limited to the fees paid in the twelve months before the claim 🙂.';
    const terms = Array.from({ length: 120 }, (_, i) => clause(i + 1)).join('\n\n');
    const bytes = await proposalPdf({
      ...accepted,
      proposal: proposal({ terms, title: '报价 for Łódź' }),
    });
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(4);
    const all = pages.join('\n');
    // What the embedded font has no glyph for (Chinese) is the replacement sign; the rest as typed.
    expect(all).toContain('\uFFFD\uFFFD for Łódź');
    expect(all).toContain('stays in the EU → processed');
    // The last clause reaches the page before the certificate.
    expect(pages.at(-2)).toContain('120. The client’s data');
    expect(pages.at(-1)).toContain('Certificate of acceptance');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("flows a paragraph's single line breaks as spaces, as the client's page does", async () => {
    const terms = '## Payment\n\nInvoices are due\nwithin 30 days.\n\nA second\nparagraph.';
    const pages = await pdfText(
      await proposalPdf({ ...accepted, acceptance: null, proposal: proposal({ terms }) }),
    );
    expect(pages[0]).toContain('Invoices are due within 30 days.');
    expect(pages[0]).toContain('A second paragraph.');
  });

  it('prints "Zoë Łódź-Ørsted" as typed, in fonts embedded in the file', async () => {
    const bytes = await proposalPdf({
      ...accepted,
      companyName: 'Ørsted & Łódź AI',
      acceptance: {
        ...accepted.acceptance!,
        signature: { ...accepted.acceptance!.signature, name: TYPED_NAME },
      },
      proposal: proposal({ title: `Document assistant for ${TYPED_NAME}` }),
    });
    const [shown = '', certificate = ''] = await pdfText(bytes);
    expect(shown).toContain(`Document assistant for ${TYPED_NAME}`);
    expect(shown).toContain('Ørsted & Łódź AI');
    expect(certificate).toContain(TYPED_NAME);
    expect(certificate).toContain('Proposal P-2026-3 v2 · Page 2 of 2 · Ørsted & Łódź AI');
    const fonts = await pdfFonts(bytes);
    const text = fonts.filter((font) => font.name.includes('DejaVuSans'));
    expect(text.map((font) => font.name).sort()).toEqual([
      'DJVSBD+DejaVuSans-Bold',
      'DJVSRG+DejaVuSans',
    ]);
    expect(text.every((font) => font.embedded)).toBe(true);
  });

  it('names the file after the number and version, safe in a header', () => {
    expect(proposalPdfFilename({ number: 'P-2026-3', version: 2 })).toBe(
      'Proposal P-2026-3 v2.pdf',
    );
    expect(proposalPdfFilename({ number: 'P-2026/3"\r\n', version: 1 })).toBe(
      'Proposal P-2026-3- v1.pdf',
    );
  });
});
