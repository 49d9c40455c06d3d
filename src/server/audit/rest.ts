import { Hono } from 'hono';
import { auditFilterInput, type AuditAction } from '../../shared/audit';
import type { AppEnv } from '../http/hono-env';
import { adminDownload, runProcedure } from '../http/rest';
import type { AppDeps } from '../http/trpc';
import { auditCsv } from './exports';

/** GET /api/audit and /api/audit.csv (docs/api.md). */
export function auditRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/audit', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          caller.audit.list({
            page: c.req.query('page'),
            // Unchecked here: the procedure's schema answers a wrong one with 400.
            action: c.req.query('action') as AuditAction | undefined,
            actor: c.req.query('actor'),
          }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .get('/audit.csv', (c) =>
      adminDownload(
        c,
        deps,
        'audit.csv',
        auditFilterInput,
        { action: c.req.query('action'), actor: c.req.query('actor') },
        (ctx, filter) => auditCsv(ctx.db, filter, ctx.clock.now()),
      ),
    );
}
