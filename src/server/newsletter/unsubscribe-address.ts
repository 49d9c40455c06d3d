/**
 * An address taken off the newsletter without its link (docs/mail.md, "Bounces and
 * complaints"): a reader who reported a mail as spam is unsubscribed as if they had used the
 * link, their welcome sequence stopped, inside the caller's write transaction.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { subscriberConfirmations, subscribers } from '#db/schema';
import { dropQueuedConfirmations } from './confirmation-mail';
import { dropQueuedNewsletterMail } from './recipient-mail';
import { NOT_CONFIRMED } from './recipient-queue';
import { stopSequence } from '#server/newsletter/sequence/sequence-exit';

/** Returns whether a subscription was ended now. */
export async function unsubscribeAddress(tx: Db, email: string, now: Date): Promise<boolean> {
  const byAddress = sql`lower(${subscribers.email}) = ${email.toLowerCase()}`;
  const ended = await tx
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where(and(byAddress, ne(subscribers.status, 'unsubscribed')))
    .returning({ id: subscribers.id })
    .all();
  await stopSequence(tx, 'unsubscribed', email).run();
  for (const { id } of ended) {
    await dropQueuedConfirmations(tx, eq(subscribers.id, id)).run();
    const newsletterMail = dropQueuedNewsletterMail(tx, eq(subscribers.id, id), NOT_CONFIRMED);
    for (const statement of newsletterMail) await statement.run();
    await tx
      .delete(subscriberConfirmations)
      .where(sql`${subscriberConfirmations.subscriberId} = ${id}`)
      .run();
  }
  return ended.length > 0;
}
