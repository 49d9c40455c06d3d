import type { PeriodTotals } from '#shared/shapes/analytics';
import {
  formatCount,
  formatDayCount,
  formatMinutes,
  formatRate,
  periodChange,
  type PeriodChange,
} from '../ui/number-words';

const CARDS: {
  key: Exclude<keyof PeriodTotals, 'medianFirstReplyMinutes'>;
  label: string;
  kind: 'count' | 'rate';
}[] = [
  { key: 'visitors', label: 'Visitors', kind: 'count' },
  { key: 'pageviews', label: 'Pageviews', kind: 'count' },
  { key: 'contacts', label: 'Contacts', kind: 'count' },
  { key: 'subscriptions', label: 'Subscriptions', kind: 'count' },
  { key: 'bookings', label: 'Calls booked', kind: 'count' },
  { key: 'conversionRate', label: 'Conversion rate', kind: 'rate' },
];

const ARROWS = { up: '▲', down: '▼', same: '=' } as const;
// More is better for every one of these numbers: green up, red down, each with its arrow and
// its words, so the colour is never the only sign.
const TONES = {
  up: 'text-green-800 dark:text-green-300',
  down: 'text-red-700 dark:text-red-300',
  same: 'text-muted',
} as const;

interface PeriodTotalsProps {
  totals: PeriodTotals;
  previous: PeriodTotals;
  /** The range's length, for "vs previous 7 days". */
  days: number;
}

/**
 * The six figures of the range, each with its change against the period just before, and the
 * median time to a first reply beside the previous period's.
 */
export function PeriodTotalsList({ totals, previous, days }: PeriodTotalsProps) {
  const against = `vs previous ${formatDayCount(days)}`;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {CARDS.map(({ key, label, kind }) => {
        const value = kind === 'rate' ? formatRate(totals[key]) : formatCount(totals[key]);
        const before = kind === 'rate' ? formatRate(previous[key]) : formatCount(previous[key]);
        return (
          <div key={key} className="rounded-lg border border-line bg-raised p-4">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{value}</dd>
            <dd className="mt-1 text-sm" title={`Previous period: ${before}`}>
              <Change change={periodChange(totals[key], previous[key], kind)} />{' '}
              <span className="text-muted">{against}</span>
            </dd>
          </div>
        );
      })}
      <div className="rounded-lg border border-line bg-raised p-4">
        <dt className="text-sm font-medium text-muted">Median time to first reply</dt>
        <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">
          {formatMinutes(totals.medianFirstReplyMinutes)}
        </dd>
        {/* A wait is better shorter: it shows the previous period's beside it, not a change
            coloured as if more were better. */}
        <dd className="mt-1 text-sm text-muted">
          {formatMinutes(previous.medianFirstReplyMinutes)} in the previous {formatDayCount(days)}
        </dd>
      </div>
    </dl>
  );
}

function Change({ change }: { change: PeriodChange }) {
  return (
    <span className={`font-semibold ${TONES[change.direction]}`}>
      <span aria-hidden="true">{ARROWS[change.direction]} </span>
      {change.words}
    </span>
  );
}
