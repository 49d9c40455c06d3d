/**
 * The recipients' rows handed over to the outbox (docs/newsletter.md, "Sending"). `send`
 * writes one `queued` row per confirmed address; the newsletters' job hands them to the
 * outbox a few at a time: in one write transaction it takes the next queued rows, writes each
 * one's own mail (its unsubscribe links) into the outbox (`ref` `recipient:<id>`) and marks the
 * rows `handed`. From then on the outbox sends, retries and fails the mail at the one bulk
 * pace, and the recipient's fate is its mail's (recipient-mail.ts). A row whose address is no
 * longer confirmed when its turn comes is `skipped`; a suppressed address is the outbox's to
 * skip, as for every bulk mail (docs/mail.md, "Suppression").
 */
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { newsletterRecipients, newsletters, outbox, subscribers } from '#db/schema';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { newsletterMail, unsubscribeLinks } from './compose';
import { recipientRef } from './recipient-mail';
import { tokenHash } from './tokens';

const r = newsletterRecipients;

/**
 * At most this many newsletter mails wait in the outbox for their first try (or are in a
 * sender's hands) at any time, whatever the number of recipients: the outbox never holds
 * 10,000 full copies, and a window of 20 is 10 seconds of mail at the default 120 a minute,
 * far more than a sender needs between two hand-overs. A mail waiting for a retry after a
 * temporary failure was tried already and is not counted: a few greylisted addresses must not
 * stall the rest of the list.
 */
export const HANDOVER_WINDOW = 20;

/** Why a recipient was passed over (its row's `lastError`). */
export const NOT_CONFIRMED = 'no longer a confirmed subscriber';

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasQueuedRecipient(db: Db): Promise<boolean> {
  const row = await db.select({ id: r.id }).from(r).where(eq(r.status, 'queued')).limit(1).get();
  return row !== undefined;
}

/** Newsletter mails in the outbox not yet tried, or in a sender's hands (the window). */
export async function unsentMails(db: Db): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'newsletter'),
        or(eq(outbox.status, 'sending'), and(eq(outbox.status, 'queued'), eq(outbox.attempts, 0))),
      ),
    )
    .get();
  return row?.n ?? 0;
}

export interface HandOverOptions {
  now: Date;
  /** SESSION_SECRET: the unsubscribe tokens are derived from it (tokens.ts). */
  secret: string;
  /** The site's saved name and address (site/site-brand.ts) and REPLY_TO, read per batch. */
  site: { name: string; url: string; replyTo: string };
}

/**
 * Hands the next queued recipients, as many as the window has room for, to the outbox in one
 * write transaction: two instances handing at once are one after the other, so the window
 * holds and no row is handed twice. Answers how many rows were handed and skipped.
 */
export function handOver(
  db: Db,
  opts: HandOverOptions,
): Promise<{ handed: number; skipped: number }> {
  const { now, secret, site } = opts;
  return writeTransaction(db, async (tx) => {
    const room = HANDOVER_WINDOW - (await unsentMails(tx));
    if (room <= 0) return { handed: 0, skipped: 0 };
    const rows = await tx
      .select({
        id: r.id,
        email: r.email,
        subscriberId: subscribers.id,
        subscriberStatus: subscribers.status,
        tokenHash: subscribers.unsubscribeTokenHash,
        subject: newsletters.subject,
        body: newsletters.body,
      })
      .from(r)
      .innerJoin(newsletters, eq(newsletters.id, r.newsletterId))
      .leftJoin(subscribers, eq(subscribers.id, r.subscriberId))
      .where(eq(r.status, 'queued'))
      .orderBy(asc(r.id))
      .limit(room)
      .all();
    const skipped = rows.filter((row) => row.subscriberStatus !== 'confirmed');
    if (skipped.length > 0) {
      const ids = skipped.map((row) => row.id);
      await tx
        .update(r)
        .set({ status: 'skipped', lastError: NOT_CONFIRMED })
        .where(inArray(r.id, ids));
    }
    let handed = 0;
    for (const row of rows) {
      if (row.subscriberStatus !== 'confirmed' || row.subscriberId === null) continue;
      const links = unsubscribeLinks(site.url, secret, row.email);
      // The mail carries the token of the current SESSION_SECRET: its hash must be the one
      // stored (docs/decisions/0026), also for an address from before double opt-in.
      const hash = tokenHash(links.token);
      if (row.tokenHash !== hash) {
        await tx
          .update(subscribers)
          .set({ unsubscribeTokenHash: hash })
          .where(eq(subscribers.id, row.subscriberId));
      }
      await tx.update(r).set({ status: 'handed' }).where(eq(r.id, row.id));
      const message = newsletterMail(row.email, row, links, site);
      await queueMail(tx, { kind: 'newsletter', message, ref: recipientRef(row.id) }, now);
      handed++;
    }
    return { handed, skipped: skipped.length };
  });
}

export const INTERRUPTED_ERROR = 'interrupted while sending (the sender stopped): not sent again';

/**
 * Recipients still `sending` were claimed by a sender from before the outbox took the
 * newsletters over (nothing marks a recipient `sending` any more): whether their mail went is
 * unknown, so they are failed, never sent again on their own (retry is the administrator's).
 * Answers how many.
 */
export async function failLeftSending(db: Db): Promise<number> {
  const left = await db.select({ id: r.id }).from(r).where(eq(r.status, 'sending')).limit(1).get();
  if (!left) return 0;
  return writeTransaction(db, async (tx) => {
    const failed = await tx
      .update(r)
      .set({ status: 'failed', lastError: INTERRUPTED_ERROR })
      .where(eq(r.status, 'sending'))
      .returning({ id: r.id })
      .all();
    return failed.length;
  });
}
