import { Hono } from 'hono';
import { analyticsRangeInput, type EventInput } from '../../shared/analytics';
import type { AppEnv } from '../http/hono-env';
import { adminDownload, runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';
import { dayOf } from './days';
import { analyticsCsv } from './exports';
import { resolveRange } from './range';
import { dailyRows } from './report-query';

/** The beacon's address; its request log line leaves the client address out (app/app.ts). */
export const EVENT_PATH = '/api/event';

/** POST /api/event, GET /api/analytics and /api/analytics.csv (docs/api.md). */
export function analyticsRest(deps: AppDeps) {
  const range = (c: { req: { query(name: string): string | undefined } }) => ({
    from: c.req.query('from'),
    to: c.req.query('to'),
  });
  return new Hono<AppEnv>()
    .post('/event', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.analytics.record(input as EventInput),
          ),
        (result) => result,
        202,
      ),
    )
    .get('/analytics', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.analytics.report(range(c)),
        (report) => ({ success: true, ...report }),
      ),
    )
    .get('/analytics.csv', (c) =>
      adminDownload(c, deps, 'analytics.csv', analyticsRangeInput, range(c), async (ctx, input) => {
        const now = ctx.clock.now();
        const days = resolveRange(input, dayOf(now, ctx.config.siteTimezone));
        // The report's own daily rows: the file and GET /api/analytics always agree.
        return analyticsCsv(await dailyRows(ctx.db, days), now);
      }),
    );
}
