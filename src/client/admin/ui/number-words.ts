import { DAY_MINUTES } from '#shared/calendar-days';

/**
 * The admin's numbers in words: the Overview's (docs/product.md, "Overview") and a
 * newsletter's progress; their days are written by admin/ui/date-time.tsx, as every admin date
 * is.
 */

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 1234 -> "1,234". */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A fraction as a percentage: 0.0425 -> "4.3%". */
export function formatRate(fraction: number): string {
  return percent.format(fraction);
}

/** "7 days", "1 day": a range's length, for "previous 7 days". */
export function formatDayCount(days: number): string {
  return days === 1 ? '1 day' : `${formatCount(days)} days`;
}

export type ChangeDirection = 'up' | 'down' | 'same';

export interface PeriodChange {
  direction: ChangeDirection;
  /** The change in words, without the arrow: "up 25%", "down 1.5 points", "no change". */
  words: string;
}

/**
 * A number against the same number of the previous period. Counts change by a percentage of
 * the previous one ("up 25%"; "up from none" when it was zero); a rate changes by percentage
 * points ("up 1.5 points"), since a percentage of a percentage misleads.
 */
export function periodChange(
  current: number,
  previous: number,
  kind: 'count' | 'rate' = 'count',
): PeriodChange {
  const direction: ChangeDirection =
    current > previous ? 'up' : current < previous ? 'down' : 'same';
  if (direction === 'same') return { direction, words: 'no change' };
  if (kind === 'rate') {
    const points = Math.abs(current - previous) * 100;
    const rounded = Number(points.toFixed(1));
    return { direction, words: `${direction} ${rounded} ${rounded === 1 ? 'point' : 'points'}` };
  }
  if (previous === 0) return { direction, words: 'up from none' };
  const change = Math.abs(current - previous) / previous;
  // A change under 0.05% still moved: it reads "up <0.1%", never "up 0%".
  return { direction, words: `${direction} ${change < 0.0005 ? '<0.1%' : formatRate(change)}` };
}

/** Contacts per visitor as a rate, 0 with no visitors (as the report computes it). */
export function conversionRate(contacts: number, visitors: number): number {
  return visitors === 0 ? 0 : contacts / visitors;
}

const HOUR = 60;

/**
 * A wait in whole minutes, in the two largest units that say it: "45 min", "3 h 10 min",
 * "3 h", "2 d 4 h", "2 d"; "—" when there is none (no lead replied to).
 */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < HOUR) return `${minutes} min`;
  const [big, bigUnit, small, smallUnit] =
    minutes < DAY_MINUTES
      ? [Math.floor(minutes / HOUR), 'h', minutes % HOUR, 'min']
      : [Math.floor(minutes / DAY_MINUTES), 'd', Math.floor((minutes % DAY_MINUTES) / HOUR), 'h'];
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}
