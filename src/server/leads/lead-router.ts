/**
 * The admin's leads (docs/leads.md; docs/api.md, "Leads"): the list and its search, one lead
 * with its timeline. A plain object of procedures, spread into the `leads` router beside the
 * replies' (app/app-router.ts).
 */
import { MANUAL_TRIAGE, MANUAL_TRIAGE_REASON } from '#shared/triage';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeBatch, writeTransaction } from '#db';
import { leadEvents, leads } from '#db/schema';
import {
  LEAD_MESSAGES,
  LEADS_PAGE_SIZE,
  leadListInput,
  leadNoteInput,
  leadUpdateInput,
} from '#shared/lead-pipeline';
import { idInput } from '#shared/validation';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { auditInsert } from '#server/audit/record';
import type { FileDownload } from '#shared/shapes/file-download';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { followUpTime } from './follow-up';
import { mailboxStatus } from '#server/mail/mailbox/reader';
import { leadsNeedingAttention } from './lead-attention';
import { eventJson, leadJson } from './lead-json';
import { countsByStatus, leadById, leadsPage, markLeadRead, timelineOf } from './lead-query';
import { erasePerson, personData } from './person-data';
import { siteSettings } from '#server/site/site-settings';
import { suppressionOf } from '#server/mail/suppressions/suppression';
import { outputs, type TimelineEvent } from '#shared/shapes/leads';
import { draftsOfLead } from './drafts/drafts';

type LeadChanges = Partial<typeof leads.$inferInsert>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });

