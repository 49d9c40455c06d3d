/**
 * What became of a reply's mail (docs/leads.md, "Replies"). The outbox row about the reply's
 * event (ref `lead-event:<id>`, mail/outbox/mail-ref.ts) is the one record of it: the
 * event keeps no copy. A reply stored before replies went through the outbox has no such row
 * and keeps the `delivery` stored on its event (`sent` or `failed`; migration 0023 failed the
 * ones still waiting in the old queue).
 */
import { sql } from 'drizzle-orm';
import { leadEvents, outbox } from '#db/schema';
import { mailFate, outboxOf } from '#server/mail/outbox/mail-ref';
import type { Delivery } from '#shared/lead-pipeline';
import type { OutboxStatus } from '#shared/outbox';

/** The topic of a reply's outbox `ref`: the mail is about that lead event. */
export const REPLY_TOPIC = 'lead-event';

/** The join from lead events to the outbox row of each one's mail (`outbox_ref_idx`). */
export const replyOutbox = outboxOf(REPLY_TOPIC, leadEvents.id);

/** A reply's delivery from its outbox row's status, else (an older reply) the stored one. */
export function replyDelivery(
  stored: Delivery | null,
  mailStatus: OutboxStatus | null,
): Delivery | null {
  return mailStatus === null ? stored : mailFate(mailStatus);
}

/**
 * The same test in SQL, for reads that filter on it (lead-attention.ts): the lead event in
 * scope has not failed. Only `failed` is asked, which the outbox and the stored column spell
 * alike; `is not` keeps an entry with neither.
 */
export const replyNotFailed = sql`coalesce(
    (select ${outbox.status} from ${outbox} where ${replyOutbox} limit 1),
    ${leadEvents.delivery}) is not 'failed'`;
