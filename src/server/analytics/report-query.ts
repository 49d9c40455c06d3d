/**
 * The report's reads. Every figure is counted from the raw events of the range's days, except
 * the daily rows of days whose raw events were pruned: those come from the rollup table
 * (retention.ts). A visitor is only known within one day (the salt changes), so "visitors"
 * over several days is always the sum of each day's visitors.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { CONVERSION_EVENTS, type Device } from '#shared/analytics';
import type { AnalyticsReport, DailyRow } from '#shared/shapes/analytics';
import { eachDay } from '#shared/calendar-days';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import { netPaid, type PaymentAmounts } from '#shared/proposal-payments';
import { wholeUnits } from '#shared/proposals';
import { NO_VISITOR } from './event-rows';
import type { DayRange } from './range';

/** Rows of each list in the report. */
export const TOP_ROWS = 50;
/** "Live": visitors seen this recently. */
export const LIVE_MS = 5 * 60_000;

const n = (value: unknown) => Number(value ?? 0);

/** One row per day of the range, zeros included: raw events and rolled-up days added. */
export async function dailyRows(db: Db, range: DayRange): Promise<DailyRow[]> {
  const [raw, rolled] = await Promise.all([
    db.all<Record<keyof DailyRow, unknown>>(sql`
      select day as date,
             count(distinct nullif(visitor, ${NO_VISITOR})) as visitors,
             sum(name = 'pageview') as pageviews,
             sum(name = 'contact') as contacts,
             sum(name = 'subscription') as subscriptions,
             sum(name = 'booking') as bookings
      from analytics_events
      where day between ${range.from} and ${range.to}
      group by day`),
    db.all<Record<keyof DailyRow, unknown>>(sql`
      select day as date, visitors, pageviews, contacts, subscriptions, bookings
      from analytics_daily
      where day between ${range.from} and ${range.to}`),
  ]);
  const byDay = new Map<string, DailyRow>(
    eachDay(range.from, range.to).map((date) => [
      date,
      { date, visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0, bookings: 0 },
    ]),
  );
  // A day is either still raw or rolled up; adding both also covers a day caught between.
  for (const row of [...raw, ...rolled]) {
    const day = byDay.get(String(row.date));
    if (!day) continue;
    day.visitors += n(row.visitors);
    day.pageviews += n(row.pageviews);
    day.contacts += n(row.contacts);
    day.subscriptions += n(row.subscriptions);
    day.bookings += n(row.bookings);
  }
  return [...byDay.values()];
}

export async function pagesOf(db: Db, range: DayRange): Promise<AnalyticsReport['pages']> {
  const rows = await db.all<Record<'path' | 'visitors' | 'pageviews', unknown>>(sql`
    select path, count(distinct day || visitor) as visitors, count(*) as pageviews
    from analytics_events
    where name = 'pageview' and day between ${range.from} and ${range.to}
    group by path
    order by visitors desc, pageviews desc, path
    limit ${TOP_ROWS}`);
  return rows.map((row) => ({
    path: String(row.path),
    visitors: n(row.visitors),
    pageviews: n(row.pageviews),
  }));
}

/**
 * One row per visitor-day, with the source of its first pageview (its utm_source, else its
 * referrer's host, else Direct), and one per contact, with the source it was credited to
 * when it was written (event-rows.ts), and likewise one per booking: `visitors`, `contacts`
 * and `bookings` add up per source.
 */
const visitorDays = (range: DayRange) => sql`
  select source, medium, campaign, 1 as visitors, 0 as contacts, 0 as bookings from (
    select coalesce(utm_source, referrer_host, 'Direct') as source,
           utm_medium as medium, utm_campaign as campaign,
           row_number() over (partition by day, visitor order by at, id) as rank
    from analytics_events
    where name = 'pageview' and day between ${range.from} and ${range.to}
  ) where rank = 1
  union all
  select coalesce(utm_source, referrer_host, 'Direct'), utm_medium, utm_campaign, 0,
         name = 'contact', name = 'booking'
  from analytics_events
  where name in ('contact', 'booking') and day between ${range.from} and ${range.to}`;

