import type { DailyRow } from '#shared/shapes/analytics';
import { formatFullDay } from '../ui/date-time';
import { formatCount } from '../ui/number-words';

/** The daily chart's numbers as a table, for whoever would rather read than look. */
export function DailyTable({ daily, rangeLabel }: { daily: DailyRow[]; rangeLabel: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Visitors and pageviews per day, {rangeLabel}</caption>
      <thead className="border-b border-line text-muted">
        <tr>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Day
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            Visitors
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Pageviews
          </th>
        </tr>
      </thead>
      <tbody>
        {daily.map((d) => (
          <tr key={d.date} className="border-b border-line">
            <th scope="row" className="py-1.5 pr-4 font-normal text-ink">
              <time dateTime={d.date}>{formatFullDay(d.date)}</time>
            </th>
            <td className="py-1.5 pr-4 text-right text-ink tabular-nums">
              {formatCount(d.visitors)}
            </td>
            <td className="py-1.5 text-right text-ink tabular-nums">{formatCount(d.pageviews)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
