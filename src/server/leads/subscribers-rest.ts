import { Hono } from 'hono';
import { subscriberFilterInput } from '../../shared/leads';
import type { SubscriberStatus } from '../../shared/newsletter';
import type { AppEnv } from '../http/hono-env';
import { adminDownload, runProcedure } from '../http/rest';
import type { AppDeps } from '../http/trpc';
import { subscribersCsv } from './exports';

/** The admin's /api/subscribers paths (docs/api.md). */
export function subscribersRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/subscribers', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          caller.subscribers.list({
            page: c.req.query('page'),
            // Checked by the procedure's schema: an unknown status is its 400.
            status: c.req.query('status') as SubscriberStatus | undefined,
          }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .get('/subscribers.csv', (c) =>
      adminDownload(
        c,
        deps,
        'subscribers.csv',
        subscriberFilterInput,
        { status: c.req.query('status') },
        (ctx, filter) => subscribersCsv(ctx.db, filter, ctx.clock.now()),
      ),
    )
    .delete('/subscribers/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.subscribers.remove({ id: c.req.param('id') }),
        () => ({ success: true }),
      ),
    );
}
