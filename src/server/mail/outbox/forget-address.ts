/**
 * A person erased (leads/person-data.ts): the outbox forgets their address inside the
 * erasure's transaction (docs/mail.md, "How long mail is kept"). Mail still waiting to them is
 * deleted, so nothing goes to a person who asked to be forgotten; a row already settled keeps
 * its status (a newsletter's counts read it) but loses the address and the text. A row in a
 * sender's hands settles as it goes. Their delivery reports go too; the suppression entry, if
 * any, stays, so that no bulk mail ever reaches them again (docs/leads.md, "Erase").
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { deliveryReports, outbox } from '#db/schema';
import { TEXT_DROPPED } from './outbox-prune';

export async function forgetAddress(tx: Db, email: string): Promise<void> {
  const theirs = sql`lower(${outbox.toEmail}) = lower(${email})`;
  await tx
    .delete(outbox)
    .where(and(theirs, eq(outbox.status, 'queued')))
    .run();
  await tx
    .update(outbox)
    .set({ toEmail: '', message: TEXT_DROPPED, lastError: null })
    .where(and(theirs, inArray(outbox.status, ['sent', 'failed'])))
    .run();
  await tx.delete(deliveryReports).where(eq(deliveryReports.email, email.toLowerCase())).run();
}
