/**
 * A subscriber removed by the owner or erased with their lead (docs/leads.md, "A person's
 * data"): before their row goes, the mail still waiting for them in the outbox is taken back
 * (an owner's confirmation, a newsletter's mail: they get none), and the newsletters' mails
 * that went or failed keep their place in the counts, not the address.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { dropQueuedConfirmations } from './confirmation-mail';
import { dropQueuedNewsletterMail, forgetNewsletterMail } from './recipient-mail';
import { NOT_CONFIRMED } from './recipient-queue';

/** Inside the caller's write transaction; `which` selects the subscriber, still stored. */
export async function forgetSubscriberMail(tx: Db, which: SQL): Promise<void> {
  await dropQueuedConfirmations(tx, which).run();
  for (const statement of dropQueuedNewsletterMail(tx, which, NOT_CONFIRMED)) await statement.run();
  await forgetNewsletterMail(tx, which).run();
}
