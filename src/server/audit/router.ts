import { AUDIT_PAGE_SIZE, auditFilterInput, auditListInput } from '#shared/audit';
import { router } from '#server/http/trpc';
import type { adminProcedure as identityAdminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditedDownload } from './download';
import { auditCsv } from './exports';
import { auditActors, auditPage, countAudit, serializeAuditEvent } from './query';
import { withSubjects } from '#server/audit/subjects';
import { outputs, type AuditEvent } from '#shared/shapes/audit';

/**
 * Identity's admin procedure, passed in by app/ (app-router.ts): the audit log sits below
 * identity, which writes to it (docs/architecture.md, "The layers"), so it knows the procedure by
 * its type alone.
 */
type AdminProcedure = typeof identityAdminProcedure;

export const auditRouter = (adminProcedure: AdminProcedure) =>
  router({
    /** 50 a page, newest first; a page past the end is empty, not an error. */
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/audit',
          query: ['page', 'action', 'actor'],
          answer: 'spread',
        },
      })
      .input(auditListInput)
      .output(outputs.list)
      .query(async ({ ctx, input }) => ({
        events: (await withSubjects(
          ctx.db,
          (await auditPage(ctx.db, input, input.page, AUDIT_PAGE_SIZE)).map((row) => ({
            row,
            event: serializeAuditEvent(row),
          })),
        )) satisfies AuditEvent[],
        total: await countAudit(ctx.db, input),
        page: input.page,
        pageSize: AUDIT_PAGE_SIZE,
      })),

    /** The names the person filter offers: everyone who appears in the log, removed users too. */
    actors: adminProcedure
      .output(outputs.actors)
      .query(async ({ ctx }) => ({ actors: await auditActors(ctx.db) })),

    /** GET /api/audit.csv: every match of the filter (a download, itself recorded first). */
    exportCsv: adminProcedure
      .meta({
        rest: { method: 'GET', path: '/api/audit.csv', query: ['action', 'actor'], download: true },
      })
      .input(auditFilterInput)
      .output(outputs.exportCsv)
      .query(({ ctx, input }) =>
        auditedDownload(ctx, 'audit', input, (now) => auditCsv(ctx.db, input, now)),
      ),
  });
