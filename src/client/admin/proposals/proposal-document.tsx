import { formatMoney, lineAmount, type Deposit, type ProposalItem } from '#shared/proposals';
import { hasVat, vatFigures, vatLabel } from '#shared/proposal-vat';
import { formatFullDay } from '../ui/date-time';

/** What the document shows of a proposal: a stored one, or a draft as typed. */
export interface DocumentProposal {
  number: string;
  version: number;
  title: string;
  items: readonly ProposalItem[];
  currency: string;
  deposit: Deposit | null;
  total: number;
  depositAmount: number;
  validUntil: string | null;
}

/**
 * The proposal as a document: number, title, validity, items, total and deposit. With VAT on
 * its items (docs/invoices.md, "Proposals and deposits"), each item says its rate, and the net
 * and each rate's tax come before the gross total, as on the client's page.
 */
export function ProposalDocument({ proposal: p }: { proposal: DocumentProposal }) {
  const money = (amount: number) => formatMoney(amount, p.currency);
  const vat = hasVat(p.items) ? vatFigures(p.items) : null;
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
                {item.category ? <span className="block text-muted">{vatLabel(item)}</span> : null}
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">
                {money(lineAmount(item))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {vat ? (
            <>
              <FootRow label="Net" amount={money(vat.net)} first />
              {vat.groups.map((group) => (
                <FootRow
                  key={`${group.category ?? 'none'} ${group.rate}`}
                  label={vatLabel(group)}
                  amount={money(group.tax)}
                />
              ))}
            </>
          ) : null}
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

/** A figure above the total: the net, or one rate's tax. */
function FootRow({ label, amount, first }: { label: string; amount: string; first?: boolean }) {
  const space = first ? 'pt-3' : 'pt-1';
  return (
    <tr>
      <th scope="row" className={`${space} text-left font-medium text-muted`}>
        {label}
      </th>
      <td className={`${space} text-right whitespace-nowrap tabular-nums`}>{amount}</td>
    </tr>
  );
}
