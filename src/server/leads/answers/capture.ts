/**
 * An answer from the owner's mailbox onto its lead's timeline (docs/leads.md, "Answers by
 * e-mail"): by its threading headers when they name a reply the product sent for a lead, else
 * by its sender being a lead, unless the sender is one of the site's own addresses. Kept once
 * by its Message-ID (the unique `lead_events.mail_id`), however many instances read it or how
 * often, and at most 64 KB of it; mail from anyone else is not stored.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leadEvents, leads } from '#db/schema';
import { isOwnAddress, type OwnAddressConfig } from '../own-addresses';
import { claimAnswerNotice, type AnsweredLead } from './answer-notice';
import { cutQuotedHistory } from './quote';
import { storeAnswer } from './store-answer';
import type { IncomingMail } from '#server/mail/mailbox/incoming-mail';

/** The most of an answer's text kept, in UTF-8 bytes, the note of the cut included. */
export const MAX_ANSWER_BYTES = 65_536;
/** The last line of a text that was cut, so the owner knows the mail holds more. */
export const ANSWER_CUT_NOTE = '[… cut: the answer was longer than 64 KB]';

/**
 * The text as kept: whole when it fits, else its first bytes up to a character's start and
 * the note, MAX_ANSWER_BYTES in all (a 3 MB answer is not stored whole).
 */
export function keptAnswerText(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_ANSWER_BYTES) return text;
  let end = MAX_ANSWER_BYTES - Buffer.byteLength(`\n\n${ANSWER_CUT_NOTE}`);
  // Never inside a character: back to the first byte of the one that would be split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return `${bytes.subarray(0, end).toString('utf8')}\n\n${ANSWER_CUT_NOTE}`;
}

export type CaptureOutcome = 'stored' | 'duplicate' | 'ignored';

async function leadOf(
  db: Db,
  config: OwnAddressConfig,
  mail: IncomingMail,
): Promise<number | null> {
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
  if (!mail.from || (await isOwnAddress(db, config, mail.from))) return null;
  const sender = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${mail.from})`)
    .get();
  return sender?.id ?? null;
}

export async function takeAnswer(
  deps: {
    db: Db;
    config: OwnAddressConfig;
    /** Tells the owner, at most once per lead an hour (answer-notice.ts); absent: never. */
    notice?: (lead: AnsweredLead) => void;
  },
  mail: IncomingMail,
  now: Date,
): Promise<CaptureOutcome> {
  const { db } = deps;
  const leadId = await leadOf(db, deps.config, mail);
  if (leadId === null) return 'ignored';
  let noticeOf: AnsweredLead | null = null;
  const taken = await writeTransaction(db, async (tx): Promise<CaptureOutcome> => {
    const stored = await storeAnswer(tx, {
      leadId,
      at: now,
      actor: mail.from,
      text: keptAnswerText(cutQuotedHistory(mail.text)),
      mailId: mail.mailId,
    });
    if (!stored) return 'duplicate';
    if (deps.notice && (await claimAnswerNotice(tx, leadId, now))) {
      noticeOf = { id: leadId, name: stored.leadName, at: now };
    }
    return 'stored';
  });
  // After the commit: a notice never names an answer that was not kept.
  if (noticeOf) deps.notice?.(noticeOf);
  return taken;
}
