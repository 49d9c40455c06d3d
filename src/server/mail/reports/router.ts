/**
 * Reports the mailbox gave that changed nothing (docs/mail.md, "Bounces and complaints"), kept
 * whole so the owner can read them on the Suppressed screen and act by hand: the unreadable
 * ones (a bounce in a shape no reader knows, a provider's own format) and the unverified ones
 * (no VERP token, no Message-ID of a mail the site sent: anyone could have written them).
 * Newest first, 20 a page.
 */
import { z } from 'zod/mini';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { deliveryReports } from '#db/schema';
import { deliverySourceValues } from '#shared/outbox';
import { pageField } from '#shared/validation';
import { router } from '#server/http/trpc';
import type { adminProcedure as identityAdminProcedure } from '#server/identity/sessions/admin-procedure';

export const UNREADABLE_PAGE_SIZE = 20;

const heldOutput = z.strictObject({
  reports: z.array(
    z.strictObject({
      id: z.number(),
      source: z.enum(deliverySourceValues),
      /** The address it names ('' when none). */
      email: z.string(),
      reason: z.string(),
      at: z.string(),
      text: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
});

async function heldReports(db: Db, kind: 'unreadable' | 'unverified', page: number) {
  const ofKind = eq(deliveryReports.kind, kind);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(deliveryReports)
      .where(ofKind)
      .orderBy(desc(deliveryReports.at), desc(deliveryReports.id))
      .limit(UNREADABLE_PAGE_SIZE)
      .offset((page - 1) * UNREADABLE_PAGE_SIZE)
      .all(),
    db.select({ n: count() }).from(deliveryReports).where(ofKind).get(),
  ]);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      source: row.source,
      email: row.email,
      reason: row.detail,
      at: row.at.toISOString(),
      text: row.raw ?? '',
    })),
    total: total?.n ?? 0,
    page,
  };
}

const pageInput = z.prefault(z.object({ page: pageField }), {});

/**
 * Identity's admin procedure, passed in by app/ (app-router.ts): the mail layer sits below
 * identity, which queues its mail here (docs/architecture.md, "The layers"), so it knows the
 * procedure by its type alone.
 */
type AdminProcedure = typeof identityAdminProcedure;

export const mailReportsRouter = (adminProcedure: AdminProcedure) =>
  router({
    unreadable: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/mail/reports/unreadable',
          query: ['page'],
          answer: 'spread',
        },
      })
      .input(pageInput)
      .output(heldOutput)
      .query(({ ctx, input }) => heldReports(ctx.db, 'unreadable', input.page)),
    unverified: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/mail/reports/unverified',
          query: ['page'],
          answer: 'spread',
        },
      })
      .input(pageInput)
      .output(heldOutput)
      .query(({ ctx, input }) => heldReports(ctx.db, 'unverified', input.page)),
  });
