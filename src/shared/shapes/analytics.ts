/**
 * The answers of the `analytics` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { deviceValues } from '../analytics';
import { entryKindValues } from '../entries';
import { fileDownloadOutput } from './file-download';

export const periodTotalsOutput = z.strictObject({
  /** The sum of each day's unique visitors (a visitor is only known within one day). */
  visitors: z.number(),
  pageviews: z.number(),
  contacts: z.number(),
  subscriptions: z.number(),
  /** Calls booked (docs/booking.md). */
  bookings: z.number(),
  /** contacts / visitors; 0 when there were no visitors. */
  conversionRate: z.number(),
  /**
   * The median minutes from a lead's creation to the first reply sent to it, over the leads
   * created in the period that have one, rounded to the nearest minute; null when none.
   */
  medianFirstReplyMinutes: z.nullable(z.number()),
});
export type PeriodTotals = z.infer<typeof periodTotalsOutput>;

export const dailyRowOutput = z.strictObject({
  /** YYYY-MM-DD in SITE_TIMEZONE. */
  date: z.string(),
  visitors: z.number(),
  pageviews: z.number(),
  contacts: z.number(),
  subscriptions: z.number(),
  bookings: z.number(),
});
export type DailyRow = z.infer<typeof dailyRowOutput>;

export const sourceRowOutput = z.strictObject({
  source: z.string(),
  visitors: z.number(),
  contacts: z.number(),
  bookings: z.number(),
  leads: z.number(),
  won: z.number(),
  /** Whole units of the site's currency; 0 when none is won. */
  wonValue: z.number(),
});
export type SourceRow = z.infer<typeof sourceRowOutput>;

/** One row of "Content that brings enquiries" (`analytics.entryEnquiries`). */
export const entryEnquiryRowOutput = z.strictObject({
  id: z.number(),
  kind: z.enum(entryKindValues),
  title: z.string(),
  /** The entry's page, a path on the site. */
  url: z.string(),
  readers: z.number(),
  enquiries: z.number(),
});
export type EntryEnquiryRow = z.infer<typeof entryEnquiryRowOutput>;

/**
 * The Overview's proposals (docs/payments.md), now and this calendar month of SITE_TIMEZONE,
 * whatever the report's range.
 */
export const proposalFiguresOutput = z.strictObject({
  /** Proposals sent or viewed, not past their last day: waiting for the client's answer. */
  out: z.number(),
  /** Proposals accepted this month. */
  acceptedThisMonth: z.number(),
  /**
   * Paid on proposals this month (Stripe and by hand, less refunds), per currency, in minor
   * units, largest first; [] when nothing was paid.
   */
  depositsPaid: z.array(z.strictObject({ currency: z.string(), amount: z.number() })),
});
export type ProposalFigures = z.infer<typeof proposalFiguresOutput>;

/**
 * The Overview's invoices (docs/invoices.md, "The Overview"), one row per currency invoiced
 * (never converted), in minor units, the most outstanding first; [] before the first invoice.
 */
export const invoiceFiguresOutput = z.array(
  z.strictObject({
    currency: z.string(),
    /** Still owed on issued invoices: due less paid and credited. */
    outstanding: z.number(),
    /** The part of `outstanding` on invoices past their due day in the site's zone. */
    overdue: z.number(),
    /** Invoice payments made this month in the site's zone, deposit invoices' included. */
    paidThisMonth: z.number(),
  }),
);
export type InvoiceFigures = z.infer<typeof invoiceFiguresOutput>;

/** The answer of `analytics.report` (GET /api/analytics adds `success: true`). */
export const analyticsReportOutput = z.strictObject({
  from: z.string(),
  to: z.string(),
  totals: periodTotalsOutput,
  /** The period of equal length just before `from`. */
  previous: periodTotalsOutput,
  /** One row per day of the range, zeros included, oldest first. */
  daily: z.array(dailyRowOutput),
  /** Each list is sorted by its first number, largest first, at most 50 rows. */
  pages: z.array(z.strictObject({ path: z.string(), visitors: z.number(), pageviews: z.number() })),
  /**
   * A referrer's host, the utm_source, or `Direct`. `leads` are the leads created in the range
   * credited to the source, `won` those of them now won, `wonValue` the sum of their values.
   */
  sources: z.array(sourceRowOutput),
  campaigns: z.array(
    z.strictObject({
      source: z.string(),
      medium: z.nullable(z.string()),
      campaign: z.string(),
      visitors: z.number(),
      contacts: z.number(),
      bookings: z.number(),
    }),
  ),
  devices: z.array(z.strictObject({ device: z.enum(deviceValues), visitors: z.number() })),
  events: z.array(z.strictObject({ name: z.string(), count: z.number() })),
  /** Visitors seen in the last 5 minutes. */
  live: z.number(),
  /** Proposals out, accepted and paid this month, whatever the range. */
  proposals: proposalFiguresOutput,
  invoices: invoiceFiguresOutput,
});
export type AnalyticsReport = z.infer<typeof analyticsReportOutput>;

export const outputs = {
  record: z.strictObject({ success: z.literal(true) }),
  entryEnquiries: z.array(entryEnquiryRowOutput),
  report: analyticsReportOutput,
  exportCsv: fileDownloadOutput,
};