/** Instants from `start` (included) to `end` (excluded): the range's days in SITE_TIMEZONE. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/**
 * Sources by visitors, each with the leads created in the range credited to it (a lead with
 * no source is Direct, leads' own rule) and, of those, the ones won and their value. The 50
 * rows are picked with the sources that brought leads first, so a source of clients is never
 * cut for one of mere traffic; they are then sorted by visitors like every list.
 */
export async function sourcesOf(
  db: Db,
  range: DayRange,
  created: InstantRange,
): Promise<AnalyticsReport['sources']> {
  const rows = await db.all<
    Record<'source' | 'visitors' | 'contacts' | 'bookings' | 'leads' | 'won' | 'wonValue', unknown>
  >(sql`
    select source, visitors, contacts, bookings, leads, won, wonValue from (
      select source, sum(visitors) as visitors, sum(contacts) as contacts,
             sum(bookings) as bookings, sum(leads) as leads,
             sum(won) as won, sum(won_value) as wonValue
      from (
        select source, visitors, contacts, bookings, 0 as leads, 0 as won, 0 as won_value
        from (${visitorDays(range)})
        union all
        select coalesce(source, ${DIRECT_SOURCE}), 0, 0, 0, 1, status = 'won',
               -- A lead with payments counts them instead (wonByPayments, below).
               case when status = 'won' and not exists (${leadPayments}) then coalesce(value, 0)
                    else 0 end
        from leads
        where created_at >= ${created.start.getTime()} and created_at < ${created.end.getTime()}
      )
      group by source
      order by leads > 0 desc, visitors desc, contacts desc, bookings desc, source
      limit ${TOP_ROWS}
    )
    order by visitors desc, contacts desc, bookings desc, leads desc, source`);
  const paid = await wonByPayments(db, created);
  return rows.map((row) => ({
    source: String(row.source),
    visitors: n(row.visitors),
    contacts: n(row.contacts),
    bookings: n(row.bookings),
    leads: n(row.leads),
    won: n(row.won),
    wonValue: n(row.wonValue) + (paid.get(String(row.source)) ?? 0),
  }));
}

/**
 * The payments of the lead `leads.id` (the outer query's row): its proposals' and those of its
 * invoices other than deposit invoices, whose payment mirrors the proposal's (docs/payments.md,
 * "Won value").
 */
const leadPayments = sql`select 1 from proposal_payments pp join proposals p on p.id = pp.proposal_id
  where p.lead_id = leads.id
  union all
  select 1 from invoice_payments ip join invoices i on i.id = ip.invoice_id
  where i.lead_id = leads.id and i.role != 'deposit'`;

/**
 * Per source, what its won leads created in `created` were paid (docs/payments.md, "Won value"),
 * on their proposals and on their final and standalone invoices:
 * for each lead and currency, the payments less their refunds, in whole units of the currency
 * as a lead's typed value is. Such a lead's typed value is left out of `sourcesOf`'s sum.
 */
async function wonByPayments(db: Db, created: InstantRange): Promise<Map<string, number>> {
  const rows = await db.all<
    Record<'source' | 'lead' | 'currency' | 'amount' | 'refunded', unknown>
  >(sql`
    select coalesce(l.source, ${DIRECT_SOURCE}) as source, l.id as lead, pp.currency as currency,
           pp.amount as amount, pp.refunded_amount as refunded
    from proposal_payments pp
    join proposals p on p.id = pp.proposal_id
    join leads l on l.id = p.lead_id
    where l.status = 'won'
      and l.created_at >= ${created.start.getTime()} and l.created_at < ${created.end.getTime()}
    union all
    -- A final or standalone invoice's payments; a deposit invoice's is the proposal's, above.
    select coalesce(l.source, ${DIRECT_SOURCE}), l.id, ip.currency, ip.amount, 0
    from invoice_payments ip
    join invoices i on i.id = ip.invoice_id
    join leads l on l.id = i.lead_id
    where i.role != 'deposit' and l.status = 'won'
      and l.created_at >= ${created.start.getTime()} and l.created_at < ${created.end.getTime()}`);
  const byLead = new Map<
    string,
    { source: string; currency: string; payments: PaymentAmounts[] }
  >();
  for (const row of rows) {
    const key = `${n(row.lead)} ${String(row.currency)}`;
    const group = byLead.get(key) ?? {
      source: String(row.source),
      currency: String(row.currency),
      payments: [],
    };
    group.payments.push({ amount: n(row.amount), refundedAmount: n(row.refunded) });
    byLead.set(key, group);
  }
  const bySource = new Map<string, number>();
  for (const { source, currency, payments } of byLead.values()) {
    const units = wholeUnits(netPaid(payments), currency);
    bySource.set(source, (bySource.get(source) ?? 0) + units);
  }
  return bySource;
}