export const leadCoreProcedures = {
  /**
   * 25 a page, latest activity first; `counts` are of every lead the search finds, whatever
   * the status filter, and `total` of those the filter keeps.
   */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/leads',
        query: ['status', 'q', 'triage', 'page'],
        answer: 'spread',
      },
    })
    .input(leadListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => {
      const counts = await countsByStatus(ctx.db, input);
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

  /**
   * What needs the admin now (docs/leads.md, "Attention"), at most 50 of each. Declared
   * before `get`: REST paths are matched in the order declared, and `:id` would take it.
   */
  attention: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/attention', answer: 'spread' } })
    .output(outputs.attention)
    .query(({ ctx }) => leadsNeedingAttention(ctx.db, ctx.clock.now())),

  /**
   * Whether the owner's mailbox is read for answers, when this instance last looked and what
   * went wrong (docs/leads.md, "Answers by e-mail"); null when IMAP_URL is unset. tRPC only.
   */
  mailbox: adminProcedure
    .output(outputs.mailbox)
    .query(({ ctx }) => ({ mailbox: mailboxStatus(ctx.db) })),

  /** Opening a lead marks its messages and answers read (the admin's unread badge drops). */
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/:id', answer: 'spread' } })
    .input(idInput)
    .output(outputs.get)
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
      // The reply editor warns before mail to a suppressed address (docs/leads.md).
      const suppressed = await suppressionOf(ctx.db, row.email);
      return {
        lead: leadJson(row, row.unread),
        timeline: await timelineOf(ctx.db, input.id),
        suppressed: suppressed && { reason: suppressed.reason, at: suppressed.at.toISOString() },
        drafts: await draftsOfLead(ctx.db, input.id),
      };
    }),

  /**
   * Any field may be set alone; null clears value, reason and follow-up. A status change is a
   * `status_changed` entry naming who made it and from what, and counts as activity: read,
   * entry, audit and change in one write transaction, so changes at once chain up.
   */
  update: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/leads/:id',
        body: { into: 'data' },
        answer: { key: 'lead' },
      },
    })
    .input(leadUpdateInput)
    .output(outputs.update)
    .mutation(async ({ ctx, input }) => {
      const { data } = input;
      const found = await writeTransaction(ctx.db, async (tx) => {
        const current = await tx.select().from(leads).where(eq(leads.id, input.id)).get();
        if (!current) return false;
        const now = ctx.clock.now();
        const changes: LeadChanges = {};
        if (data.value !== undefined) changes.value = data.value;
        if (data.lostReason !== undefined) changes.lostReason = data.lostReason || null;
        if (data.buyer !== undefined) {
          changes.buyer = data.buyer === null ? null : JSON.stringify(data.buyer);
        }
        if (data.followUpAt !== undefined) {
          changes.followUpAt =
            data.followUpAt === null
              ? null
              : followUpTime(data.followUpAt, (await siteSettings(ctx)).timeZone);
        }
        if (data.status !== undefined && data.status !== current.status) {
          changes.status = data.status;
          changes.lastActivityAt = now;
          await tx.insert(leadEvents).values({
            leadId: current.id,
            at: now,
            kind: 'status_changed',
            actor: ctx.user.username,
            status: data.status,
            fromStatus: current.status,
          });
          await auditAdminChange(
            tx,
            ctx,
            'lead_status_changed',
            `lead ${current.id}: ${current.status} to ${data.status}`,
            leadSubject(current.id),
          );
        }
        if (data.triageLabel !== undefined && data.triageLabel !== current.triageLabel) {
          // By hand: the model's reason no longer holds; its summary still describes the lead.
          changes.triageLabel = data.triageLabel;
          changes.triageReason = MANUAL_TRIAGE_REASON;
          changes.triageSummary = current.triageSummary ?? '';
          changes.triageAt = now;
          changes.triageModel = MANUAL_TRIAGE;
          await auditAdminChange(
            tx,
            ctx,
            'lead_triage_changed',
            `lead ${current.id}: ${current.triageLabel ?? 'none'} to ${data.triageLabel}`,
            leadSubject(current.id),
          );
        }
        if (Object.keys(changes).length > 0) {
          await tx.update(leads).set(changes).where(eq(leads.id, current.id));
        }
        return true;
      });
      const row = found ? await leadById(ctx.db, input.id) : undefined;
      if (!row) throw notFound();
      return leadJson(row, row.unread);
    }),

  /** A private note on the timeline (never mailed); it counts as activity. */
  addNote: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/notes',
        status: 201,
        body: { fields: ['text'] },
        answer: { key: 'event' },
      },
    })
    .input(leadNoteInput)
    .output(outputs.addNote)
    .mutation(async ({ ctx, input }): Promise<TimelineEvent> => {
      const row = await writeTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const lead = await tx
          .update(leads)
          .set({ lastActivityAt: now })
          .where(eq(leads.id, input.id))
          .returning({ id: leads.id })
          .get();
        if (!lead) return undefined;
        const event = await tx
          .insert(leadEvents)
          .values({
            leadId: lead.id,
            at: now,
            kind: 'note',
            actor: ctx.user.username,
            text: input.text,
          })
          .returning()
          .get();
        await auditAdminChange(tx, ctx, 'lead_note_added', `lead ${lead.id}`, leadSubject(lead.id));
        return event;
      });
      if (!row) throw notFound();
      return eventJson(row);
    }),

  /**
   * GET /api/leads/:id/export: everything stored about the person, as a JSON attachment
   * (docs/leads.md, "A person's data"), recorded as `lead_exported` before it is served.
   */
  export: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/:id/export', download: true } })
    .input(idInput)
    .output(outputs.export)
    .query(async ({ ctx, input }): Promise<FileDownload> => {
      const now = ctx.clock.now();
      const data = await personData(ctx.db, input.id, now);
      if (!data) throw notFound();
      const filename = `lead-${input.id}-${now.toISOString().slice(0, 10)}.json`;
      return {
        filename,
        open: async () => {
          await writeBatch(ctx.db, [
            auditInsert(ctx.db, ctx.clock.now(), {
              action: 'lead_exported',
              actor: ctx.user,
              target: `lead ${input.id}`,
              ip: ctx.req.ip,
              subject: leadSubject(input.id),
            }).toSQL(),
          ]);
          return new Response(JSON.stringify(data, null, 2), {
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition': `attachment; filename="${filename}"`,
            },
          });
        },
      };
    }),

  /**
   * Erases the person (docs/leads.md, "A person's data"). The audit entry names the lead by
   * id only: the log keeps no visitor's personal data, least of all an erased one's.
   */
  erase: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/leads/:id', answer: 'spread' } })
    .input(idInput)
    .output(outputs.erase)
    .mutation(async ({ ctx, input }) => {
      const erased = await writeTransaction(ctx.db, async (tx) => {
        const done = await erasePerson(tx, input.id);
        if (!done) return null;
        await auditAdminChange(tx, ctx, 'lead_erased', `lead ${input.id}`, leadSubject(input.id));
        return done;
      });
      if (!erased) throw notFound();
      return { success: true as const, kept: erased.kept };
    }),
};
