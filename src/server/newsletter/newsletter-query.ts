/**
 * Newsletters as the admin API answers them: the row with its recipients counted live
 * (the progress index answers the counts without reading the rows).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletterRecipients, newsletters, type NewsletterRow } from '#db/schema';
import type { NewsletterStatus } from '#shared/newsletter';

export interface Newsletter {
  id: number;
  subject: string;
  body: string;
  status: NewsletterStatus;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** Recipients written when the send started (0 for a draft). */
  total: number;
  sent: number;
  failed: number;
}

export interface Progress {
  total: number;
  sent: number;
  failed: number;
}

const NO_RECIPIENTS: Progress = { total: 0, sent: 0, failed: 0 };

export function serializeNewsletter(row: NewsletterRow, progress: Progress): Newsletter {
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

/** Each listed newsletter's counts, in one grouped read. */
async function progressOf(db: Db, ids: number[]): Promise<Map<number, Progress>> {
  if (ids.length === 0) return new Map();
  const r = newsletterRecipients;
  const rows = await db
    .select({
      id: r.newsletterId,
      total: count(),
      sent: sql<number>`sum(${r.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`sum(${r.status} = 'failed')`.mapWith(Number),
    })
    .from(r)
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

/**
 * Marks the newsletter sent once none of its recipients is waiting or being sent. Runs in
 * the transaction that settled a recipient, so the last one to settle, on whichever
 * instance, is the one that finishes it.
 */
export async function finishIfDone(tx: Db, newsletterId: number, now: Date): Promise<boolean> {
  const r = newsletterRecipients;
  const open = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.newsletterId, newsletterId), inArray(r.status, ['queued', 'sending'])))
    .limit(1)
    .get();
  if (open) return false;
  const finished = await tx
    .update(newsletters)
    .set({ status: 'sent', sentAt: now })
    .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, 'sending')))
    .returning({ id: newsletters.id })
    .get();
  return finished !== undefined;
}
