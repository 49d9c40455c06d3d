/**
 * Reports the mailbox gave that could not be read (docs/mail.md, "Bounces and complaints"):
 * kept whole so the owner can read them on the Suppressed screen and act by hand (a bounce in
 * a shape no reader knows, a provider's own format). Newest first, 20 a page.
 */
import { z } from 'zod/mini';
import { count, desc, eq } from 'drizzle-orm';
import { deliveryReports } from '#db/schema';
import { deliverySourceValues } from '#shared/outbox';
import { pageField } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';

export const UNREADABLE_PAGE_SIZE = 20;

const unreadableOutput = z.strictObject({
  reports: z.array(
    z.strictObject({
      id: z.number(),
      source: z.enum(deliverySourceValues),
      reason: z.string(),
      at: z.string(),
      text: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
});

export const mailReportsRouter = router({
  unreadable: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/mail/reports/unreadable',
        query: ['page'],
        answer: 'spread',
      },
    })
    .input(z.prefault(z.object({ page: pageField }), {}))
    .output(unreadableOutput)
    .query(async ({ ctx, input }) => {
      const unreadable = eq(deliveryReports.kind, 'unreadable');
      const [rows, total] = await Promise.all([
        ctx.db
          .select()
          .from(deliveryReports)
          .where(unreadable)
          .orderBy(desc(deliveryReports.at), desc(deliveryReports.id))
          .limit(UNREADABLE_PAGE_SIZE)
          .offset((input.page - 1) * UNREADABLE_PAGE_SIZE)
          .all(),
        ctx.db.select({ n: count() }).from(deliveryReports).where(unreadable).get(),
      ]);
      return {
        reports: rows.map((row) => ({
          id: row.id,
          source: row.source,
          reason: row.detail,
          at: row.at.toISOString(),
          text: row.raw ?? '',
        })),
        total: total?.n ?? 0,
        page: input.page,
      };
    }),
});
