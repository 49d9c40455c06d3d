/**
 * Cookieless analytics: the event a page sends, the report's range and the report's shape,
 * written once for the server (`analytics.*` procedures, /api/event, /api/analytics) and the
 * admin's Overview screen (docs/analytics.md).
 */
import { z } from 'zod/mini';
import type { EntryKind } from './entry-values';

/** A custom event's name; `pageview` is the page's own. */
export const EVENT_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** Recorded by the server when a form is accepted; a page can never send these. */
export const CONVERSION_EVENTS = ['contact', 'subscription', 'booking'] as const;
export const ANALYTICS_LIMITS = { urlMax: 2000, referrerMax: 2000, rangeMaxDays: 366 } as const;

export const ANALYTICS_MESSAGES = {
  name: 'Event name must be pageview or 1-40 lower-case letters, digits and underscores',
  url: 'Url must be an absolute http(s) address',
  date: 'Dates must be YYYY-MM-DD',
  range: `The range must end on or after its start and span at most ${ANALYTICS_LIMITS.rangeMaxDays} days`,
} as const;

/** What the beacon posts to /api/event. */
export const eventInput = z.object({
  name: z.string().check(z.regex(EVENT_NAME, ANALYTICS_MESSAGES.name)),
  url: z.string().check(z.maxLength(ANALYTICS_LIMITS.urlMax, ANALYTICS_MESSAGES.url)),
  referrer: z.optional(
    z.nullable(z.string().check(z.maxLength(ANALYTICS_LIMITS.referrerMax, ANALYTICS_MESSAGES.url))),
  ),
});
export type EventInput = z.input<typeof eventInput>;

const day = z.optional(
  z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, ANALYTICS_MESSAGES.date)),
);
/**
 * Days of SITE_TIMEZONE, both included; blank or missing: the last 30 days up to today. The
 * server checks the dates are real and the span (400 with ANALYTICS_MESSAGES.range).
 */
export const analyticsRangeInput = z.prefault(z.object({ from: day, to: day }), {});
export type AnalyticsRangeInput = z.input<typeof analyticsRangeInput>;

export const deviceValues = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof deviceValues)[number];

export interface PeriodTotals {
  /** The sum of each day's unique visitors (a visitor is only known within one day). */
  visitors: number;
  pageviews: number;
  contacts: number;
  subscriptions: number;
  /** Calls booked (docs/booking.md). */
  bookings: number;
  /** contacts / visitors; 0 when there were no visitors. */
  conversionRate: number;
  /**
   * The median minutes from a lead's creation to the first reply sent to it, over the leads
   * created in the period that have one, rounded to the nearest minute; null when none.
   */
  medianFirstReplyMinutes: number | null;
}

export interface DailyRow {
  /** YYYY-MM-DD in SITE_TIMEZONE. */
  date: string;
  visitors: number;
  pageviews: number;
  contacts: number;
  subscriptions: number;
  bookings: number;
}

export interface SourceRow {
  source: string;
  visitors: number;
  contacts: number;
  bookings: number;
  leads: number;
  won: number;
  /** Whole units of the site's currency; 0 when none is won. */
  wonValue: number;
}

/** The answer of `analytics.report` (GET /api/analytics adds `success: true`). */
export interface AnalyticsReport {
  from: string;
  to: string;
  totals: PeriodTotals;
  /** The period of equal length just before `from`. */
  previous: PeriodTotals;
  /** One row per day of the range, zeros included, oldest first. */
  daily: DailyRow[];
  /** Each list is sorted by its first number, largest first, at most 50 rows. */
  pages: { path: string; visitors: number; pageviews: number }[];
  /**
   * A referrer's host, the utm_source, or `Direct`. `leads` are the leads created in the range
   * credited to the source, `won` those of them now won, `wonValue` the sum of their values.
   */
  sources: SourceRow[];
  campaigns: {
    source: string;
    medium: string | null;
    campaign: string;
    visitors: number;
    contacts: number;
    bookings: number;
  }[];
  devices: { device: Device; visitors: number }[];
  events: { name: string; count: number }[];
  /** Visitors seen in the last 5 minutes. */
  live: number;
}

/**
 * One row of "Content that brings enquiries" (`analytics.entryEnquiries`, GET
 * /api/analytics/entries): a published entry, its readers in the range (visitor-days with a
 * pageview of its page) and the messages and bookings its readers sent the same day.
 */
export interface EntryEnquiryRow {
  id: number;
  kind: EntryKind;
  title: string;
  /** The entry's page, a path on the site. */
  url: string;
  readers: number;
  enquiries: number;
}
