/**
 * Replying to a lead from the admin (docs/leads.md, "Replies"): the reply is stored, with its
 * threading ids, before anything is mailed; the background sender mails it after the answer
 * (reply-delivery.ts), which looks for work every second when idle. The first reply moves a
 * `new` lead to `replied`.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { contacts, leadEvents, leads } from '#db/schema';
import { subjectLabel } from '#shared/contact';
import { LEAD_MESSAGES, leadReplyInput, replyRetryInput } from '#shared/lead-pipeline';
import { auditAdminChange } from '#server/platform/audit/admin-change';
import { leadSubject } from '#server/platform/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { eventJson } from '../lead-json';
import { siteSettings } from '#server/platform/site-settings';
import { outputs } from './router-outputs';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });

/** `Re: ` and the subject of their first message. */
async function defaultSubject(tx: Db, leadId: number): Promise<string> {
  const first = await tx
    .select({ subject: contacts.subject })
    .from(contacts)
    .where(eq(contacts.leadId, leadId))
    .orderBy(asc(contacts.id))
    .limit(1)
    .get();
  return `Re: ${first ? subjectLabel(first.subject) : 'your message'}`;
}

/**
 * The latest mail of the conversation that has a Message-ID: the reply answers it, and its
 * References are that mail's own chain and it.
 */
async function threadOf(tx: Db, leadId: number) {
  const latest = await tx
    .select({ mailId: leadEvents.mailId, references: leadEvents.references })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        inArray(leadEvents.kind, ['reply_sent', 'reply_received']),
        isNotNull(leadEvents.mailId),
      ),
    )
    .orderBy(desc(leadEvents.at), desc(leadEvents.id))
    .limit(1)
    .get();
  if (!latest?.mailId) return { inReplyTo: null, references: null };
  const chain = [...(latest.references?.split(' ') ?? []), latest.mailId];
  return { inReplyTo: latest.mailId, references: chain.join(' ') };
}

export const leadReplyProcedures = {
  reply: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/replies',
        status: 202,
        body: { fields: ['text', 'subject'] },
        answer: { key: 'event' },
      },
    })
    .input(leadReplyInput)
    .output(outputs.reply)
    .mutation(async ({ ctx, input }) => {
      const host = new URL((await siteSettings(ctx)).address).hostname;
      const row = await writeTransaction(ctx.db, async (tx) => {
        const lead = await tx.select().from(leads).where(eq(leads.id, input.id)).get();
        if (!lead) return undefined;
        const now = ctx.clock.now();
        const subject = input.subject ?? (await defaultSubject(tx, lead.id));
        const thread = await threadOf(tx, lead.id);
        const event = await tx
          .insert(leadEvents)
          .values({
            leadId: lead.id,
            at: now,
            kind: 'reply_sent',
            actor: ctx.user.username,
            text: input.text,
            subject,
            toEmail: lead.email,
            mailId: `${randomUUID()}@${host}`,
            inReplyTo: thread.inReplyTo,
            references: thread.references,
            delivery: 'sending',
            nextAttemptAt: now,
          })
          .returning()
          .get();
        if (lead.status === 'new') {
          await tx.insert(leadEvents).values({
            leadId: lead.id,
            at: now,
            kind: 'status_changed',
            actor: ctx.user.username,
            status: 'replied',
            fromStatus: 'new',
          });
        }
        await tx
          .update(leads)
          .set({
            lastActivityAt: now,
            firstReplyAt: lead.firstReplyAt ?? now,
            ...(lead.status === 'new' ? { status: 'replied' as const } : {}),
          })
          .where(eq(leads.id, lead.id));
        await auditAdminChange(tx, ctx, 'lead_reply_sent', `lead ${lead.id}`, leadSubject(lead.id));
        return event;
      });
      if (!row) throw notFound();
      return eventJson(row);
    }),

  /** A failed reply goes back in the queue, as a new first try. */
  retryReply: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/replies/:eventId/retry',
        status: 202,
        answer: { key: 'event' },
      },
    })
    .input(replyRetryInput)
    .output(outputs.retryReply)
    .mutation(async ({ ctx, input }) => {
      const result = await writeTransaction(ctx.db, async (tx) => {
        const event = await tx
          .select()
          .from(leadEvents)
          .where(
            and(
              eq(leadEvents.id, input.eventId),
              eq(leadEvents.leadId, input.id),
              eq(leadEvents.kind, 'reply_sent'),
            ),
          )
          .get();
        if (!event) return 'missing' as const;
        if (event.delivery !== 'failed') return 'not failed' as const;
        return tx
          .update(leadEvents)
          .set({
            delivery: 'sending',
            attempts: 0,
            nextAttemptAt: ctx.clock.now(),
            claimedAt: null,
            claimedBy: null,
            lastError: null,
          })
          .where(eq(leadEvents.id, event.id))
          .returning()
          .get();
      });
      if (result === 'missing' || result === undefined) throw notFound();
      if (result === 'not failed') {
        throw new TRPCError({ code: 'CONFLICT', message: LEAD_MESSAGES.notFailed });
      }
      return eventJson(result);
    }),
};
