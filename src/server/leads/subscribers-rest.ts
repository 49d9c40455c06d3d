import { Hono } from 'hono';
import { z } from 'zod';
import type { Subscriber } from '../../shared/types';
import { csvFilename, csvResponse, csvStream, type CsvColumn } from '../platform/csv';
import type { AppEnv } from '../http/hono-env';
import { subscribersNewestFirst } from './subscribers-router';
import type { AppDeps } from '../http/trpc';
import { adminDownload } from '../http/download';
import { runProcedure } from '../http/rest';

const subscriberColumns: CsvColumn<Subscriber>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'email', value: (s) => s.email },
  { header: 'createdAt', value: (s) => s.createdAt },
];

/** The admin's /api/subscribers paths (DESIGN.md section 4). */
export function subscribersRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/subscribers', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.subscribers.list({ page: c.req.query('page') }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .get('/subscribers.csv', (c) =>
      adminDownload(c, deps, z.object({}), {}, async (ctx) =>
        csvResponse(
          await csvStream(subscribersNewestFirst(ctx.db), subscriberColumns),
          csvFilename('subscribers', ctx.clock.now()),
        ),
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
