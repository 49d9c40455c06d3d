import { formatMoney } from '#shared/money';
import { vatLabel } from '#shared/proposal-vat';
import type { Invoice } from '#shared/shapes/invoices';

type Totals = Pick<Invoice['totals'], 'net' | 'groups' | 'tax' | 'gross' | 'prepaid' | 'due'>;

interface InvoiceFiguresProps {
  totals: Totals;
  currency: string;
  /** An issued invoice's money since: credited, paid, still owed. */
  balance?: Invoice['balance'];
  /** Read out as the list's name: "Figures". */
  label?: string;
  /** A draft's figures follow the typing: a polite live region. */
  live?: boolean;
}

/**
 * An invoice's figures (docs/invoices.md, "The rules"): net, each VAT group's tax (rounded
 * once per group), gross, what deposits paid before (prepaid) and what is due; once issued,
 * what was credited, paid and is still owed. The figures are `invoiceTotals`'s, the server's
 * own, or the server's answer: this only writes them out.
 */
export function InvoiceFigures({
  totals,
  currency,
  balance,
  label = 'Figures',
  live = false,
}: InvoiceFiguresProps) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <div role={live ? 'status' : undefined} aria-label={label}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-line bg-subtle p-3 text-sm">
        <Figure label="Net" amount={money(totals.net)} />
        {totals.groups.map((group) => (
          <Figure
            key={`${group.category} ${group.rate}`}
            label={`${vatLabel(group)} on ${money(group.base)}`}
            amount={money(group.tax)}
          />
        ))}
        <Figure label="Gross" amount={money(totals.gross)} strong />
        {totals.prepaid > 0 ? (
          <>
            <Figure label="Paid before (deposits)" amount={money(totals.prepaid)} />
            <Figure label="Due" amount={money(totals.due)} strong />
          </>
        ) : null}
        {balance ? (
          <>
            {balance.credited > 0 ? (
              <Figure label="Credited" amount={money(balance.credited)} />
            ) : null}
            <Figure label="Paid" amount={money(balance.paid)} />
            <Figure
              label={balance.outstanding < 0 ? 'Owed back' : 'Outstanding'}
              amount={money(Math.abs(balance.outstanding))}
              strong
            />
          </>
        ) : null}
      </dl>
    </div>
  );
}

function Figure({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-semibold text-ink' : 'text-muted'}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-semibold text-ink' : 'text-ink'}`}>
        {amount}
      </dd>
    </>
  );
}
