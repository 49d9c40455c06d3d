import { formatMoney, type Deposit, type ProposalItem } from '#shared/proposals';
import { hasVat, vatFigures, vatLabel } from '#shared/proposal-vat';

interface ProposalFiguresProps {
  /** The items as they will be stored: those left to the profile with its VAT when known. */
  items: readonly ProposalItem[];
  total: number;
  depositAmount: number;
  deposit: Deposit | null;
  currency: string;
}

/**
 * The figures of what is typed, by the server's own rule (`proposalAmounts`, and with VAT the
 * invoice's groups, docs/invoices.md "Proposals and deposits"): what Save will store and the
 * client will see. With VAT on an item, the net and each rate's tax come first, and the total
 * is gross. A status (a polite live region): a screen reader hears the new figures when the
 * typing pauses.
 */
export function ProposalFigures({
  items,
  total,
  depositAmount,
  deposit,
  currency,
}: ProposalFiguresProps) {
  const vat = hasVat(items) ? vatFigures(items) : null;
  return (
    <div role="status" aria-label="Figures">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-line bg-subtle p-3 text-sm">
        {vat ? (
          <>
            <Figure label="Net" amount={formatMoney(vat.net, currency)} />
            {vat.groups.map((group) => (
              <Figure
                key={`${group.category ?? 'none'} ${group.rate}`}
                label={vatLabel(group)}
                amount={formatMoney(group.tax, currency)}
              />
            ))}
          </>
        ) : null}
        <dt className="font-semibold text-ink">Total</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">
          {formatMoney(total, currency)}
        </dd>
        {deposit ? (
          <>
            <dt className="text-muted">
              Deposit{deposit.kind === 'percent' ? ` (${deposit.value}%)` : ''}
            </dt>
            <dd className="text-right text-muted tabular-nums">
              {formatMoney(depositAmount, currency)}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function Figure({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-right text-ink tabular-nums">{amount}</dd>
    </>
  );
}
