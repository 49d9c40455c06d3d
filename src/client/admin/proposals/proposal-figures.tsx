import { formatMoney, type Deposit } from '#shared/proposals';

interface ProposalFiguresProps {
  total: number;
  depositAmount: number;
  deposit: Deposit | null;
  currency: string;
}

/**
 * The total and the deposit of what is typed, by the server's own rule (`proposalAmounts`):
 * what Save will store and the client will see. A status (a polite live region): a screen reader hears
 * the new total when the typing pauses.
 */
export function ProposalFigures({ total, depositAmount, deposit, currency }: ProposalFiguresProps) {
  return (
    <div role="status" aria-label="Figures">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-line bg-subtle p-3 text-sm">
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