/**
 * The median minutes from creation to first reply of the leads created in `created` that
 * have one: the middle one, or the mean of the two middle ones, rounded to the nearest
 * minute (a half up); null when no such lead.
 */
export async function medianFirstReplyMinutes(
  db: Db,
  created: InstantRange,
): Promise<number | null> {
  const rows = await db.all<{ waited: unknown }>(sql`
    select first_reply_at - created_at as waited
    from leads
    where created_at >= ${created.start.getTime()} and created_at < ${created.end.getTime()}
      and first_reply_at is not null
    order by waited`);
  if (rows.length === 0) return null;
  const middle = rows.length / 2;
  const ms = Number.isInteger(middle)
    ? (n(rows[middle - 1]?.waited) + n(rows[middle]?.waited)) / 2
    : n(rows[Math.floor(middle)]?.waited);
  return Math.round(ms / 60_000);
}

export async function campaignsOf(db: Db, range: DayRange): Promise<AnalyticsReport['campaigns']> {
  const rows = await db.all<
    Record<'source' | 'medium' | 'campaign' | 'visitors' | 'contacts' | 'bookings', unknown>
  >(sql`
    select source, medium, campaign, sum(visitors) as visitors, sum(contacts) as contacts,
           sum(bookings) as bookings
    from (${visitorDays(range)})
    where campaign is not null
    group by source, medium, campaign
    order by visitors desc, contacts desc, bookings desc, source, medium, campaign
    limit ${TOP_ROWS}`);
  return rows.map((row) => ({
    source: String(row.source),
    medium: row.medium === null || row.medium === undefined ? null : String(row.medium),
    campaign: String(row.campaign),
    visitors: n(row.visitors),
    contacts: n(row.contacts),
    bookings: n(row.bookings),
  }));
}

/** A visitor's device is one per day: the user agent is part of the visitor's hash. */
export async function devicesOf(db: Db, range: DayRange): Promise<AnalyticsReport['devices']> {
  const rows = await db.all<Record<'device' | 'visitors', unknown>>(sql`
    select device, count(distinct day || visitor) as visitors
    from analytics_events
    where day between ${range.from} and ${range.to} and visitor <> ${NO_VISITOR}
    group by device
    order by visitors desc, device`);
  return rows.map((row) => ({ device: String(row.device) as Device, visitors: n(row.visitors) }));
}

/** What the events list leaves out: pageviews, and the conversions (counted in their columns). */
const NOT_PAGE_EVENTS = sql.join(
  ['pageview', ...CONVERSION_EVENTS].map((name) => sql`${name}`),
  sql`, `,
);

/** The pages' own events (cta_click, video_play, …): not pageviews, not conversions. */
export async function eventsOf(db: Db, range: DayRange): Promise<AnalyticsReport['events']> {
  const rows = await db.all<Record<'name' | 'count', unknown>>(sql`
    select name, count(*) as count
    from analytics_events
    where day between ${range.from} and ${range.to}
      and name not in (${NOT_PAGE_EVENTS})
    group by name
    order by count desc, name
    limit ${TOP_ROWS}`);
  return rows.map((row) => ({ name: String(row.name), count: n(row.count) }));
}

/**
 * Visitors seen in the last 5 minutes. Their days bound the read to the day index: the
 * window can straddle midnight, and a visitor then counts once per day.
 */
export async function liveVisitors(db: Db, now: Date, days: string[]): Promise<number> {
  const since = now.getTime() - LIVE_MS;
  const row = await db.get<{ visitors: unknown }>(sql`
    select count(distinct day || visitor) as visitors
    from analytics_events
    where day in (${sql.join(
      days.map((day) => sql`${day}`),
      sql`, `,
    )}) and at > ${since} and visitor <> ${NO_VISITOR}`);
  return n(row?.visitors);
}
