import { z } from 'zod/mini';
import { analyticsRangeInput, ANALYTICS_MESSAGES, eventInput } from '#shared/analytics';
import { publicProcedure, router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { dayOf } from './days';
import { pageUrl } from './page-url';
import { resolveRange } from './range';
import { recordEvent } from './record';
import { analyticsReport } from './report';
import { auditedDownload } from '#server/audit/download';
import { analyticsCsv } from './exports';
import { dailyRows } from './report-query';
import { siteSettings } from '#server/site/site-settings';
import { outputs, type AnalyticsReport } from '#shared/shapes/analytics';
import { entryEnquiries } from './entry-enquiries';

/** The beacon's input, its url also checked to be an absolute http(s) address. */
export const recordInput = z.object({
  ...eventInput.shape,
  url: eventInput.shape.url.check(z.refine((url) => pageUrl(url) !== null, ANALYTICS_MESSAGES.url)),
});

export const analyticsRouter = router({
  /**
   * A page's event. The answer is the same whether the event was recorded or not (a bot, a
   * visitor who asked not to be tracked, the owner, another site's page, past the cap), so it
   * tells no one what is counted; nothing waits for the database (docs/analytics.md).
   */
  record: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/event', status: 202, body: 'json', anonymousLog: true },
    })
    .input(recordInput)
    .output(outputs.record)
    .mutation(({ ctx, input }): { success: true } => {
      recordEvent(ctx, input);
      return { success: true };
    }),

  /** The Overview screen's figures for days of the site's time zone (docs/api.md). */
  report: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/analytics', query: ['from', 'to'], answer: 'spread' },
    })
    .input(analyticsRangeInput)
    .output(outputs.report)
    .query(async ({ ctx, input }): Promise<AnalyticsReport> => {
      const now = ctx.clock.now();
      const { timeZone } = await siteSettings(ctx);
      const range = resolveRange(input, dayOf(now, timeZone));
      return analyticsReport(ctx.db, range, now, timeZone);
    }),

  /**
   * The Overview's "Content that brings enquiries": per published entry, its readers in the
   * range and the messages and bookings they sent the same day (docs/analytics.md).
   */
  entryEnquiries: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/analytics/entries',
        query: ['from', 'to'],
        answer: { key: 'entries' },
      },
    })
    .input(analyticsRangeInput)
    .output(outputs.entryEnquiries)
    .query(async ({ ctx, input }) => {
      const { timeZone } = await siteSettings(ctx);
      return entryEnquiries(ctx.db, resolveRange(input, dayOf(ctx.clock.now(), timeZone)));
    }),

  /** GET /api/analytics.csv: the report's daily rows (a download). */
  exportCsv: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/analytics.csv', query: ['from', 'to'], download: true },
    })
    .input(analyticsRangeInput)
    .output(outputs.exportCsv)
    .query(async ({ ctx, input }) => {
      // Resolved first: a range refused (400) records no download.
      const { timeZone } = await siteSettings(ctx);
      const days = resolveRange(input, dayOf(ctx.clock.now(), timeZone));
      return auditedDownload(ctx, 'analytics', input, async (now) =>
        // The report's own daily rows: the file and GET /api/analytics always agree.
        analyticsCsv(await dailyRows(ctx.db, days), now),
      );
    }),
});
