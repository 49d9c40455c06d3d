import { Hono } from 'hono';
import { z } from 'zod/mini';
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
        (caller) => caller.subscribers.list({ page: c.req.query('page') }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .get('/subscribers.csv', (c) =>
      adminDownload(c, deps, z.object({}), {}, (ctx) => subscribersCsv(ctx.db, ctx.clock.now())),
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
