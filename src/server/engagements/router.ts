/**
 * The owner's engagements (docs/api.md, "Engagements"; docs/engagements.md, "For the owner"):
 * open one on a lead, read it, a new link, revoke, close, allow the client's uploads, and view
 * the client's page as they see it. Every change is audited in the transaction that makes it.
 */
import { writeTransaction } from '#db';
import { engagementListInput, engagementUpdateInput } from '#shared/engagements/inputs';
import { outputs } from '#shared/shapes/engagements';
import type { FileDownload } from '#shared/shapes/file-download';
import { idInput } from '#shared/validation';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import { siteSettings } from '#server/site/site-settings';
import {
  auditEngagement,
  closeEngagement,
  newEngagementLink,
  queueLinkMail,
  revokeEngagementLink,
  setClientUploads,
} from './admin-changes';
import { engagementPageContent } from './engagement-page/content';
import { engagementPageHtml } from './engagement-page/page';
import {
  engagementById,
  engagementJson,
  engagementsList,
  engagementNotFound,
  engagementOfLead,
  engagementRow,
} from './engagement-store';
import { openForLead } from './opening';

const rest = (method: 'GET' | 'POST' | 'PATCH', path: `/api/${string}`) => ({
  rest: {
    method,
    path,
    answer: { key: 'engagement' },
    ...(method === 'POST' ? { body: { fields: [], optional: true } as const } : {}),
  },
});

export const engagementProcedures = {
  /**
   * The lead's engagement: the one it has, or one opened now (following its accepted proposal
   * that has none, else named after the lead) whose link is mailed to the lead.
   */
  open: adminProcedure
    .meta(rest('POST', '/api/leads/:id/engagement'))
    .input(idInput)
    .output(outputs.open)
    .mutation(async ({ ctx, input }) => {
      const site = await mailSite(ctx);
      const now = ctx.clock.now();
      const opened = await writeTransaction(ctx.db, async (tx) => {
        const result = await openForLead(tx, input.id, now);
        if (result.created) {
          await queueLinkMail(tx, result.row, result.token, site, now);
          await auditEngagement(tx, ctx, 'engagement_opened', result.row);
        }
        return result;
      });
      if (opened.created) void mailQueued(ctx);
      return engagementJson(ctx.db, opened.row);
    }),

  /** The lead's engagement, or null (the lead's Engagement tab). */
  ofLead: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/leads/:id/engagement', answer: { key: 'engagement' } },
    })
    .input(idInput)
    .output(outputs.ofLead)
    .query(async ({ ctx, input }) => {
      const row = await engagementOfLead(ctx.db, input.id);
      return row ? engagementJson(ctx.db, row) : null;
    }),

  /** Newest first, by status and lead (the MCP tool `engagements_list` reads it too). */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/engagements',
        query: ['status', 'leadId'],
        answer: 'spread',
      },
    })
    .input(engagementListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => ({ engagements: await engagementsList(ctx.db, input) })),

  /** Declared before `get`: REST paths are matched in the order declared. */
  preview: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/engagements/:id/preview', download: true } })
    .input(idInput)
    .output(outputs.preview)
    .query(async ({ ctx, input }): Promise<FileDownload> => {
      const row = await engagementRow(ctx.db, input.id);
      if (!row) throw engagementNotFound();
      // The client's page as they see it, with no working path: no token, no client session.
      const page = await engagementPageContent(ctx.db, row, ctx.clock.now(), { base: null });
      const { timeZone } = await siteSettings(ctx);
      const html = await engagementPageHtml(ctx.db, {
        state: 'engagement',
        page,
        timeZone,
        preview: true,
      });
      return {
        filename: `engagement-${row.id}.html`,
        open: async () =>
          new Response(html, {
            headers: {
              'Content-Type': 'text/html; charset=utf-8',
              'Cache-Control': 'no-store',
              'X-Robots-Tag': 'noindex',
            },
          }),
      };
    }),

  get: adminProcedure
    .meta(rest('GET', '/api/engagements/:id'))
    .input(idInput)
    .output(outputs.get)
    .query(({ ctx, input }) => engagementById(ctx.db, input.id)),

  /** A new link, mailed to the lead: the one before answers 410 at once. */
  link: adminProcedure
    .meta(rest('POST', '/api/engagements/:id/link'))
    .input(idInput)
    .output(outputs.link)
    .mutation(async ({ ctx, input }) => {
      await newEngagementLink(ctx, input.id);
      return engagementById(ctx.db, input.id);
    }),

  revoke: adminProcedure
    .meta(rest('POST', '/api/engagements/:id/revoke'))
    .input(idInput)
    .output(outputs.revoke)
    .mutation(async ({ ctx, input }) => {
      await revokeEngagementLink(ctx, input.id);
      return engagementById(ctx.db, input.id);
    }),

  close: adminProcedure
    .meta(rest('POST', '/api/engagements/:id/close'))
    .input(idInput)
    .output(outputs.close)
    .mutation(async ({ ctx, input }) => {
      await closeEngagement(ctx, input.id);
      return engagementById(ctx.db, input.id);
    }),

  update: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/engagements/:id',
        body: 'json',
        answer: { key: 'engagement' },
      },
    })
    .input(engagementUpdateInput)
    .output(outputs.update)
    .mutation(async ({ ctx, input }) => {
      await setClientUploads(ctx, input.id, input.clientUploads);
      return engagementById(ctx.db, input.id);
    }),
};
