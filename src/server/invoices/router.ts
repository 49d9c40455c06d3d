/**
 * The admin's invoices (docs/invoices.md; docs/api.md, "Invoices"): the seller profile, the
 * list, and drafts to write, change or delete. Issuing, credit notes, payments and the files
 * are in issue-router.ts. Every change is audited in the transaction that makes it.
 */
import { writeTransaction } from '#db';
import {
  DRAFT_MESSAGES,
  invoiceCreateInput,
  invoiceListInput,
  invoiceUpdateInput,
} from '#shared/invoices/drafts';
import { INVOICES_PAGE_SIZE } from '#shared/invoices/records';
import { invoiceSettingsInput } from '#shared/invoices/settings';
import { outputs } from '#shared/shapes/invoices';
import { idInput } from '#shared/validation';
import { TRPCError } from '@trpc/server';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject, type AuditSubject } from '#server/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { readProposalSettings } from '#server/proposals/settings';
import { createDraft, deleteDraft, updateDraft, type DraftContext } from './drafts';
import { createFinalDraft, FINAL_MESSAGES } from './final-invoice';
import type { InvoiceRow } from './invoice-json';
import { invoiceById, invoicesPage, siteToday, type InvoiceReadDeps } from './invoice-store';
import { invoiceNotFound } from './refusals';
import { readInvoiceSettings } from '#server/site/seller-profile';
import { settingsAnswer, storeInvoiceSettings } from './settings-store';

/** How the audit log names a document: its number, or the draft's id. */
export const target = (row: Pick<InvoiceRow, 'id' | 'number' | 'kind'>) =>
  row.number ?? `${row.kind === 'credit_note' ? 'credit note' : 'invoice'} draft ${row.id}`;

/** The lead an entry links to, while the document has one. */
export const subjectOf = (row: Pick<InvoiceRow, 'leadId'>): AuditSubject | undefined =>
  row.leadId === null ? undefined : leadSubject(row.leadId);

export async function shown(deps: InvoiceReadDeps, id: number) {
  const invoice = await invoiceById(deps, id);
  if (!invoice) throw invoiceNotFound();
  return { invoice };
}

/** What writing a draft reads first: the profile's defaults, the site's currency and today. */
async function draftContext(ctx: InvoiceReadDeps & { user: { username: string } }) {
  const context: DraftContext = {
    settings: await readInvoiceSettings(ctx.db),
    currency: (await readProposalSettings(ctx.db)).currency,
    today: await siteToday(ctx),
    by: ctx.user.username,
    now: ctx.clock.now(),
  };
  return context;
}

export const invoiceDraftProcedures = {
  /** Declared before `get`: REST paths are matched in the order declared. */
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/invoices/settings', answer: 'spread' } })
    .output(outputs.settings)
    .query(async ({ ctx }) => settingsAnswer(await readInvoiceSettings(ctx.db))),

  /** The whole profile; a prefix already used this year cannot change (409). */
  saveSettings: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/invoices/settings', body: 'json', answer: 'spread' },
    })
    .input(invoiceSettingsInput)
    .output(outputs.settings)
    .mutation(async ({ ctx, input }) => {
      const year = Number((await siteToday(ctx)).slice(0, 4));
      await writeTransaction(ctx.db, async (tx) => {
        await storeInvoiceSettings(tx, input, year, ctx.user.username, ctx.clock.now());
        await auditAdminChange(tx, ctx, 'invoice_updated', 'seller profile');
      });
      return settingsAnswer(await readInvoiceSettings(ctx.db));
    }),

  /** Invoices and credit notes, newest first, 25 a page. */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/invoices',
        query: ['status', 'from', 'to', 'leadId', 'role', 'page'],
        answer: 'spread',
      },
    })
    .input(invoiceListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => ({
      ...(await invoicesPage(ctx, input)),
      page: input.page,
      pageSize: INVOICES_PAGE_SIZE,
    })),

  create: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/invoices', status: 201, body: 'json', answer: 'spread' },
    })
    .input(invoiceCreateInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const { leadId, ...fields } = input;
      const context = await draftContext(ctx);
      const row = await writeTransaction(ctx.db, async (tx) => {
        const draft = await createDraft(tx, leadId, fields, context);
        if (draft)
          await auditAdminChange(tx, ctx, 'invoice_created', target(draft), subjectOf(draft));
        return draft;
      });
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: DRAFT_MESSAGES.leadNotFound });
      return shown(ctx, row.id);
    }),

  /** The balance of an accepted proposal: its items, the deposit invoices deducted (201). */
  finalDraft: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/proposals/:id/final-invoice',
        status: 201,
        body: { fields: [], optional: true },
        answer: 'spread',
      },
    })
    .input(idInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const context = await draftContext(ctx);
      const row = await writeTransaction(ctx.db, async (tx) => {
        const draft = await createFinalDraft(tx, input.id, context);
        if (draft)
          await auditAdminChange(tx, ctx, 'invoice_created', target(draft), subjectOf(draft));
        return draft;
      });
      if (!row)
        throw new TRPCError({ code: 'NOT_FOUND', message: FINAL_MESSAGES.proposalNotFound });
      return shown(ctx, row.id);
    }),

  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/invoices/:id', answer: 'spread' } })
    .input(idInput)
    .output(outputs.one)
    .query(({ ctx, input }) => shown(ctx, input.id)),

  /** A draft only (else 409, nothing changes); its figures computed again from the items. */
  update: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/invoices/:id', body: 'json', answer: 'spread' } })
    .input(invoiceUpdateInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const context = await draftContext(ctx);
      await writeTransaction(ctx.db, async (tx) => {
        const row = await updateDraft(tx, id, fields, context);
        await auditAdminChange(tx, ctx, 'invoice_updated', target(row), subjectOf(row));
      });
      return shown(ctx, id);
    }),

  /** A draft only: an issued document stays (409), corrected by a credit note. */
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/invoices/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.deleted)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        const row = await deleteDraft(tx, input.id);
        await auditAdminChange(tx, ctx, 'invoice_deleted', target(row), subjectOf(row));
      });
      return { success: true as const };
    }),
};
