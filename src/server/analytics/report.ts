import type { Db } from '#db';
import type { AnalyticsReport, DailyRow, PeriodTotals } from '#shared/shapes/analytics';
import { addDays } from '#shared/calendar-days';
import { dayOf, dayStart } from './days';
import { previousRange, type DayRange } from './range';
import { invoiceFigures } from './invoice-figures';
import { proposalFigures } from './proposal-figures';
import {
  campaignsOf,
  dailyRows,
  devicesOf,
  eventsOf,
  LIVE_MS,
  liveVisitors,
  medianFirstReplyMinutes,
  pagesOf,
  sourcesOf,
} from './report-query';

export function totalsOf(rows: DailyRow[], medianFirstReplyMinutes: number | null): PeriodTotals {
  const sum = (key: Exclude<keyof DailyRow, 'date'>) => rows.reduce((a, row) => a + row[key], 0);
  const visitors = sum('visitors');
  const contacts = sum('contacts');
  return {
    visitors,
    pageviews: sum('pageviews'),
    contacts,
    subscriptions: sum('subscriptions'),
    bookings: sum('bookings'),
    conversionRate: visitors === 0 ? 0 : contacts / visitors,
    medianFirstReplyMinutes,
  };
}

/** The report of `range` (docs/api.md, GET /api/analytics), read from committed rows. */
export async function analyticsReport(
  db: Db,
  range: DayRange,
  now: Date,
  timeZone: string,
): Promise<AnalyticsReport> {
  const before = previousRange(range);
  const liveDays = [
    ...new Set([dayOf(new Date(now.getTime() - LIVE_MS), timeZone), dayOf(now, timeZone)]),
  ];
  // Leads keep an instant, not a day: the range's days as instants of SITE_TIMEZONE.
  const createdIn = (days: DayRange) => ({
    start: dayStart(days.from, timeZone),
    end: dayStart(addDays(days.to, 1), timeZone),
  });
  const [
    days,
    pages,
    sources,
    campaigns,
    devices,
    events,
    live,
    replyNow,
    replyBefore,
    figures,
    invoiced,
  ] = await Promise.all([
    // The previous period and the range together: one read for both.
    dailyRows(db, { from: before.from, to: range.to }),
    pagesOf(db, range),
    sourcesOf(db, range, createdIn(range)),
    campaignsOf(db, range),
    devicesOf(db, range),
    eventsOf(db, range),
    liveVisitors(db, now, liveDays),
    medianFirstReplyMinutes(db, createdIn(range)),
    medianFirstReplyMinutes(db, createdIn(before)),
    proposalFigures(db, now, timeZone),
    invoiceFigures(db, now, timeZone),
  ]);
  const daily = days.filter((row) => row.date >= range.from);
  return {
    from: range.from,
    to: range.to,
    totals: totalsOf(daily, replyNow),
    previous: totalsOf(
      days.filter((row) => row.date < range.from),
      replyBefore,
    ),
    daily,
    pages,
    sources,
    campaigns,
    devices,
    events,
    live,
    proposals: figures,
    invoices: invoiced,
  };
}
