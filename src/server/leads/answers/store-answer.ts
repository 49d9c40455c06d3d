/**
 * An answer onto its lead's timeline, the one way it is written (docs/leads.md, "Answers by
 * e-mail"; docs/engagements.md, "The thread"): a `reply_received` entry, unread until an
 * administrator opens the lead, and the lead's last activity moved to it. An answer read from
 * the mailbox (capture.ts) and a client's message from their engagement page both come here,
 * so both count in the lead's unread answers and its attention alike.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { leadEvents, leads } from '#db/schema';

export interface AnswerToStore {
  leadId: number;
  at: Date;
  /** The address a mail came from; null for a message from the client's own page. */
  actor: string | null;
  text: string;
  /** A mail's Message-ID: an answer is kept once by it (lead_events_mail_idx). */
  mailId?: string | null;
  /** The engagement whose page it was written on (its thread shows it). */
  engagementId?: number | null;
}

export interface StoredAnswer {
  eventId: number;
  /** The lead's name, for the owner's notice. */
  leadName: string;
}

/**
 * Writes the answer inside the caller's write transaction; null when its Message-ID was
 * kept already (nothing is written then).
 */
export async function storeAnswer(tx: Db, answer: AnswerToStore): Promise<StoredAnswer | null> {
  const stored = await tx
    .insert(leadEvents)
    .values({
      leadId: answer.leadId,
      at: answer.at,
      kind: 'reply_received',
      actor: answer.actor,
      text: answer.text,
      mailId: answer.mailId ?? null,
      engagementId: answer.engagementId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: leadEvents.id })
    .get();
  if (!stored) return null;
  const lead = await tx
    .update(leads)
    .set({ lastActivityAt: answer.at })
    .where(eq(leads.id, answer.leadId))
    .returning({ name: leads.name })
    .get();
  return { eventId: stored.id, leadName: lead?.name ?? '' };
}
