/**
 * Issuing and what follows it (docs/invoices.md; docs/api.md, "Invoices"): the issue itself,
 * credit notes, payments recorded by hand, and an issued document's PDF and XML. Spread into
 * the `invoices` router beside the drafts' procedures (router.ts).
 */
import { writeTransaction } from '#db';
import { invoiceCreditInput } from '#shared/invoices/drafts';
import { manualPaymentInput } from '#shared/proposals';
import { fileDownloadOutput, type FileDownload } from '#shared/shapes/file-download';
import { outputs } from '#shared/shapes/invoices';
import { idInput } from '#shared/validation';
import { invoiceIssueInput, invoiceRemindersInput } from '#shared/invoices/drafts';
import { eq } from 'drizzle-orm';
import { invoices } from '#db/schema';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import { auditAdminChange } from '#server/audit/admin-change';
import { dayStart } from '#server/analytics/days';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { siteSettings } from '#server/site/site-settings';
import { creditInvoice } from './credit';
import { documentFilename, documentResponse, NO_FILES_YET } from './files';
import { paymentJson } from './invoice-json';
import { invoiceRow, siteToday } from './invoice-store';
import { issueDraft } from './issue';
import { SEND_MESSAGES, sendIssued } from './send';
import { recordInvoicePayment } from './payments';
import { conflict, invoiceNotFound } from './refusals';
import { shown, subjectOf, target } from './router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The PDF or XML of an issued document, as a download procedure answers it. */
function fileProcedure(extension: 'pdf' | 'xml') {
  return adminProcedure
    .meta({ rest: { method: 'GET', path: `/api/invoices/:id/${extension}`, download: true } })
    .input(idInput)
    .output(fileDownloadOutput)
    .query(async ({ ctx, input }): Promise<FileDownload> => {
      const row = await invoiceRow(ctx.db, input.id);
      if (!row) throw invoiceNotFound();
      if (row.status !== 'issued') throw conflict(NO_FILES_YET);
      return {
        filename: documentFilename(row, extension),
        open: () => documentResponse(ctx.db, row, extension),
      };
    });
}

export const invoiceIssueProcedures = {
  /**
   * Numbers the draft, freezes its parties and records its hash, all in one write; issuing
   * an issued one answers it as it is (the same number).
   */
  issue: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/invoices/:id/issue',
        body: { fields: ['send'], optional: true },
        answer: 'spread',
      },
    })
    .input(invoiceIssueInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const today = await siteToday(ctx);
      const site = input.send ? await mailSite(ctx) : null;
      await writeTransaction(ctx.db, async (tx) => {
        const row = await issueDraft(tx, input.id, today, ctx.clock.now(), (issued) =>
          auditAdminChange(tx, ctx, 'invoice_issued', target(issued), subjectOf(issued)),
        );
        if (site) await sendIssued(tx, ctx, row, site);
      });
      if (site) void mailQueued(ctx);
      return shown(ctx, input.id);
    }),

  /**
   * Mails an issued document to the buyer's invoice address with its PDF and a new link to
   * its page (`/i/<token>`); the link of an earlier mail ends.
   */
  send: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/invoices/:id/send',
        body: { fields: [], optional: true },
        answer: 'spread',
      },
    })
    .input(idInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      const site = await mailSite(ctx);
      await writeTransaction(ctx.db, async (tx) => {
        const row = await invoiceRow(tx, input.id);
        if (!row) throw invoiceNotFound();
        if (row.status !== 'issued') throw conflict(SEND_MESSAGES.notIssued);
        await sendIssued(tx, ctx, row, site);
      });
      void mailQueued(ctx);
      return shown(ctx, input.id);
    }),

  /** A credit note issued at once, whole or in part (201). */
  credit: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/invoices/:id/credit',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(invoiceCreditInput)
    .output(outputs.credit)
    .mutation(async ({ ctx, input }) => {
      const context = { today: await siteToday(ctx), now: ctx.clock.now(), by: ctx.user.username };
      const note = await writeTransaction(ctx.db, (tx) =>
        creditInvoice(tx, input, context, (row, invoice) =>
          auditAdminChange(
            tx,
            ctx,
            'invoice_credited',
            `${target(row)} credits ${target(invoice)}`,
            subjectOf(invoice),
          ),
        ),
      );
      const [{ invoice: creditNote }, { invoice }] = await Promise.all([
        shown(ctx, note.id),
        shown(ctx, input.id),
      ]);
      return { creditNote, invoice };
    }),

  /** A payment received outside the site (a bank transfer), at most what is owed (201). */
  recordPayment: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/invoices/:id/payments',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(manualPaymentInput)
    .output(outputs.payment)
    .mutation(async ({ ctx, input }) => {
      // A day is the start of that day in the site's zone; a date and time keeps its offset.
      const paidAt = DAY.test(input.paidAt)
        ? dayStart(input.paidAt, (await siteSettings(ctx)).timeZone)
        : new Date(input.paidAt);
      const { row } = await writeTransaction(ctx.db, async (tx) => {
        const recorded = await recordInvoicePayment(tx, {
          id: input.id,
          amount: input.amount,
          paidAt,
          note: input.note || null,
          by: ctx.user.username,
          now: ctx.clock.now(),
        });
        const { invoice } = recorded;
        const what = `${target(invoice)}: ${input.amount} ${invoice.currency}`;
        await auditAdminChange(tx, ctx, 'payment_recorded', what, subjectOf(invoice));
        return recorded;
      });
      return { payment: paymentJson(row), ...(await shown(ctx, input.id)) };
    }),

  /** The owner's "Stop reminders" switch, on an issued invoice (docs/invoices.md, "Reminders"). */
  reminders: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/invoices/:id/reminders', body: 'json', answer: 'spread' },
    })
    .input(invoiceRemindersInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        const row = await invoiceRow(tx, input.id);
        if (!row) throw invoiceNotFound();
        if (row.status !== 'issued' || row.kind !== 'invoice')
          throw conflict(SEND_MESSAGES.notIssued);
        // Only an erasure unlinks an issued invoice from its lead.
        if (!input.stopped && row.leadId === null) throw conflict(SEND_MESSAGES.erasedReminders);
        await tx
          .update(invoices)
          .set({ remindersStopped: input.stopped })
          .where(eq(invoices.id, input.id));
        const what = `${target(row)}: reminders ${input.stopped ? 'stopped' : 'on'}`;
        await auditAdminChange(tx, ctx, 'invoice_updated', what, subjectOf(row));
      });
      return shown(ctx, input.id);
    }),

  pdf: fileProcedure('pdf'),
  xml: fileProcedure('xml'),
};
