/**
 * Replying to a lead from the admin (docs/leads.md, "Replies"): the reply is stored, with its
 * threading ids, and its mail written into the outbox in the same transaction (queue-reply.ts);
 * the outbox's sender mails it after the answer. The first reply moves a `new` lead to
 * `replied`.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leadEvents, leads, outbox } from '#db/schema';
import { LEAD_MESSAGES, leadReplyInput, replyRetryInput } from '#shared/lead-pipeline';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { retryMail } from '#server/mail/outbox/retry-mail';
import { eventJson } from '../lead-json';
import { REPLY_TOPIC, replyDelivery, replyOutbox } from '../reply-fate';
import { dismissLeadDraft } from '../drafts/drafts';
import { defaultSubject } from '../drafts/default-subject';
import { queueReply, replySite } from './queue-reply';
import { activeEngagementOf } from './reply-engagement';
import { storedReply } from './reply-mail';
import { outputs } from '#shared/shapes/lead-replies';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });
const notFailed = () => new TRPCError({ code: 'CONFLICT', message: LEAD_MESSAGES.notFailed });

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
        body: { fields: ['text', 'subject', 'draftId'] },
        answer: { key: 'event' },
      },
    })
    .input(leadReplyInput)
    .output(outputs.reply)
    .mutation(async ({ ctx, input }) => {
      const site = await replySite(ctx);
      const host = new URL(site.url).hostname;
      const row = await writeTransaction(ctx.db, async (tx) => {
        const lead = await tx.select().from(leads).where(eq(leads.id, input.id)).get();
        if (!lead) return undefined;
        const now = ctx.clock.now();
        const reply = {
          toEmail: lead.email,
          subject: input.subject ?? (await defaultSubject(tx, lead.id)),
          text: input.text,
          mailId: `${randomUUID()}@${host}`,
          ...(await threadOf(tx, lead.id)),
        };
        // Its delivery is its mail's, in the outbox (../reply-fate.ts): none is stored here.
        const event = await tx
          .insert(leadEvents)
          .values({
            leadId: lead.id,
            at: now,
            kind: 'reply_sent',
            actor: ctx.user.username,
            // Shown in the engagement's thread on the client's page too, mailed all the same.
            engagementId: await activeEngagementOf(tx, lead.id),
            ...reply,
          })
          .returning()
          .get();
        await queueReply(tx, event.id, reply, site, now);
        // A draft sent is done with (docs/leads.md, "Drafts"): it is not offered again.
        if (input.draftId !== undefined) await dismissLeadDraft(tx, lead.id, input.draftId);
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
      // Never awaited: the answer does not wait for SMTP (a process with no sender sends it
      // from here, in the background).
      void mailQueued(ctx);
      return eventJson(row, null, 'queued');
    }),

  /**
   * A failed reply's mail goes back in the outbox (mail/outbox/retry-mail.ts), due now. A
   * reply stored before replies went through the outbox has no row there: its mail is written
   * now, from the reply as stored, once however many retries race.
   */
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
      const found = await ctx.db
        .select({ event: leadEvents, mailId: outbox.id, mailStatus: outbox.status })
        .from(leadEvents)
        .leftJoin(outbox, replyOutbox)
        .where(
          and(
            eq(leadEvents.id, input.eventId),
            eq(leadEvents.leadId, input.id),
            eq(leadEvents.kind, 'reply_sent'),
          ),
        )
        .get();
      if (!found) throw notFound();
      const { event, mailId, mailStatus } = found;
      if (replyDelivery(event.delivery, mailStatus) !== 'failed') throw notFailed();
      const now = ctx.clock.now();
      if (mailId !== null) {
        if ((await retryMail(ctx.db, mailId, now)) !== 'queued') throw notFailed();
      } else {
        const reply = storedReply(event);
        if (!reply) throw notFound();
        const site = await replySite(ctx);
        const queued = await writeTransaction(ctx.db, async (tx) => {
          const already = await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(eq(outbox.ref, mailRef(REPLY_TOPIC, event.id)))
            .get();
          if (already) return false;
          await queueReply(tx, event.id, reply, site, now);
          return true;
        });
        if (!queued) throw notFailed();
      }
      void mailQueued(ctx);
      return eventJson(event, null, 'queued');
    }),
};
