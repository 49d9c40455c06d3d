import { z } from 'zod/mini';
import {
  analyticsRangeInput,
  ANALYTICS_MESSAGES,
  eventInput,
  type AnalyticsReport,
} from '../../shared/analytics';
import { publicProcedure, router } from '../http/trpc';
import { adminProcedure } from '../identity/sessions/admin-procedure';
import { dayOf } from './days';
import { pageUrl } from './page-url';
import { resolveRange } from './range';
import { recordEvent } from './record';
import { analyticsReport } from './report';

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
  record: publicProcedure.input(recordInput).mutation(({ ctx, input }): { success: true } => {
    recordEvent(ctx, input);
    return { success: true };
  }),

  /** The Overview screen's figures for days of SITE_TIMEZONE (docs/api.md). */
  report: adminProcedure
    .input(analyticsRangeInput)
    .query(({ ctx, input }): Promise<AnalyticsReport> => {
      const now = ctx.clock.now();
      const range = resolveRange(input, dayOf(now, ctx.config.siteTimezone));
      return analyticsReport(ctx.db, range, now, ctx.config.siteTimezone);
    }),
});
