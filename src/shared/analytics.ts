/**
 * Cookieless analytics: the event a page sends, the report's range and the report's shape,
 * written once for the server (`analytics.*` procedures, /api/event, /api/analytics) and the
 * admin's Overview screen (docs/analytics.md).
 */
import { z } from 'zod/mini';

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
