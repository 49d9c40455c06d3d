/**
 * How every feature sends mail (docs/mail.md): it writes the mail into the outbox inside the
 * transaction that stores what the mail is about, so the mail exists exactly when that does,
 * and wakes this instance's sender after the commit. The sender (this folder) sends it.
 */
import type { Db } from '#db';
import { outbox } from '#db/schema';
import { BULK_KINDS, OUTBOX_PRIORITY, type OutboxKind } from '#shared/outbox';
import type { MailMessage } from '#server/platform/mail';
import { openText, sealText, type SealedFor } from './outbox-seal';

export interface OutgoingMail {
  kind: OutboxKind;
  message: MailMessage;
  /** What the mail is about, for the feature that follows its outcome ("lead-event:12"). */
  ref?: string;
  /** Not sent before this moment (a sequence step's day); now when absent. */
  notBefore?: Date;
}

/** The rest of the message, as the sender reads it back (outbox.message, sealed). */
export type StoredMessage = Omit<MailMessage, 'to' | 'subject'>;

/**
 * Writes one mail into the outbox, inside the caller's write transaction; returns its id. Its
 * text, headers and files are sealed (outbox-seal.ts): the links and codes in them are never
 * written to the database in clear.
 */
export async function queueMail(tx: Db, mail: OutgoingMail, now: Date): Promise<number> {
  const { to, subject, ...rest } = mail.message;
  const stored: StoredMessage = rest;
  const sealedFor = { kind: mail.kind, toEmail: to, subject };
  const row = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      priority: OUTBOX_PRIORITY[mail.kind],
      bulk: BULK_KINDS.has(mail.kind),
      toEmail: to,
      subject,
      message: sealText(tx, sealedFor, JSON.stringify(stored)),
      nextAttemptAt: mail.notBefore ?? now,
      ref: mail.ref ?? null,
      createdAt: now,
    })
    .returning({ id: outbox.id })
    .get();
  return row.id;
}

/**
 * A stored row's message, whole again; throws UnopenedMailError (outbox-seal.ts) when its
 * text does not open, and the row is then failed unsent.
 */
export function storedMessage(db: Db, row: SealedFor & { message: string }): MailMessage {
  const rest = JSON.parse(openText(db, row, row.message)) as StoredMessage;
  return { ...rest, to: row.toEmail, subject: row.subject };
}
