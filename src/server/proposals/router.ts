/**
 * The admin's proposals (docs/proposals.md; docs/api.md, "Proposals"): a lead's, every lead's,
 * one to write and send, revise or withdraw, and the settings. Every change is audited in the
 * transaction that makes it. The client's side is in client-page/, payments in payments/.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { proposals } from '#db/schema';
import {
  PROPOSAL_MESSAGES as M,
  PROPOSALS_PAGE_SIZE,
  proposalCreateInput,
  proposalListInput,
  proposalSettingsInput,
  proposalUpdateInput,
} from '#shared/proposals';
import { proposalSendInput } from '#shared/proposal-send-rules';
import { outputs } from '#shared/shapes/proposals';
import { fileDownloadOutput, type FileDownload } from '#shared/shapes/file-download';
import { idInput } from '#shared/validation';
import { TRPCError } from '@trpc/server';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { leadById } from '#server/leads/lead-query';
import { leadOf, shownStatus } from './proposal-json';
import { createDraft, proposalNotFound, reviseProposal, updateDraft } from './drafts';
import {
  proposalsOfLead,
  proposalsPage,
  proposalRow,
  proposalWithPayments,
  siteToday,
  type ProposalReadDeps,
} from './proposal-store';
import { sendProposal, withdrawProposal } from './send';
import { pdfResponse, storedPdfFilename } from './signed-pdf/stored-pdf';
import { readProposalSettings, storeProposalSettings } from './settings';

async function shown(deps: ProposalReadDeps, id: number) {
  const proposal = await proposalWithPayments(deps, id);
  if (!proposal) throw proposalNotFound();
  return { proposal };
}

/** How the audit log names a proposal: `P-2026-3 v2`. */
export const target = (row: { number: string; version: number }) => `${row.number} v${row.version}`;

export const proposalCoreProcedures = {
  /** Every lead's proposals, newest first, 25 a page, by status as shown. */
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/proposals', query: ['status', 'page'], answer: 'spread' },
    })
    .input(proposalListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => ({
      ...(await proposalsPage(ctx, input.status, input.page)),
      page: input.page,
      pageSize: PROPOSALS_PAGE_SIZE,
    })),

  /** Declared before `get`: REST paths are matched in the order declared. */
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/proposals/settings', answer: 'spread' } })
    .output(outputs.settings)
    .query(async ({ ctx }) => ({ settings: await readProposalSettings(ctx.db) })),

  saveSettings: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/proposals/settings', body: 'json', answer: 'spread' },
    })
    .input(proposalSettingsInput)
    .output(outputs.settings)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        await storeProposalSettings(tx, input, ctx.user.username, ctx.clock.now());
        await auditAdminChange(tx, ctx, 'proposal_updated', 'proposal settings');
      });
      return { settings: await readProposalSettings(ctx.db) };
    }),

  ofLead: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/:id/proposals', answer: 'spread' } })
    .input(idInput)
    .output(outputs.ofLead)
    .query(async ({ ctx, input }) => {
      if (!(await leadById(ctx.db, input.id))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: M.leadNotFound });
      }
      return { proposals: await proposalsOfLead(ctx, input.id) };
    }),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/proposals',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(proposalCreateInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const { id: leadId, ...fields } = input;
      const row = await createDraft(
        ctx.db,
        leadId,
        fields,
        ctx.user.username,
        ctx.clock.now(),
        (tx, draft) =>
          auditAdminChange(tx, ctx, 'proposal_created', target(draft), leadSubject(leadId)),
      );
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: M.leadNotFound });
      return shown(ctx, row.id);
    }),

  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/proposals/:id', answer: 'spread' } })
    .input(idInput)
    .output(outputs.one)
    .query(({ ctx, input }) => shown(ctx, input.id)),

  /** A draft only (else 409); the total and deposit are computed again from the items. */
  update: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/proposals/:id', body: 'json', answer: 'spread' } })
    .input(proposalUpdateInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      await writeTransaction(ctx.db, async (tx) => {
        const current = await tx.select().from(proposals).where(eq(proposals.id, id)).get();
        if (!current) throw proposalNotFound();
        const row = await updateDraft(tx, current, fields, ctx.clock.now());
        await auditAdminChange(tx, ctx, 'proposal_updated', target(row), leadSubject(leadOf(row)));
      });
      return shown(ctx, id);
    }),

  /**
   * Mails the lead its link; the lead moves to `proposal`. Past its "Valid until" day, or with
   * an item without a price that `noCharge` does not confirm as free of charge: 409.
   */
  send: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/proposals/:id/send',
        body: { fields: ['noCharge'], optional: true },
        answer: 'spread',
      },
    })
    .input(proposalSendInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      await sendProposal(ctx, input, ctx.user.username, (tx, row) =>
        auditAdminChange(tx, ctx, 'proposal_sent', target(row), leadSubject(leadOf(row))),
      );
      return shown(ctx, input.id);
    }),

  /** A new draft version of a sent one; answers the new draft (201). */
  revise: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/proposals/:id/revise',
        status: 201,
        body: { fields: [] },
        answer: 'spread',
      },
    })
    .input(idInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const today = await siteToday(ctx);
      const row = await writeTransaction(ctx.db, async (tx) => {
        const current = await tx.select().from(proposals).where(eq(proposals.id, input.id)).get();
        if (!current) throw proposalNotFound();
        const draft = await reviseProposal(
          tx,
          { ...current, status: shownStatus(current, today) },
          ctx.user.username,
          ctx.clock.now(),
        );
        await auditAdminChange(
          tx,
          ctx,
          'proposal_revised',
          target(draft),
          leadSubject(leadOf(draft)),
        );
        return draft;
      });
      return shown(ctx, row.id);
    }),

  /** The PDF as the client sees it, with the certificate once accepted (docs/proposals.md). */
  pdf: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/proposals/:id/pdf', download: true } })
    .input(idInput)
    .output(fileDownloadOutput)
    .query(async ({ ctx, input }): Promise<FileDownload> => {
      const row = await proposalRow(ctx.db, input.id);
      if (!row) throw proposalNotFound();
      return { filename: storedPdfFilename(row), open: () => pdfResponse(ctx, row) };
    }),

  withdraw: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/proposals/:id/withdraw',
        body: { fields: [] },
        answer: 'spread',
      },
    })
    .input(idInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        const row = await withdrawProposal(tx, input.id, ctx.clock.now());
        await auditAdminChange(
          tx,
          ctx,
          'proposal_withdrawn',
          target(row),
          leadSubject(leadOf(row)),
        );
      });
      return shown(ctx, input.id);
    }),
};
