/**
 * An answer from the owner's mailbox onto its lead's timeline (docs/leads.md, "Answers by
 * e-mail"): by its threading headers when they name a reply the product sent for a lead, else
 * by its sender being a lead. Kept once by its Message-ID (the unique `lead_events.mail_id`),
 * however many instances read it or how often; mail from anyone else is not stored.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leadEvents, leads } from '#db/schema';
import { cutQuotedHistory } from './quote';

export interface IncomingMail {
  /** Message-ID without angle brackets. */
  mailId: string;
  /** In-Reply-To and References, without brackets. */
  threadIds: string[];
  from: string | null;
  text: string;
}

export type Taken = 'stored' | 'duplicate' | 'ignored';

/** Angle-bracketed ids in a header's text, without their brackets. */
export function messageIds(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(' ') : (header ?? '');
  return [...text.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '').filter(Boolean);
}

async function leadOf(db: Db, mail: IncomingMail): Promise<number | null> {
  if (mail.threadIds.length > 0) {
    const threaded = await db
      .select({ leadId: leadEvents.leadId })
      .from(leadEvents)
      .where(and(eq(leadEvents.kind, 'reply_sent'), inArray(leadEvents.mailId, mail.threadIds)))
      .orderBy(sql`${leadEvents.id} desc`)
      .limit(1)
      .get();
    if (threaded) return threaded.leadId;
  }
  if (!mail.from) return null;
  const sender = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${mail.from})`)
    .get();
  return sender?.id ?? null;
}

export async function takeAnswer(db: Db, mail: IncomingMail, now: Date): Promise<Taken> {
  const leadId = await leadOf(db, mail);
  if (leadId === null) return 'ignored';
  return writeTransaction(db, async (tx) => {
    const stored = await tx
      .insert(leadEvents)
      .values({
        leadId,
        at: now,
        kind: 'reply_received',
        actor: mail.from,
        text: cutQuotedHistory(mail.text),
        mailId: mail.mailId,
      })
      .onConflictDoNothing()
      .returning({ id: leadEvents.id })
      .get();
    if (!stored) return 'duplicate';
    await tx.update(leads).set({ lastActivityAt: now }).where(eq(leads.id, leadId));
    return 'stored';
  });
}
