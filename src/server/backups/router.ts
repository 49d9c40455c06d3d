import { z } from 'zod/mini';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { placeNames } from './places';
import { backupStatus } from './runs';

const output = z.strictObject({
  configured: z.boolean(),
  places: z.array(z.string()),
  everyHours: z.nullable(z.number()),
  lastGood: z.nullable(
    z.strictObject({
      at: z.string(),
      key: z.nullable(z.string()),
      size: z.nullable(z.number()),
      places: z.array(z.string()),
    }),
  ),
  lastFailure: z.nullable(z.strictObject({ at: z.string(), error: z.nullable(z.string()) })),
  warning: z.nullable(z.string()),
});

export const backupsRouter = router({
  /**
   * GET /api/backups/status: the Overview's backup card (docs/operations.md, "Backups"). Not
   * configured (or on a libSQL server, whose own backups apply): `configured: false`.
   */
  status: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/backups/status', answer: 'spread' } })
    .output(output)
    .query(async ({ ctx }) => {
      const backups = 'file' in ctx.config.database ? ctx.config.backups : null;
      const status = await backupStatus(
        ctx.db,
        backups ? { places: placeNames(backups), everyHours: backups.everyHours } : null,
        ctx.clock.now(),
      );
      return {
        ...status,
        lastGood: status.lastGood
          ? { ...status.lastGood, at: status.lastGood.at.toISOString() }
          : null,
        lastFailure: status.lastFailure
          ? { ...status.lastFailure, at: status.lastFailure.at.toISOString() }
          : null,
      };
    }),
});
