import type { Proposal } from '#shared/shapes/proposals';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { ProposalDocument } from './proposal-document';
import { typedAmounts, type ProposalValues } from './proposal-values';

/** The preview follows the typing after this pause (as the newsletter editor's does). */
export const PREVIEW_DEBOUNCE_MS = 200;

/** The draft as its client will read it: the typed fields with the server's figures. */
export function previewOf(proposal: Proposal, values: ProposalValues) {
  const amounts = typedAmounts(values, proposal.currency);
  return {
    number: proposal.number,
    version: proposal.version,
    title: values.title,
    summary: values.summary,
    items: amounts.items,
    currency: amounts.currency,
    deposit: amounts.deposit,
    total: amounts.total,
    depositAmount: amounts.depositAmount,
    validUntil: values.validUntil === '' ? null : values.validUntil,
    terms: values.terms,
  };
}

/**
 * What the client's page will show of the draft (docs/proposals.md, "Admin screens"), drawn
 * again once the typing pauses: its title, items, total, deposit and validity.
 */
export function ProposalPreview({
  proposal,
  values,
}: {
  proposal: Proposal;
  values: ProposalValues;
}) {
  const settled = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const preview = previewOf(proposal, settled);
  return (
    <section aria-labelledby="proposal-preview-heading" className="flex flex-col gap-3">
      <h2 id="proposal-preview-heading" className="text-lg font-semibold text-ink">
        Preview
      </h2>
      <p className="text-sm text-muted">What your client will read, as you type.</p>
      <div
        role="region"
        aria-label="The client's page"
        className="rounded-md border border-line bg-raised p-4"
      >
        <ProposalDocument proposal={preview} />
      </div>
    </section>
  );
}
