/**
 * Whether an address is one this site mails (docs/mail.md, "Bounces and complaints"): a lead
 * or a subscriber. A report naming anyone else is ignored and logged, so a stranger's made-up
 * bounce cannot fill the suppression list.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { leads, subscribers } from '#db/schema';

export async function isKnownAddress(db: Db, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const [lead, subscriber] = await Promise.all([
    db
      .select({ id: leads.id })
      .from(leads)
      .where(sql`lower(${leads.email}) = ${lower}`)
      .get(),
    db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = ${lower}`)
      .get(),
  ]);
  return lead !== undefined || subscriber !== undefined;
}
