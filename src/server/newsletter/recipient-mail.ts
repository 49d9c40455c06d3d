/**
 * A newsletter recipient's mail in the outbox (docs/newsletter.md, "Sending"): handed over, a
 * recipient (`status` `handed`) has one outbox row, `ref` `recipient:<id>`, and that row's
 * status is the recipient's fate (`mailFate`, mail/outbox/mail-ref.ts). Rows settled before
 * the outbox took over keep their own status. This file is the one place that joins the two.
 */
import { and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletterRecipients, outbox, subscribers } from '#db/schema';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { SUPPRESSED_ERROR } from '#server/mail/outbox/outbox-queue';

const r = newsletterRecipients;
const o = outbox;

const TOPIC = 'recipient';

/** A handed recipient's outbox row refused as suppressed: skipped, neither sent nor failed. */
const suppressedMail = sql`coalesce(${o.lastError}, '') = ${SUPPRESSED_ERROR}`;

/** The `ref` of a recipient's mail. */
export const recipientRef = (id: number) => mailRef(TOPIC, id);

/** From the outbox side: the recipient its row is about (by primary key, so cheap per row). */
export const recipientOfMail = and(
  like(o.ref, `${TOPIC}:%`),
  eq(r.id, sql`cast(substr(${o.ref}, ${TOPIC.length + 2}) as integer)`),
) as SQL;

/** The refs of the recipients of the subscribers `which` selects (one per newsletter). */
function refsOf(db: Db, which: SQL) {
  return db
    .select({ ref: sql<string>`${TOPIC} || ':' || ${r.id}` })
    .from(r)
    .where(
      inArray(r.subscriberId, db.select({ id: subscribers.id }).from(subscribers).where(which)),
    );
}

/**
 * For an unsubscribe, a removal or an erasure, before the subscriber row changes: their
 * newsletter mails still waiting in the outbox are taken back and their recipients `skipped`,
 * as a recipient not yet handed over is at its turn. Two statements, for a transaction or a
 * batch; a mail already in a sender's hands goes.
 */
export function dropQueuedNewsletterMail(db: Db, which: SQL, reason: string) {
  const queuedRow = sql`(select 1 from ${o} where ${o.status} = 'queued' and ${o.ref} = ${TOPIC} || ':' || ${r.id})`;
  return [
    db
      .update(r)
      .set({ status: 'skipped', lastError: reason })
      .where(
        and(
          eq(r.status, 'handed'),
          inArray(r.subscriberId, db.select({ id: subscribers.id }).from(subscribers).where(which)),
          sql`exists ${queuedRow}`,
        ),
      ),
    db.delete(o).where(and(eq(o.status, 'queued'), inArray(o.ref, refsOf(db, which)))),
  ] as const;
}

/**
 * For a removal or an erasure: the sent and failed mails of the subscribers `which` selects
 * keep their place in the counts, not the address nor an SMTP reply that may quote it.
 */
export function forgetNewsletterMail(db: Db, which: SQL) {
  // "suppressed" quotes nobody, and is what keeps the mail out of the failed count.
  const lastError = sql`case when ${suppressedMail} then ${SUPPRESSED_ERROR} else null end`;
  return db
    .update(o)
    .set({ toEmail: '', lastError })
    .where(and(inArray(o.status, ['sent', 'failed']), inArray(o.ref, refsOf(db, which))));
}

/**
 * The counts' SQL over recipients left-joined to their mail (`outboxOf('recipient', r.id)`):
 * a handed recipient counts as its mail's fate, any other as its own status.
 */
export const recipientSent = sql<number>`sum(case when ${r.status} = 'handed' then coalesce(${o.status} = 'sent', 0) else ${r.status} = 'sent' end)`;
export const recipientFailed = sql<number>`sum(case when ${r.status} = 'handed' then coalesce(${o.status} = 'failed' and not ${suppressedMail}, 0) else ${r.status} = 'failed' end)`;

/** Whether the newsletter has a mail waiting or in a sender's hands; a read. */
export async function hasOpenMail(db: Db, newsletterId: number): Promise<boolean> {
  const row = await db
    .select({ id: o.id })
    .from(o)
    .innerJoin(r, recipientOfMail)
    .where(
      and(
        inArray(o.status, ['queued', 'sending']),
        eq(o.kind, 'newsletter'),
        eq(r.newsletterId, newsletterId),
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * The newsletter's Retry (docs/newsletter.md): its failed recipients, a handed one whose mail
 * failed (not one skipped as suppressed) included, go back to `queued`, tries afresh, to be
 * handed over again with a new mail; their failed rows are deleted, so a recipient keeps one
 * mail row and the counts one fate. Answers how many. Inside the caller's write transaction.
 */
export async function requeueFailed(tx: Db, newsletterId: number, now: Date): Promise<number> {
  const mailFailed = sql`exists (select 1 from ${o} where ${o.ref} = ${TOPIC} || ':' || ${r.id} and ${o.status} = 'failed' and not ${suppressedMail})`;
  const requeued = await tx
    .update(r)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      claimedAt: null,
      claimedBy: null,
      lastError: null,
    })
    .where(
      and(
        eq(r.newsletterId, newsletterId),
        or(eq(r.status, 'failed'), and(eq(r.status, 'handed'), mailFailed)),
      ),
    )
    .returning({ id: r.id })
    .all();
  const queuedRefs = tx
    .select({ ref: sql<string>`${TOPIC} || ':' || ${r.id}` })
    .from(r)
    .where(and(eq(r.newsletterId, newsletterId), eq(r.status, 'queued')));
  await tx.delete(o).where(and(eq(o.status, 'failed'), inArray(o.ref, queuedRefs)));
  return requeued.length;
}
