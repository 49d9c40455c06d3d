/**
 * How a feature follows the mails it queued (docs/mail.md, "Following a mail"): the outbox row
 * carries `ref` = `<topic>:<id>` naming the feature's own row (a lead's reply event, a call's
 * reminder, a newsletter's recipient), and the feature reads the mail's fate by joining on it.
 * The outbox is the one record of what became of a mail: the feature keeps no copy of it, so
 * the Mail screen's Retry needs no word to any feature.
 */
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { outbox } from '#db/schema';
import type { OutboxStatus } from '#shared/outbox';

/** The `ref` of the mail about the feature's row `id` of `topic`. */
export function mailRef(topic: string, id: number): string {
  return `${topic}:${id}`;
}

/**
 * The join condition from a feature's rows (their id column) to the outbox row about each
 * (`leftJoin(outbox, outboxOf('lead-event', leadEvents.id))`); `outbox_ref_idx` answers it.
 */
export function outboxOf(topic: string, idColumn: AnyColumn): SQL {
  return eq(outbox.ref, sql<string>`${topic} || ':' || ${idColumn}`);
}

/** What a reader is told of a mail: waiting (queued or in a sender's hands), sent, failed. */
export type MailFate = 'sending' | 'sent' | 'failed';

export function mailFate(status: OutboxStatus): MailFate {
  return status === 'queued' || status === 'sending' ? 'sending' : status;
}
