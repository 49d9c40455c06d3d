/**
 * The admin's leads (docs/leads.md; docs/api.md, "Leads"): the list and its search, one lead
 * with its timeline. A plain object of procedures, spread into the `leads` router beside the
 * replies' (app/app-router.ts).
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { LEAD_MESSAGES, LEADS_PAGE_SIZE, leadListInput } from '#shared/lead-pipeline';
import { idInput } from '#shared/validation';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { leadJson } from './lead-json';
import { countsByStatus, leadById, leadsPage, markLeadRead, timelineOf } from './lead-query';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });

export const leadCoreProcedures = {
  /**
   * 25 a page, latest activity first; `counts` are of every lead the search finds, whatever
   * the status filter, and `total` of those the filter keeps.
   */
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/leads', query: ['status', 'q', 'page'], answer: 'spread' },
    })
    .input(leadListInput)
    .query(async ({ ctx, input }) => {
      const counts = await countsByStatus(ctx.db, input.q);
      const rows = await leadsPage(ctx.db, input, input.page);
      const total = input.status
        ? counts[input.status]
        : Object.values(counts).reduce((sum, n) => sum + n, 0);
      return {
        leads: rows.map((row) => leadJson(row, row.unread)),
        total,
        counts,
        page: input.page,
        pageSize: LEADS_PAGE_SIZE,
      };
    }),

  /** Opening a lead marks its messages and answers read (the admin's unread badge drops). */
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/:id', answer: 'spread' } })
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const before = await leadById(ctx.db, input.id);
      if (!before) throw notFound();
      if (before.unread > 0) {
        const now = ctx.clock.now();
        await writeTransaction(ctx.db, async (tx) => {
          for (const statement of markLeadRead(tx, input.id, now)) await statement;
        });
      }
      const row = before.unread > 0 ? await leadById(ctx.db, input.id) : before;
      if (!row) throw notFound();
      return { lead: leadJson(row, row.unread), timeline: await timelineOf(ctx.db, input.id) };
    }),
};
