/**
 * Newsletters as the admin API answers them: the row with its recipients counted live, each
 * handed-over recipient as its mail's fate in the outbox (recipient-mail.ts).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { newsletterRecipients, newsletters, outbox, type NewsletterRow } from '#db/schema';
import { outboxOf } from '#server/mail/outbox/mail-ref';
import type { Newsletter } from '#shared/shapes/newsletters';
import { hasOpenMail, recipientFailed, recipientSent } from './recipient-mail';

/** Its recipients counted live: the answer's own fields. */
export type CountedRecipients = Pick<Newsletter, 'total' | 'sent' | 'failed'>;

const NO_RECIPIENTS: CountedRecipients = { total: 0, sent: 0, failed: 0 };

export function serializeNewsletter(row: NewsletterRow, progress: CountedRecipients): Newsletter {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    ...progress,
  };
}

/**
 * Each listed newsletter's counts, in one grouped read: a recipient is sent or failed by its
 * own status, or once handed over by its mail's (`mailFate`: waiting or in hand counts as
 * neither; a mail the outbox skipped as suppressed neither). A mail retried from the Mail
 * screen is waiting again, then sent or failed: still one fate per recipient.
 */
async function progressOf(db: Db, ids: number[]): Promise<Map<number, CountedRecipients>> {
  if (ids.length === 0) return new Map();
  const r = newsletterRecipients;
  const rows = await db
    .select({
      id: r.newsletterId,
      total: count(),
      sent: recipientSent.mapWith(Number),
      failed: recipientFailed.mapWith(Number),
    })
    .from(r)
    .leftJoin(outbox, outboxOf('recipient', r.id))
    .where(inArray(r.newsletterId, ids))
    .groupBy(r.newsletterId)
    .all();
  return new Map(rows.map(({ id, ...progress }) => [id, progress]));
}

export async function withProgress(db: Db, rows: NewsletterRow[]): Promise<Newsletter[]> {
  const progress = await progressOf(
    db,
    rows.filter((row) => row.status !== 'draft').map((row) => row.id),
  );
  return rows.map((row) => serializeNewsletter(row, progress.get(row.id) ?? NO_RECIPIENTS));
}

/** Newest first: ids grow with creation, which no clock change can reorder. */
export async function listNewsletters(db: Db): Promise<Newsletter[]> {
  return withProgress(db, await db.select().from(newsletters).orderBy(desc(newsletters.id)).all());
}

export async function newsletterById(db: Db, id: number): Promise<Newsletter | null> {
  const row = await db.select().from(newsletters).where(eq(newsletters.id, id)).get();
  return row ? ((await withProgress(db, [row]))[0] ?? null) : null;
}

async function hasOpenRecipient(db: Db, newsletterId: number): Promise<boolean> {
  const r = newsletterRecipients;
  const open = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.newsletterId, newsletterId), inArray(r.status, ['queued', 'sending'])))
    .limit(1)
    .get();
  return open !== undefined;
}

/**
 * Marks the newsletter sent once no recipient is left to hand over and none of its mails
 * waits in the outbox or is in a sender's hands. Read first (an idle poll writes nothing),
 * then again inside the write, so a Retry pressed meanwhile is not finished away. Answers
 * whether this call finished it.
 */
export async function finishIfDone(db: Db, newsletterId: number, now: Date): Promise<boolean> {
  const open = async (from: Db) =>
    (await hasOpenRecipient(from, newsletterId)) || (await hasOpenMail(from, newsletterId));
  if (await open(db)) return false;
  return writeTransaction(db, async (tx) => {
    if (await open(tx)) return false;
    const finished = await tx
      .update(newsletters)
      .set({ status: 'sent', sentAt: now })
      .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, 'sending')))
      .returning({ id: newsletters.id })
      .get();
    return finished !== undefined;
  });
}
