import { formatMoney, lineAmount } from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { formatFullDay } from '../ui/date-time';
import { useDebouncedValue } from '../ui/use-debounced-value';
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
export type PreviewProposal = ReturnType<typeof previewOf>;

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

/** The proposal as a document: number, title, validity, items, total and deposit. */
export function ProposalDocument({ proposal: p }: { proposal: PreviewProposal }) {
  const money = (amount: number) => formatMoney(amount, p.currency);
  return (
    <article className="flex flex-col gap-4 text-ink">
      <header>
        <p className="text-sm text-muted">
          {p.number}, version {p.version}
        </p>
        <h3 className="text-xl font-bold break-words">{p.title || 'Untitled'}</h3>
        {p.validUntil ? (
          <p className="text-sm text-muted">Valid until {formatFullDay(p.validUntil)}</p>
        ) : null}
      </header>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The items as the client sees them</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {p.items.map((item, index) => (
            <tr key={index} className="border-b border-line align-top">
              <td className="py-2 pr-3 wrap-anywhere">
                {item.description}
                <span className="block text-muted">
                  {item.quantity} × {money(item.unitAmount)}
                </span>
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">
                {money(lineAmount(item))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-bold">
              Total
            </th>
            <td className="pt-3 text-right font-bold whitespace-nowrap tabular-nums">
              {money(p.total)}
            </td>
          </tr>
          {p.deposit ? (
            <tr>
              <th scope="row" className="pt-1 text-left font-medium text-muted">
                Deposit{p.deposit.kind === 'percent' ? ` (${p.deposit.value}%)` : ''}
              </th>
              <td className="pt-1 text-right whitespace-nowrap text-muted tabular-nums">
                {money(p.depositAmount)}
              </td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </article>
  );
}
