/**
 * A client's message from their engagement page (docs/engagements.md, "The thread"): the
 * handler of POST /api/e/:token/messages `{ text }` once the link's token was resolved to its
 * engagement. The message becomes an answer on the lead (leads/answers/store-answer.ts, the
 * path an answer by mail takes): unread, counted in the lead's attention, shown on the lead's
 * timeline as written on the engagement page, and in the engagement's thread. The owner's
 * notice is decided in the same transaction (thread-notice.ts).
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { engagements } from '#db/schema';
import {
  clientMessageInput,
  THREAD_MESSAGES,
  type ClientMessageInput,
} from '#shared/engagements/thread';
import type { ThreadMessage } from '#shared/shapes/engagements';
import type { AppDeps } from '#server/http/trpc';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import { take } from '#server/platform/throttle';
import { storeAnswer } from '#server/leads/answers/store-answer';
import type { EngagementRef } from '../engagement-ref';
import { queueThreadNotice } from './thread-notice';
import { THREAD_CLIENT_MESSAGES } from './throttle-rules';

export type ThreadDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mailer'>;

const closed = () => new TRPCError({ code: 'CONFLICT', message: THREAD_MESSAGES.closed });

/**
 * Stores the client's message on `engagement` and answers it as the thread shows it. 400 for
 * an empty or too long text (nothing stored), 409 when the engagement is closed (read-only):
 * its status is read again in the transaction, so a message racing the owner's "Close" is
 * refused once the close committed.
 */
export async function postClientMessage(
  ctx: ThreadDeps,
  engagement: EngagementRef,
  input: ClientMessageInput,
): Promise<ThreadMessage> {
  const parsed = z.safeParse(clientMessageInput, input);
  if (!parsed.success) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: parsed.error.issues[0]?.message ?? THREAD_MESSAGES.messageRequired,
      cause: parsed.error,
    });
  }
  if (engagement.status !== 'active') throw closed();
  const { text } = parsed.data;
  // What the owner's notice names of the site, read before the write lock is taken.
  const notice = { config: ctx.config, site: await mailSite(ctx) };
  const stored = await writeTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    // Counted in the write that stores it, so messages sent at once never get past the limit;
    // a message refused below rolls back and takes no place.
    const bucket = `${THREAD_CLIENT_MESSAGES.kind}:engagement:${engagement.id}`;
    await take(tx, { bucket, rule: THREAD_CLIENT_MESSAGES }, now);
    const current = await tx
      .select({ status: engagements.status, title: engagements.title })
      .from(engagements)
      .where(eq(engagements.id, engagement.id))
      .get();
    if (current?.status !== 'active') throw closed();
    const answer = await storeAnswer(tx, {
      leadId: engagement.leadId,
      at: now,
      actor: null,
      text,
      engagementId: engagement.id,
    });
    // Without a Message-ID an answer is never a duplicate: it is always stored.
    if (!answer) throw new Error('the message was not stored');
    const noticed = { ...engagement, leadName: answer.leadName, title: current.title };
    const queued = await queueThreadNotice(tx, notice, noticed, now);
    return { id: answer.eventId, at: now, queued };
  });
  // After the commit, never awaited: the client's answer does not wait for SMTP.
  if (stored.queued) void mailQueued(ctx);
  return { id: stored.id, from: 'client', text, at: stored.at.toISOString() };
}
