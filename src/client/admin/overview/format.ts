/** The Overview's numbers and days in words (docs/product.md, "Overview"). */

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
// Days are calendar days of the site (YYYY-MM-DD): formatted in UTC so no time zone moves them.
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const fullDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 1234 -> "1,234". */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A fraction as a percentage: 0.0425 -> "4.3%". */
export function formatRate(fraction: number): string {
  return percent.format(fraction);
}

/** "2026-03-07" -> "Mar 7". */
export function formatDay(day: string): string {
  return shortDay.format(utc(day));
}

/** "2026-03-07" -> "Sat, Mar 7, 2026": a table's day, whose weekday tells weekends apart. */
export function formatFullDay(day: string): string {
  return fullDay.format(utc(day));
}

/**
 * "Mar 1 – Mar 7, 2026", "Dec 25, 2025 – Jan 7, 2026", or one day: "Mar 7, 2026". Written out
 * rather than Intl's formatRange, whose spacing differs between ICU versions.
 */
export function formatRange(from: string, to: string): string {
  if (from === to) return longDay.format(utc(to));
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatDay(from) : longDay.format(utc(from));
  return `${start} – ${longDay.format(utc(to))}`;
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
const DAY = 24 * HOUR;

/**
 * A wait in whole minutes, in the two largest units that say it: "45 min", "3 h 10 min",
 * "3 h", "2 d 4 h", "2 d"; "—" when there is none (no lead replied to).
 */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < HOUR) return `${minutes} min`;
  const [big, bigUnit, small, smallUnit] =
    minutes < DAY
      ? [Math.floor(minutes / HOUR), 'h', minutes % HOUR, 'min']
      : [Math.floor(minutes / DAY), 'd', Math.floor((minutes % DAY) / HOUR), 'h'];
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}
